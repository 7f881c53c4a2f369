import { AudioFilesInfo, GetAudioFilesInfoQuery } from '../../schemas/api/library.ts';
import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { assertReadableLists, audioFilesWhere, orderBy } from './audio-files-filter.ts';

// GET /api/audio-files-info (spec 1 section 7): how many files a query matches and how many of
// them sort before the playing one, so the browser can load the page that holds it.

export function getAudioFilesInfoRoute(app: App): void {
  app.get('/api/audio-files-info', { schema: { querystring: GetAudioFilesInfoQuery, response: { 200: AudioFilesInfo } } }, async (request) => {
    const session = requireUser(request);
    const { activeId, sort, ...filterFields } = request.query;
    await assertReadableLists(app.deps.sql, session.userId, filterFields.userTagGroupIds);
    const filter = audioFilesWhere(filterFields, session.userId);
    const order = orderBy(sort, filterFields, filter, session.userId);
    const active = filter.param(activeId ?? null);
    const [row] = await app.deps.sql.query<{ total: number; before_active: number | null }>(
      `SELECT count(*)::int AS total, (max(position) FILTER (WHERE id = ${active}::int))::int - 1 AS before_active
       FROM (SELECT af.id, row_number() OVER (ORDER BY ${order}) AS position FROM audio_files af WHERE ${filter.where}) ranked`,
      filter.params,
    );
    return { total: row?.total ?? 0, beforeActive: row?.before_active ?? null };
  });
}
