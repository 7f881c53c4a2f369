import { loginRoute } from '../../commands/auth/login.ts';
import { logoutRoute } from '../../commands/auth/logout.ts';
import { putSettingRoute } from '../../commands/settings/put-setting.ts';
import { getProjectionStatusRoute } from '../../queries/admin/get-projection-status.ts';
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
];

export function registerRoutes(app: App): void {
  for (const register of routeModules) register(app);
}
