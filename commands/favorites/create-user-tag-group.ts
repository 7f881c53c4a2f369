import { accessDenied } from '../../infra/errors.ts';
import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { effectiveConfig } from '../../infra/users/user-repository.ts';
import { NewUserTagGroup, UserTagGroup } from '../../schemas/api/favorites.ts';
import { actorOf, favoriteListStream, runFavoritesCommand, userTagGroupOf } from './favorite-list-stream.ts';

// POST /api/user-tag-groups {name, description, userGroupId?}: a new list made by the caller,
// optionally shared read-only with a user group the caller belongs to. Only with the caller's
// canCreateFavoriteLists flag (spec 1 section 3, default false): the browser hides the button, the
// server refuses the call. Copying into a list needs no flag: it fills a list the caller already has.
// An easy-mode user may make their easy list (config easyFavoriteListName) without the flag: spec 1
// section 7 has the easy start-up ensure that list, and easy mode forces the flag off.
export function createUserTagGroupRoute(app: App): void {
  app.post('/api/user-tag-groups', { schema: { body: NewUserTagGroup, response: { 200: UserTagGroup } } }, async (request) => {
    const session = requireUser(request);
    const { sql, now } = app.deps;
    const [caller] = await sql.query<{ config: unknown }>('SELECT config FROM users WHERE id = $1', [session.userId]);
    const config = caller ? effectiveConfig(caller.config, false) : null;
    const easyList = config?.mode === 'easy' && config.easyFavoriteListName !== null && request.body.name === config.easyFavoriteListName && request.body.userGroupId == null;
    if (!config || !(config.canCreateFavoriteLists || easyList)) throw accessDenied();
    const userGroupId = request.body.userGroupId ?? null;
    if (userGroupId !== null) {
      const member = await sql.query('SELECT 1 FROM users WHERE id = $1 AND user_group_id = $2', [session.userId, userGroupId]);
      if (member.length === 0) throw accessDenied();
    }
    const [{ id: listId } = { id: 0 }] = await sql.query<{ id: number }>(`SELECT nextval('favorite_list_ids')::integer AS id`);
    const stream = favoriteListStream(listId, session.userId);
    const { state } = await runFavoritesCommand(app.deps, stream, {
      kind: 'createList',
      actor: actorOf(session),
      listId,
      name: request.body.name,
      description: request.body.description,
      userGroupId,
      at: now().toISOString(),
    });
    return userTagGroupOf(sql, listId, state, session.userId);
  });
}
