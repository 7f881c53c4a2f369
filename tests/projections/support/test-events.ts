import { eventId } from '../../../infra/event-store/event-ids.ts';
import type { NewEvent } from '../../../infra/event-store/event-store.ts';
import type { EventOf } from '../../../schemas/events/index.ts';

export { playSampled } from '../../infra/event-store-fixtures.ts';

/** A login of `userId` at `at` (server time), with a session token unique to the run and n. */
export function loggedIn(userId: number, n: number, run: string, at = new Date(Date.UTC(2026, 0, 1, 8) + n * 60_000)): NewEvent<EventOf<'LoggedIn'>> {
  const time = at.toISOString();
  return {
    id: eventId(run, 'LoggedIn', userId, n),
    type: 'LoggedIn',
    data: { userId, clientTime: time, receivedAt: time, sessionToken: `${run}-token-${n}`, admin: n % 7 === 0, method: 'password' },
  };
}
