import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { ActiveUserTagGroup, SetActiveUserTagGroup } from '../../schemas/api/favorites.ts';
import { actorOf, favoriteListStream, runFavoritesCommand } from './favorite-list-stream.ts';
import { readListForReader } from './source-list.ts';

// POST /api/set-active-user-tag-group {userTagGroupId}: the caller's active list, any list they may
// read (or null for none). GET /api/ answers it as activeUserTagGroupId once projected.
export function setActiveUserTagGroupRoute(app: App): void {
  app.post('/api/set-active-user-tag-group', { schema: { body: SetActiveUserTagGroup, response: { 200: ActiveUserTagGroup } } }, async (request) => {
    const session = requireUser(request);
    const { sql, store, now } = app.deps;
    const activeListId = request.body.userTagGroupId;
    const target = activeListId === null ? 'readable' : (await readListForReader(sql, store, session.userId, activeListId)).access;
    await runFavoritesCommand(app.deps, favoriteListStream(0, session.userId), { kind: 'setActiveList', actor: actorOf(session), activeListId, target, at: now().toISOString() });
    return { activeUserTagGroupId: activeListId };
  });
}
