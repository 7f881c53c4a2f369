import { loadUser, login } from '../features/auth/stores/session-store.ts';
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
  if (username && password) return login(username, password);
  return loadUser({ time: params.get('time') ?? undefined });
}
