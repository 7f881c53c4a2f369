import { FileParams, FileQuery } from '../../schemas/api/library.ts';
import { accessDenied } from '../../infra/errors.ts';
import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import type { Queryable } from '../../infra/sql/sql.ts';
import { findReadableFile, sendStoredObject, type StoredFileRow } from './send-stored-object.ts';

// GET /api/file/{id}[?download=1] (spec 1 section 7): a stored file (image, video, document) for
// the file viewer, byte ranges included so videos can seek; download=1 makes it an attachment.
// Audio is not served here: its bytes go only through the signed, single-login stream URL
// (GET /api/audio-file/{id}/{hmac}/{n}), or any logged-in user could fetch the whole library by id,
// on a second device too, past the single playback login (spec 1 section 4). An upload (a photo
// or a voice note in a message or reply) is served only to whoever may read it
// (domain/files/file-access.ts); uploaded sound is not library audio, so it is served too.

export function getFileRoute(app: App): void {
  app.get('/api/file/:id', { schema: { params: FileParams, querystring: FileQuery } }, async (request, reply) => {
    const { userId } = requireUser(request);
    const file = await findReadableFile(app.deps.sql, userId, request.params.id);
    if (await isLibraryAudio(app.deps.sql, file)) throw accessDenied();
    return sendStoredObject(request, reply, file, { download: request.query.download === '1' });
  });
}

/** A library file of audio by its content type, or the sound (or the original upload) of a library audio file whatever its type says. */
async function isLibraryAudio(sql: Queryable, file: StoredFileRow): Promise<boolean> {
  if (file.user_id === null && file.content_type.toLowerCase().startsWith('audio/')) return true;
  const rows = await sql.query('SELECT 1 FROM audio_files WHERE file_id = $1 OR original_file_id = $1 LIMIT 1', [file.id]);
  return rows.length > 0;
}
