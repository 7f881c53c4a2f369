import { loadLibraryAudioFiles } from '../../domain/library/library-audio-files.ts';
import type { Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import type { Queryable } from '../../infra/sql/sql.ts';
import { LibraryAudioFileList, LibraryAudioFilesQuery, type LibraryAudioFile } from '../../schemas/api/library-admin.ts';
import { requireOperator } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { currentUsageWarehouse } from '../usage/report-scope.ts';
import { containsPattern } from './like-pattern.ts';

// GET /api/library/audio-files?query&offset&limit: the library as operators manage it, inactive
// files too (newest first), each with how often and when it was last played. Plays come from the
// usage warehouse (plays_vN, every user's counted and uncounted plays), never from a counter of
// ours: a deactivated file keeps its plays, and a rebuild of the warehouse recounts them.

export async function playsOf(deps: { sql: Queryable; warehouse?: Warehouse }, ids: readonly number[]): Promise<Map<number, { count: number; last: string }>> {
  if (!deps.warehouse || ids.length === 0) return new Map();
  const { warehouse, t } = await currentUsageWarehouse(deps);
  const rows = await warehouse.query<{ audio_file_id: number; plays: number; last_play: string }>(
    `SELECT audio_file_id, count() AS plays, toString(max(start_time)) AS last_play
       FROM ${t.plays} FINAL
      WHERE item_type = 'Audio' AND audio_file_id IN {ids:Array(UInt64)} AND is_deleted = 0
      GROUP BY audio_file_id`,
    { ids },
  );
  return new Map(rows.map((r) => [Number(r.audio_file_id), { count: Number(r.plays), last: r.last_play }]));
}

export function getLibraryAudioFilesRoute(app: App): void {
  app.get('/api/library/audio-files', { schema: { querystring: LibraryAudioFilesQuery, response: { 200: LibraryAudioFileList } } }, async (request) => {
    await requireOperator(request);
    const { sql } = app.deps;
    const { query, offset, limit } = request.query;
    const where = query ? "(af.name ILIKE $1 OR coalesce(af.artist, '') ILIKE $1)" : 'true';
    const params = query ? [containsPattern(query)] : [];
    const [count] = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM audio_files af WHERE ${where}`, params);
    const files = await loadLibraryAudioFiles(sql, where, params, `ORDER BY af.id DESC LIMIT ${limit} OFFSET ${offset}`);
    const plays = await playsOf(app.deps, files.map((f) => f.id));
    const items: LibraryAudioFile[] = files.map((f) => {
      const played = plays.get(f.id);
      return { ...f, playCount: app.deps.warehouse ? (played?.count ?? 0) : null, lastPlay: played ? `${played.last.replace(' ', 'T')}Z` : null };
    });
    return { totalCount: Number(count!.n), items };
  });
}
