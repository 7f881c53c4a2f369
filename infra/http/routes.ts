import { loginRoute } from '../../commands/auth/login.ts';
import { logoutRoute } from '../../commands/auth/logout.ts';
import { publicReportTokenLoginRoute } from '../../commands/auth/public-report-token-login.ts';
import { postEvaluationRoute } from '../../commands/evaluations/post-evaluation.ts';
import { putEvaluationRoute } from '../../commands/evaluations/put-evaluation.ts';
import { postTypedRequestRoute } from '../../commands/requests/post-typed-request.ts';
import { putSettingRoute } from '../../commands/settings/put-setting.ts';
import { postUsageLogRoute } from '../../commands/usage/post-usage-log.ts';
import { getEvaluationsRoute } from '../../queries/evaluations/get-evaluations.ts';
import { runWarehouseSqlRoute } from '../../queries/admin/run-warehouse-sql.ts';
import { getProjectionStatusRoute } from '../../queries/admin/get-projection-status.ts';
import { getAdminUsageRoute } from '../../queries/usage/get-admin-usage.ts';
import { getPublicUsageRoute } from '../../queries/usage/get-public-usage.ts';
import { getResidentUsageRoute } from '../../queries/usage/get-resident-usage.ts';
import { getUsageDetailsXlsxRoute } from '../../queries/usage/get-usage-details-xlsx.ts';
import { getUsageXlsxRoute } from '../../queries/usage/get-usage-xlsx.ts';
import { getUsageSessionsRoute } from '../../queries/usage/get-usage-sessions.ts';
import { getUsageTotalsRoute } from '../../queries/usage/get-usage-totals.ts';
import { dropOldWarehouseVersionsRoute } from '../../commands/usage-rules/drop-old-warehouse-versions.ts';
import { getUsageRulesRoute } from '../../commands/usage-rules/get-usage-rules.ts';
import { putUsageRulesRoute } from '../../commands/usage-rules/put-usage-rules.ts';
import { startRebuildRoute } from '../../commands/usage-rules/start-rebuild.ts';
import { switchWarehouseVersionRoute } from '../../commands/usage-rules/switch-warehouse-version.ts';
import { getRebuildStatusRoute } from '../../queries/admin/get-rebuild-status.ts';
import { getSettingsRoute } from '../../queries/settings/get-settings.ts';
import { pingRoute } from '../../queries/system/ping.ts';
import { getCurrentUserRoute } from '../../queries/user/get-current-user.ts';
import { liveChannelRoute } from './live-channel.ts';
import type { App, RouteModule } from './zod.ts';

// Every route module of the server, one line each. A new command or query adds its import and
// its entry here; nothing else needs to know about it.
export const routeModules: readonly RouteModule[] = [
  loginRoute,
  logoutRoute,
  getCurrentUserRoute,
  pingRoute,
  getSettingsRoute,
  putSettingRoute,
  liveChannelRoute,
  getProjectionStatusRoute,
  postUsageLogRoute,
  postTypedRequestRoute,
  getEvaluationsRoute,
  postEvaluationRoute,
  putEvaluationRoute,
  getUsageTotalsRoute,
  getAdminUsageRoute,
  getUsageSessionsRoute,
  getUsageRulesRoute,
  putUsageRulesRoute,
  startRebuildRoute,
  getRebuildStatusRoute,
  switchWarehouseVersionRoute,
  dropOldWarehouseVersionsRoute,
  publicReportTokenLoginRoute,
  getPublicUsageRoute,
  getResidentUsageRoute,
  getUsageXlsxRoute,
  getUsageDetailsXlsxRoute,
  runWarehouseSqlRoute,
];

export function registerRoutes(app: App): void {
  for (const register of routeModules) register(app);
}
