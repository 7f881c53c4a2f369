import { proxy } from 'valtio';
import { pushToast } from '../../../lib/toast-queue.ts';
import { postCheckUsageSession } from '../api/post-check-usage-session.ts';
import { postStartSession, postStopSession, type SessionStart } from '../api/post-session-log.ts';

// Usage sessions (spec 3 sections 2 and 4): a caregiver starts a session with participants,
// activities and the outdoors flag, and stops it. After each, and every 60 s, the server is
// asked whether a session is active; its answer is what the buttons show.

export const sessionCheckIntervalMs = 60_000;

export const usageSession = proxy({
  active: false,
  startTime: null as string | null,
  residentIds: [] as number[],
  activityIds: [] as number[],
  outdoors: false,
  busy: false,
  failed: null as string | null,
});

let admin = false;

/** Admin-flag sessions skip session checks (spec 3 section 6). */
export function setSessionAdmin(value: boolean): void {
  admin = value;
}

export async function checkUsageSession(): Promise<void> {
  if (admin) return;
  try {
    const answer = await postCheckUsageSession(new Date().toISOString());
    usageSession.active = answer.active;
    usageSession.startTime = answer.startTime;
    usageSession.residentIds = answer.residentIds;
    usageSession.activityIds = answer.activityIds;
    usageSession.outdoors = answer.outdoors;
  } catch (error) {
    // Background checks are only logged (spec 1 section 8); the last answer stays shown.
    console.warn('Session check failed', error);
  }
}

export async function startUsageSession(choice: Omit<SessionStart, 'time'>, startedText: string, failedText: string): Promise<boolean> {
  usageSession.busy = true;
  usageSession.failed = null;
  try {
    await postStartSession({ ...choice, time: new Date().toISOString() });
    pushToast(startedText);
    await checkUsageSession();
    return true;
  } catch (error) {
    console.warn('Session start failed', error);
    usageSession.failed = failedText;
    return false;
  } finally {
    usageSession.busy = false;
  }
}

/** The caller pauses the players first (spec 3 section 4). */
export async function stopUsageSession(stoppedText: string, failedText: string): Promise<boolean> {
  usageSession.busy = true;
  usageSession.failed = null;
  try {
    await postStopSession(new Date().toISOString());
    pushToast(stoppedText);
    usageSession.residentIds = [];
    usageSession.activityIds = [];
    usageSession.outdoors = false;
    await checkUsageSession();
    return true;
  } catch (error) {
    console.warn('Session stop failed', error);
    usageSession.failed = failedText;
    return false;
  } finally {
    usageSession.busy = false;
  }
}

/** Checks now and every 60 s; returns the function that stops it. */
export function startSessionChecks(): () => void {
  void checkUsageSession();
  const timer = setInterval(() => void checkUsageSession(), sessionCheckIntervalMs);
  return () => clearInterval(timer);
}
