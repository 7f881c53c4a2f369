import type { PutSettingRequest } from '../../../../schemas/api/settings.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function putSetting(request: PutSettingRequest): Promise<unknown> {
  return apiRequest<unknown>('/api/settings', { method: 'PUT', body: request });
}
