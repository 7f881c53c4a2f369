import { AppError } from '../../infra/errors.ts';
import { handleCommandToState, stateCachePerStore } from '../../infra/event-store/decider.ts';
import { eventId } from '../../infra/event-store/event-ids.ts';
import type { EventStore } from '../../infra/event-store/event-store.ts';
import type { Session } from '../../infra/auth/session.ts';
import type { Queryable } from '../../infra/sql/sql.ts';
import { userDisplayNameSql } from '../../infra/users/user-repository.ts';
import type { UserTagGroup } from '../../schemas/api/favorites.ts';
import type { FavoriteEvent } from '../../schemas/events/favorites.ts';
import { streams } from '../../schemas/events/index.ts';
import { noteWrite, type ProjectionDeps } from '../../server/http/read-your-writes.ts';
import { favoritesDecider, type Actor, type FavoriteListState, type FavoritesCommand } from './favorites-decider.ts';

// What every favorites command shares: which stream a list lives in, reading a list's state,
// and running the decider on it.

/** List 0 is `userId`'s default list; every other list has its own stream. */
export const favoriteListStream = (listId: number, userId: number): string => (listId === 0 ? streams.defaultFavorites(userId) : streams.favoriteList(listId));

export const actorOf = (session: Session): Actor => ({ userId: session.userId, admin: session.admin });

export async function readFavoriteList(store: EventStore, stream: string): Promise<FavoriteListState> {
  const history = await store.readStream(stream);
  return history.reduce((state, event) => favoritesDecider.evolve(state, event as FavoriteEvent), favoritesDecider.initialState());
}

/** The read model the browser re-reads after a favorites command (projections/postgres/favorites.ts). */
export const favoritesReadModel = 'favorites';

export type FavoritesDeps = ProjectionDeps;

/**
 * A favorites event's id: the stream version it was decided at, and what it says. Two taps that
 * race for one version decide different events, and their ids must differ too: with the version
 * alone the loser's ids were taken for a retry of the winner's, and its change was answered as
 * made but never stored. It is now a Conflict, decided again on the newer state.
 */
export const favoriteEventId = (stream: string) => (event: FavoriteEvent, index: number, version: number): string =>
  eventId('favorites', stream, version, index, event.type, JSON.stringify(event.data));

/** The lists decided lately, folded (the favorites' evolve makes a new state for each event). */
const decided = stateCachePerStore<FavoriteListState>();

/**
 * Decides and appends. Two quick clicks on one list race for the same stream version; the loser
 * is decided again on the newer state instead of answering Conflict, as a click is not stale.
 * Answers at once with the new events and the list as the decider left it; the next request of
 * this process waits for the read model instead (server/http/read-your-writes.ts), so a refetch
 * still sees the change (spec 1 section 4: post, then refetch).
 */
export async function runFavoritesCommand(deps: FavoritesDeps, stream: string, command: FavoritesCommand): Promise<{ events: FavoriteEvent[]; state: FavoriteListState }> {
  for (let attempt = 1; ; attempt++) {
    try {
      const { events, state, version } = await handleCommandToState(deps.store, stream, favoritesDecider, command, favoriteEventId(stream), decided(deps.store));
      if (events.length > 0) noteWrite(deps, favoritesReadModel, stream, version);
      return { events, state };
    } catch (error) {
      if (!(error instanceof AppError && error.kind === 'Conflict') || attempt >= 3) throw error;
    }
  }
}

/** The maker's display name (spec 1 section 3: lists of others show the owner's name). */
export async function userDisplayName(db: Queryable, userId: number): Promise<string | null> {
  const [row] = await db.query<{ display: string | null }>(
    `SELECT ${userDisplayNameSql} AS display FROM users WHERE id = $1`,
    [userId],
  );
  return row?.display ?? null;
}

/** A made list as the caller sees it, from its stream state (fresh even before projection). */
export async function userTagGroupOf(db: Queryable, listId: number, state: FavoriteListState, callerUserId: number): Promise<UserTagGroup> {
  const ownerUserId = state.ownerUserId ?? callerUserId;
  return {
    id: listId,
    name: state.name,
    description: state.description,
    canModify: ownerUserId === callerUserId,
    userId: ownerUserId,
    userName: await userDisplayName(db, ownerUserId),
    userGroupId: state.userGroupId,
    continuousPlay: false,
    activeEndTime: null,
    audioFileCount: state.audioFiles.size,
  };
}
