import type { EventStore } from '../../infra/event-store/event-store.ts';
import type { Queryable } from '../../infra/sql/sql.ts';
import { streams } from '../../schemas/events/index.ts';
import {
  emptyUsageSessionState,
  evolveUsageSessionState,
  getUsageSessionState,
  usageSessionEventTypes,
  type UsageSessionEvent,
  type UsageSessionState,
} from '../../domain/usage/usage-session-state.ts';

// The user's session state as of the last appended event, not as of the projection's checkpoint.
//
// The read model may lag the log (by a batch, or a lot while it rebuilds), yet a session checked
// right after it was started must be seen. Waiting for the projection would tie every request to
// the runner's progress (and fail where no runner runs), so instead the read model gives the state
// up to the stream version it has folded, and the events after that version are read from the
// tail of `usage-{userId}` and folded with the same pure `evolve` (domain/usage/). The tail is as
// long as the lag: usually empty, never the whole history once the projection has run.

const handled = new Set<string>(usageSessionEventTypes);
const isHandled = (event: { type: string }): event is UsageSessionEvent => handled.has(event.type);
const pageSize = 5000;

export async function currentUsageSession(sql: Queryable, store: EventStore, userId: number): Promise<UsageSessionState> {
  let state = (await getUsageSessionState(sql, userId)) ?? emptyUsageSessionState(userId);
  for (;;) {
    const tail = await store.readStream(streams.usage(userId), { fromVersion: state.streamVersion + 1, limit: pageSize });
    for (const event of tail) {
      state = isHandled(event) ? evolveUsageSessionState(state, event) : { ...state, streamVersion: event.streamVersion };
    }
    if (tail.length < pageSize) return state;
  }
}
