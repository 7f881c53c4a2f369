import { z } from 'zod';
import type { PutSettingRequest } from '../../../../schemas/api/settings.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function putSetting(request: PutSettingRequest): Promise<unknown> {
  return apiRequest('/api/settings', { method: 'PUT', body: request, schema: z.unknown() });
}
