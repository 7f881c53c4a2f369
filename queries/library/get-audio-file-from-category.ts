import { AudioFile, AudioFileFromCategoryParams, AudioFileFromCategoryQuery } from '../../schemas/api/library.ts';
import { notFound } from '../../infra/errors.ts';
import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { audioFileColumns, loadAudioFiles, type AudioFileRow } from './load-audio-files.ts';
import { streamUrlFor } from './stream-url-for.ts';

// GET /api/audio-file-from-category/{id}?ts (spec 1 section 7): one active audio file of a
// category for the music channel's next piece. The pick is a function of ts, so a retried request
// gets the same piece and a new ts most likely another; NotFound when the category has none.

export function getAudioFileFromCategoryRoute(app: App): void {
  app.get(
    '/api/audio-file-from-category/:id',
    { schema: { params: AudioFileFromCategoryParams, querystring: AudioFileFromCategoryQuery, response: { 200: AudioFile } } },
    async (request) => {
      const session = requireUser(request);
      const sql = app.deps.sql;
      const ts = request.query.ts ?? app.deps.now().getTime();
      const [count] = await sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM audio_files af
         JOIN audio_file_categories fc ON fc.audio_file_id = af.id JOIN categories c ON c.id = fc.category_id
         WHERE fc.category_id = $1 AND c.active AND af.active`,
        [request.params.id],
      );
      const n = count?.n ?? 0;
      if (n === 0) throw notFound();
      const rows = await sql.query<AudioFileRow>(
        `SELECT ${audioFileColumns}
         FROM audio_files af JOIN audio_file_categories fc ON fc.audio_file_id = af.id LEFT JOIN files f ON f.id = af.file_id
         WHERE fc.category_id = $1 AND af.active
         ORDER BY af.id LIMIT 1 OFFSET $2`,
        [request.params.id, pick(ts, n)],
      );
      if (rows.length === 0) throw notFound();
      const [file] = await loadAudioFiles(sql, rows, streamUrlFor(request, session));
      return file!;
    },
  );
}

/** A well-spread index in [0, n) from ts: neighbouring timestamps land far apart (Knuth's multiplicative hash). */
function pick(ts: number, n: number): number {
  return (Math.imul(ts % 4_294_967_296, 2_654_435_761) >>> 0) % n;
}
