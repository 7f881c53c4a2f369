import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

export function postLogout(): Promise<unknown> {
  return apiRequest('/api/logout', { method: 'POST', schema: z.unknown() });
}
