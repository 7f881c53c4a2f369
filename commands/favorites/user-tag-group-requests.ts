import { accessDenied, validationError } from '../../infra/errors.ts';
import type { FastifyRequest } from 'fastify';
import { requireUser } from '../../server/http/auth.ts';
import { requireExisting } from '../reference-data/audited-links.ts';
import type { Actor, FavoritesCommand } from './favorites-decider.ts';
import { actorOf, favoriteListStream, readFavoriteList, runFavoritesCommand } from './favorite-list-stream.ts';

// What the typed requests on several favorite lists (user tag groups) share. Lists are
// event-sourced (stream favorite-list-{id}), so there is no transaction across them: every list is
// checked first (it exists: else a ValidationError naming the field; the caller made it: else
// AccessDenied, as only a list's maker changes it, spec 1 section 6) and the rows named exist, so a
// refused request appends nothing. Then each list gets one decision, appended at once.

export type ListCommand = (actor: Actor, listId: number, at: string) => FavoritesCommand;

/** Checks the lists (list 0: the caller's default list) and answers the caller's session. */
export async function requireOwnLists(request: FastifyRequest, listIds: readonly number[], field: string) {
  const session = requireUser(request);
  for (const listId of new Set(listIds)) {
    if (listId === 0) continue;
    const state = await readFavoriteList(request.server.deps.store, favoriteListStream(listId, session.userId));
    if (!state.created || state.removed) throw validationError([{ path: `body.${field}`, message: `No such favorite list: ${listId}` }]);
    if (state.ownerUserId !== session.userId) throw accessDenied('You can modify only those favorite lists made by you.');
  }
  return session;
}

/**
 * add-audio-files-to-user-tag-groups and its kin: the caller's lists checked, the rows of `table`
 * named in `field` checked, then the command on each list; answers how many entries changed.
 */
export async function changeOwnLists(
  request: FastifyRequest,
  lists: { ids: readonly number[]; field: string },
  rows: { table: string; ids: readonly number[]; field: string },
  command: ListCommand,
): Promise<{ changed: number }> {
  const session = await requireOwnLists(request, lists.ids, lists.field);
  await requireExisting(request.server.deps.sql, rows.table, rows.ids, rows.field);
  const at = request.server.deps.now().toISOString();
  let changed = 0;
  for (const listId of new Set(lists.ids)) {
    const { events } = await runFavoritesCommand(request.server.deps, favoriteListStream(listId, session.userId), command(actorOf(session), listId, at));
    changed += events.filter((event) => event.type !== 'AudioFileFavoriteMoved').length;
  }
  return { changed };
}
