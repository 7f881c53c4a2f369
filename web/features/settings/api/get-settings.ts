import type { Settings } from '../../../../schemas/api/settings.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function getSettings(): Promise<Settings> {
  return apiRequest<Settings>('/api/settings');
}
