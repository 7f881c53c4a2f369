import type { Language } from '../../../../schemas/api/user.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** invite-user: the payload of spec 2 section 7 (language fin, eng or swe; fin by default). */
export interface InviteUser {
  firstName: string;
  lastName: string;
  email: string;
  defaultMessageRecipientName: string;
  residentId: number | null;
  language: Extract<Language, 'fin' | 'eng' | 'swe'>;
}

/** The invite-user typed request: creates the user and mails the one-time login link. */
export function inviteUser(invite: InviteUser): Promise<unknown> {
  return apiRequest<unknown>('/api/requests/invite-user', { method: 'POST', body: invite });
}
