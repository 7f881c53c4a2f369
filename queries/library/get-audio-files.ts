import { GetAudioFilesRequest, GetAudioFilesResponse, type GetAudioFilesQuery } from '../../schemas/api/library.ts';
import { requireUser } from '../../server/http/auth.ts';
import type { Queryable } from '../../infra/sql/sql.ts';
import type { App } from '../../server/http/zod.ts';
import { assertReadableLists, audioFilesWhere, favoriteListColumn, matchFlagColumns, orderBy } from './audio-files-filter.ts';
import { audioFileColumns, loadAudioFiles, type AudioFileRow, type StreamUrlOf } from './load-audio-files.ts';
import { streamUrlFor } from './stream-url-for.ts';

// POST /api/get-audio-files (spec 1 section 7): one sorted page of the matching audio files with
// the total count, or for the music channel (similarityQuery) a random pick per category.

export function getAudioFilesRoute(app: App): void {
  app.post('/api/get-audio-files', { schema: { body: GetAudioFilesRequest, response: { 200: GetAudioFilesResponse } } }, async (request) => {
    const session = requireUser(request);
    await assertReadableLists(app.deps.sql, session.userId, request.body.userTagGroupIds);
    return getAudioFiles(app.deps.sql, request.body, session.userId, streamUrlFor(request, session));
  });
}

export async function getAudioFiles(sql: Queryable, query: GetAudioFilesQuery, userId: number, streamUrlOf: StreamUrlOf): Promise<GetAudioFilesResponse> {
  if (query.similarityQuery) return similarityPick(sql, query, userId, streamUrlOf);
  const filter = audioFilesWhere(query, userId);
  const flags = matchFlagColumns(query, filter);
  const list = favoriteListColumn(query, filter, userId);
  const order = orderBy(query.sort, query, filter, userId);
  const limit = filter.param(query.limit);
  const offset = filter.param(query.offset);
  const rows = await sql.query<AudioFileRow & { total_count: number }>(
    `SELECT ${audioFileColumns}, ${flags}, ${list}, count(*) OVER ()::int AS total_count
     FROM audio_files af LEFT JOIN files f ON f.id = af.file_id
     WHERE ${filter.where}
     ORDER BY ${order}
     LIMIT ${limit} OFFSET ${offset}`,
    filter.params,
  );
  const totalCount = rows[0]?.total_count ?? (query.offset > 0 ? await countMatches(sql, query, userId) : 0);
  return { totalCount, items: await loadAudioFiles(sql, rows, streamUrlOf) };
}

/** A page past the end still tells the browser how many there are. */
async function countMatches(sql: Queryable, query: GetAudioFilesQuery, userId: number): Promise<number> {
  const filter = audioFilesWhere(query, userId);
  const [row] = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM audio_files af WHERE ${filter.where}`, filter.params);
  return row?.n ?? 0;
}

/** Up to `limit` random files of each category in categoryIds, each file once, grouped by category. */
async function similarityPick(sql: Queryable, query: GetAudioFilesQuery, userId: number, streamUrlOf: StreamUrlOf): Promise<GetAudioFilesResponse> {
  if (!query.categoryIds?.length) return { totalCount: 0, items: [] };
  const filter = audioFilesWhere(query, userId);
  const categories = filter.param(query.categoryIds);
  const limit = filter.param(query.limit);
  const picks = await sql.query<{ id: number }>(
    `SELECT id FROM (
       SELECT af.id, fc.category_id, row_number() OVER (PARTITION BY fc.category_id ORDER BY random()) AS n
       FROM audio_files af JOIN audio_file_categories fc ON fc.audio_file_id = af.id AND fc.category_id = ANY(${categories}::int[])
       WHERE ${filter.where}
     ) ranked WHERE n <= ${limit} ORDER BY category_id, n`,
    filter.params,
  );
  const ids = [...new Set(picks.map((p) => p.id))];
  const page = await getAudioFiles(sql, { ids, query: query.query, userTagGroupIds: query.userTagGroupIds, offset: 0, limit: ids.length || 1 }, userId, streamUrlOf);
  const byId = new Map(page.items.map((item) => [item.id, item]));
  const items = ids.flatMap((id) => byId.get(id) ?? []);
  return { totalCount: items.length, items };
}
