import type { EventStore } from '../../infra/event-store/event-store.ts';
import type { Queryable } from '../../infra/sql/sql.ts';
import { canReadList } from '../../domain/favorites/list-access.ts';
import { favoriteListStream, readFavoriteList } from './favorite-list-stream.ts';
import type { ActiveTarget, FavoriteListState } from './favorites-decider.ts';

// A list another command reads rather than changes (the source of a copy, a list made active):
// its state from its own stream, so a list made a moment ago is found before it is projected.

export interface ReadableList {
  access: ActiveTarget;
  ownerUserId: number;
  state: FavoriteListState;
}

export async function readListForReader(db: Queryable, store: EventStore, readerUserId: number, listId: number): Promise<ReadableList> {
  const state = await readFavoriteList(store, favoriteListStream(listId, readerUserId));
  if (listId === 0) return { access: 'readable', ownerUserId: readerUserId, state };
  if (!state.created || state.removed || state.ownerUserId === null) return { access: 'missing', ownerUserId: -1, state };
  const readable = await canReadList(db, readerUserId, { ownerUserId: state.ownerUserId, userGroupId: state.userGroupId });
  return { access: readable ? 'readable' : 'denied', ownerUserId: state.ownerUserId, state };
}
