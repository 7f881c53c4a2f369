import { accessDenied, notFound } from '../../infra/errors.ts';
import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { CopiedUserTagGroup, CopyUserTagGroup } from '../../schemas/api/favorites.ts';
import { actorOf, favoriteListStream, runFavoritesCommand } from './favorite-list-stream.ts';
import { orderedAudioFiles } from './favorites-decider.ts';
import { readListForReader } from './source-list.ts';

// POST /api/copy-user-tag-group {srcUserTagGroupId, dstUserTagGroupId}: copies the content of any
// list the caller may read (a read-only one too: that is how it becomes modifiable, spec 1 section
// 5) into a list the caller made, in the source's order, after what the destination holds.
export function copyUserTagGroupRoute(app: App): void {
  app.post('/api/copy-user-tag-group', { schema: { body: CopyUserTagGroup, response: { 200: CopiedUserTagGroup } } }, async (request) => {
    const session = requireUser(request);
    const { sql, store, now } = app.deps;
    const { srcUserTagGroupId, dstUserTagGroupId } = request.body;
    const source = await readListForReader(sql, store, session.userId, srcUserTagGroupId);
    if (source.access === 'missing') throw notFound();
    if (source.access === 'denied') throw accessDenied();
    const { events } = await runFavoritesCommand(app.deps, favoriteListStream(dstUserTagGroupId, session.userId), {
      kind: 'copyInto',
      actor: actorOf(session),
      listId: dstUserTagGroupId,
      source: {
        listId: srcUserTagGroupId,
        userId: source.ownerUserId,
        audioFileIds: orderedAudioFiles(source.state).map((f) => f.audioFileId),
        recipeIds: [...source.state.recipes].sort((a, b) => a - b),
      },
      at: now().toISOString(),
    });
    return {
      dstUserTagGroupId,
      audioFileCount: events.filter((e) => e.type === 'AudioFileFavorited').length,
      recipeCount: events.filter((e) => e.type === 'RecipeFavorited').length,
    };
  });
}
