import { z } from 'zod';
import { RemoveUserResult } from '../../../../schemas/api/user-admin.ts';
import type { Language } from '../../../../schemas/api/user.ts';
import { ResidentList } from '../../../../schemas/api/residents.ts';
import { apiRequest } from '../../../lib/api-client.ts';

// The typed requests of the user administration screen (spec 3 section 7: POST /api/requests/{type}).

export function removeUser(userId: number): Promise<RemoveUserResult> {
  return apiRequest('/api/requests/remove-user', { method: 'POST', body: { userId }, schema: RemoveUserResult });
}

/** send-login-token {userId}: a new login link by e-mail (the invitations' side of issue 17). */
export function sendLoginToken(userId: number): Promise<unknown> {
  return apiRequest('/api/requests/send-login-token', { method: 'POST', body: { userId }, schema: z.unknown() });
}

/** invite-user: the payload of spec 2 section 7 (language fin, eng or swe; fin by default). */
export interface InviteUser {
  firstName: string;
  lastName: string;
  email: string;
  defaultMessageRecipientName: string;
  residentId: number | null;
  language: Extract<Language, 'fin' | 'eng' | 'swe'>;
}

export function inviteUser(invite: InviteUser): Promise<unknown> {
  return apiRequest('/api/requests/invite-user', { method: 'POST', body: invite, schema: z.unknown() });
}

/** The active residents of the units the viewer administers (and their own): whom an invited relative belongs to. */
export function activeResidents(userIds: number[]): Promise<ResidentList> {
  return apiRequest('/api/get/residents', { method: 'POST', body: { active: true, userIds, limit: 1000 }, schema: ResidentList });
}
