import type { UsageRulesResponse } from '../../../../schemas/api/rebuild.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/admin/usage-rules: the latest rules and the rules the serving version was built under. */
export function getUsageRules(): Promise<UsageRulesResponse> {
  return apiRequest<UsageRulesResponse>('/api/admin/usage-rules');
}
