import { setBearerToken } from '../../../lib/api-client.ts';
import { postPublicReportTokenLogin } from '../api/post-public-report-token-login.ts';

// The rtoken login answers whose report the visitor may read (the unit itself or its
// publicReportUserId); GET /api/ does not carry it, so it is kept for the browser tab.
const storageKey = 'sointu.publicReportUserId';

export function publicReportUserId(fallback: number): number {
  const stored = Number(sessionStorage.getItem(storageKey));
  return Number.isInteger(stored) && stored > 0 ? stored : fallback;
}

/** Logs in with the public report link's token; false when the token is refused. */
export async function loginWithReportToken(token: string): Promise<boolean> {
  // A bearer token wins over the cookie on the server: an older login must not shadow this one.
  setBearerToken(null);
  try {
    const result = await postPublicReportTokenLogin(token);
    sessionStorage.setItem(storageKey, String(result.publicReportUserId));
    return true;
  } catch (error) {
    console.warn('Public report token login failed', error);
    sessionStorage.removeItem(storageKey);
    return false;
  }
}
