import type { UsageSessions } from '../../../../../schemas/api/usage-report.ts';
import { getUsageSessions } from './get-usage-sessions.ts';

export interface ResidentOption {
  id: number;
  firstName: string;
  lastName: string;
}

/**
 * The residents to choose from: everyone who took part in a session of the period, short sessions
 * included, by last then first name. Taken from the sessions answer, which names participants
 * also for an administrator (the session table gives them only for own data).
 */
export function residentsOf(sessions: UsageSessions['sessions']): ResidentOption[] {
  const byId = new Map<number, ResidentOption>();
  for (const session of sessions) for (const p of session.participants) byId.set(p.id, { id: p.id, firstName: p.firstName, lastName: p.lastName });
  return [...byId.values()].sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName) || a.id - b.id);
}

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

/** What the server lists without showShortSessions: sessions that count (not short, with an end). */
type Session = UsageSessions['sessions'][number];
export const isCountedSession = (session: Session): session is Session & { duration: number } => !session.short && session.duration !== null;

// The resident choices of sections opened one after another (an administrator's accordion) reuse
// the names for a while.
const recent = new Map<string, { at: number; answer: Promise<ResidentOption[]> }>();
const reuseMs = 30_000;

export function loadResidentOptions(userId: number, firstDay: string, lastDay: string): Promise<ResidentOption[]> {
  const key = `${userId}/${firstDay}/${lastDay}`;
  const hit = recent.get(key);
  if (hit && Date.now() - hit.at < reuseMs) return hit.answer;
  const answer = loadPeriodSessions(userId, firstDay, lastDay).then((r) => residentsOf(r.sessions));
  answer.catch(() => recent.delete(key));
  recent.set(key, { at: Date.now(), answer });
  return answer;
}
