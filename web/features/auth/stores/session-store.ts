import { proxy, ref } from 'valtio';
import type { LoginResult } from '../../../../schemas/api/auth.ts';
import type { CurrentUser, Language } from '../../../../schemas/api/user.ts';
import { ApiError, setBearerToken } from '../../../lib/api-client.ts';
import { dropEarlyRequests } from '../../../lib/early-request.ts';
import { languageState, setLanguage } from '../../../lib/i18n/i18n.ts';
import { setIframeHosts } from '../../../lib/iframe-hosts.ts';
import { hideAllModals } from '../../../lib/modal-stack.ts';
import { withLoading } from '../../../lib/loading.ts';
import { getCurrentUser } from '../api/get-current-user.ts';
import { postLogin } from '../api/post-login.ts';
import { postLogout } from '../api/post-logout.ts';
import { postFirstPassword } from '../api/password-reset.ts';
import { postTokenLogin } from '../api/post-token-login.ts';
import { contractAlertOf, type ContractAlert } from '../contract-alert.ts';

type Status = 'checking' | 'loggedOut' | 'loggedIn';

export const session = proxy<{
  status: Status;
  user: CurrentUser | null;
  loginFailed: boolean;
  /** Minutes until a locked-out login may try again (429 TooManyRequests); null when not locked out. */
  lockedOutMinutes: number | null;
  contractAlert: ContractAlert | null;
  /** Logged in by an invitation's link to an account without a password: choose one first. */
  needsPassword: boolean;
}>({ status: 'checking', user: null, loginFailed: false, lockedOutMinutes: null, contractAlert: null, needsPassword: false });

// Each language's texts load when first used (web/lib/i18n/i18n.ts): the screen after a login is
// shown only once the user's language is there, the login screen once the current one is.
async function signedIn(user: CurrentUser): Promise<void> {
  await switchLanguage(user.uiParams.language ?? user.config.language);
  setIframeHosts(user.iframeHosts);
  session.user = ref(user);
  session.status = 'loggedIn';
  session.loginFailed = false;
}

/** Texts that failed to load leave the keys (English) on screen, never no screen or a lost login. */
function switchLanguage(language: Language): Promise<void> {
  return setLanguage(language).catch((error: unknown) => console.warn('Loading the texts failed', error));
}

/** The login screen in the current language. */
const currentLanguageLoaded = () => switchLanguage(languageState.language);

async function signedOut(): Promise<void> {
  dropEarlyRequests();
  await currentLanguageLoaded();
  session.user = null;
  setIframeHosts([]);
  session.needsPassword = false;
  session.status = 'loggedOut';
  hideAllModals();
}

/** A contract outside its period blocks the user: show the alert, then log out (spec 1 section 4). */
async function blockedByContract(error: unknown): Promise<boolean> {
  if (!(error instanceof ApiError) || error.kind !== 'AccessDenied') return false;
  const alert = contractAlertOf(error.serverMessage);
  if (!alert) return false;
  session.contractAlert = alert;
  await postLogout().catch(() => undefined);
  setBearerToken(null);
  await signedOut();
  return true;
}

/** Loads the logged-in user at start; no session simply shows the login screen. */
export async function loadUser(query: { time?: string } = {}): Promise<void> {
  try {
    await signedIn(await withLoading(() => getCurrentUser(query)));
  } catch (error) {
    if (!(await blockedByContract(error))) await signedOut();
  }
}

/** With adminUsername: the admin-password login of an administrator (their own password) into the unit `username`. */
export function login(username: string, password: string, adminUsername?: string): Promise<void> {
  return signIn(() => postLogin({ username, password, ...(adminUsername ? { adminUsername } : {}) }));
}

/** The mailed login link's token (start-up parameter `token`); a spent or expired link shows 'Login failed'. */
export function loginWithToken(token: string): Promise<void> {
  // A bearer token wins over the cookie on the server: an older login must not shadow this one.
  setBearerToken(null);
  return signIn(() => postTokenLogin(token));
}

/** Too many failed logins: the server says for how long (retryAfterSeconds), rounded up to minutes. */
function lockedOutMinutesOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.kind !== 'TooManyRequests') return null;
  const seconds = (error.details as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
  return Math.max(1, Math.ceil((typeof seconds === 'number' ? seconds : 60) / 60));
}

async function signIn(post: () => Promise<LoginResult>): Promise<void> {
  // The first load's early answers (web/lib/early-request.ts) were asked for without this login.
  dropEarlyRequests();
  session.contractAlert = null;
  session.loginFailed = false;
  session.lockedOutMinutes = null;
  try {
    const result = await withLoading(post);
    if (result.jwt) setBearerToken(result.jwt);
    session.needsPassword = result.needsPassword === true;
    await signedIn(await withLoading(() => getCurrentUser()));
  } catch (error) {
    if (await blockedByContract(error)) return;
    session.user = null;
    session.lockedOutMinutes = lockedOutMinutesOf(error);
    session.loginFailed = session.lockedOutMinutes === null;
    await currentLanguageLoaded();
    session.status = 'loggedOut';
  }
}

/** The invited user chose a password (POST /api/first-password): on to the app. */
export async function setFirstPassword(password: string): Promise<boolean> {
  try {
    await withLoading(() => postFirstPassword(password));
    session.needsPassword = false;
    return true;
  } catch {
    return false;
  }
}

/** Logs out; on failure the user is reloaded (spec 1 section 7). */
export async function logout(): Promise<void> {
  try {
    await withLoading(() => postLogout());
    setBearerToken(null);
    await signedOut();
  } catch {
    await loadUser();
  }
}
