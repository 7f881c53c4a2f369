import type { PublicReportTokenLoginResult } from '../../../../schemas/api/public-usage.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function postPublicReportTokenLogin(token: string) {
  return apiRequest<PublicReportTokenLoginResult>('/api/publicReportTokenLogin', { method: 'POST', body: { token } });
}
