import type { UsageSessions } from '../../../../../schemas/api/usage-report.ts';
import { loadPeriodSessions } from './period-sessions.ts';

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
