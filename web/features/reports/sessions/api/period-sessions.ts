import type { UsageSessions } from '../../../../../schemas/api/usage-report.ts';
import { getUsageSessions } from './get-usage-sessions.ts';

/**
 * The period's sessions, short ones and those without an end included: one answer serves the
 * session list (which filters it by the short-sessions toggle, so a toggle asks for nothing) and
 * every resident choice of the report. Sections that open together share the request in flight;
 * a month's answer is some 450 KB before compression, too much to ask for twice on a slow line.
 */
const inFlight = new Map<string, Promise<UsageSessions>>();

export function loadPeriodSessions(userId: number, firstDay: string, lastDay: string): Promise<UsageSessions> {
  const key = `${userId}/${firstDay}/${lastDay}`;
  let answer = inFlight.get(key);
  if (!answer) {
    answer = getUsageSessions({ userId, firstDay, lastDay, showShortSessions: true });
    inFlight.set(key, answer);
    const settled = () => inFlight.delete(key);
    answer.then(settled, settled);
  }
  return answer;
}

type Session = UsageSessions['sessions'][number];
/** What the server lists without showShortSessions: sessions that count (not short, with an end). */
export const isCountedSession = (session: Session): session is Session & { duration: number } => !session.short && session.duration !== null;
