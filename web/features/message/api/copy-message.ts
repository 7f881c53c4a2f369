import type { z } from 'zod';
import type { CopyMessageResult, CopyMessageRequest } from '../../../../schemas/api/messages.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The copy-message typed request (spec 2 section 7): answers the copy's id. */
export function copyMessage(request: z.input<typeof CopyMessageRequest>): Promise<CopyMessageResult> {
  return apiRequest<CopyMessageResult>('/api/requests/copy-message', { method: 'POST', body: request });
}
