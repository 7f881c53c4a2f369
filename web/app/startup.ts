import { loadUser, login, loginWithToken, session } from '../features/auth/stores/session-store.ts';
import { openResetLink } from '../features/auth/stores/login-screen-store.ts';
import { loginWithReportToken } from '../features/public-report/stores/public-report-store.ts';
import { setBearerToken } from '../lib/api-client.ts';

// Spec 1 section 4: query parameters at start-up. username and password log in; jwtToken is kept
// as the web token; time is passed when loading the user. The credentials leave the address bar.
let started = false;

export async function runStartup(): Promise<void> {
  // React's strict mode runs effects twice in development; start-up must happen once.
  if (started) return;
  started = true;
  const params = new URLSearchParams(location.search);
  const jwtToken = params.get('jwtToken');
  if (jwtToken) setBearerToken(jwtToken);
  const username = params.get('username');
  const password = params.get('password');
  if (params.size > 0) history.replaceState(null, '', location.pathname + location.hash);
  // adminUsername: the admin-password login (spec 1 section 4): an administrator's own password, into the unit `username`.
  if (username && password) return login(username, password, params.get('adminUsername') ?? undefined);
  // Spec 1 section 4: token logs in with the mailed login link.
  const token = params.get('token');
  if (token) return loginWithToken(token);
  // The reset mail's link: the login screen's reset-password mode with the name and code filled in.
  const resetUser = params.get('resetUser');
  const resetCode = params.get('resetCode');
  if (resetUser && resetCode) openResetLink(resetUser, resetCode);
  const rtoken = params.get('rtoken');
  // Spec 3 section 2: rtoken logs in to the public report; a refused token leaves the login screen.
  if (rtoken && !(await loginWithReportToken(rtoken))) session.loginFailed = true;
  return loadUser({ time: params.get('time') ?? undefined });
}
