import { loadLibraryAudioFile } from '../../domain/library/library-audio-files.ts';
import { notFound, validationError } from '../../infra/errors.ts';
import type { FileStore } from '../../infra/files/file-store.ts';
import { readMediaLength } from '../../infra/media/media-length.ts';
import type { Sql } from '../../infra/sql/sql.ts';
import { CreateLibraryAudioFile, LibraryAudioFile } from '../../schemas/api/library-admin.ts';
import { requireOperator } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { insertAuditedRow } from '../reference-data/audited-row.ts';
import { replaceAudioFileLinks, requireKnownLinks } from './audio-file-links.ts';

// POST /api/library/audio-files {fileId, name, type, credits, categories, artistIds}: operators
// turn an uploaded sound (POST /api/upload) into an audio file of the library. The length is the
// one read from the media at upload (files.length, music-metadata), read again from the stored
// object for an older upload, never typed in. The same path runs as CreateAudioFileTask
// (server/app-tasks/). Only the caller's own uploads (or files already of the library) may be
// used: another user's message attachment is "Unknown file", as if it did not exist.

interface FileRow {
  id: number;
  object_key: string;
  content_type: string;
  length: number | null;
  time: Date;
}

export interface CreateAudioFileDeps {
  sql: Sql;
  files?: FileStore;
}

/** Checks everything, then writes the audio file, its links and their audit rows in one transaction. Answers the new id. */
export async function createLibraryAudioFile(deps: CreateAudioFileDeps, actor: number, input: CreateLibraryAudioFile, query: string): Promise<number> {
  const [file] = await deps.sql.query<FileRow>(
    'SELECT id, object_key, content_type, length, time FROM files WHERE id = $1 AND active AND has_object AND (user_id IS NULL OR user_id = $2)',
    [input.fileId, actor],
  );
  if (!file) throw validationError([{ path: 'body.fileId', message: 'Unknown file' }]);
  if (!file.content_type.toLowerCase().startsWith('audio/')) throw validationError([{ path: 'body.fileId', message: 'Not an audio file' }]);
  let length = file.length === null ? null : Number(file.length);
  if (length === null && deps.files) length = await readMediaLength(await deps.files.read(file.object_key));
  if (length === null) throw validationError([{ path: 'body.fileId', message: 'The length of the sound cannot be read' }]);
  await requireKnownLinks(deps.sql, input.categories, input.artistIds);
  return deps.sql.transaction(async (tx) => {
    const row = await insertAuditedRow<{ id: number }>(
      tx,
      'audio_files',
      {
        type: input.type,
        name: input.name,
        artist: input.artist ?? null,
        composer: input.composer ?? null,
        album: input.album ?? null,
        description: input.description ?? null,
        file_id: file.id,
        length: Math.round(length),
        file_time: file.time,
      },
      actor,
      query,
    );
    await replaceAudioFileLinks(tx, Number(row.id), input.categories, input.artistIds, actor, query);
    return Number(row.id);
  });
}

export function createLibraryAudioFileRoute(app: App): void {
  app.post('/api/library/audio-files', { schema: { body: CreateLibraryAudioFile, response: { 200: LibraryAudioFile } } }, async (request) => {
    const { userId } = await requireOperator(request);
    const id = await createLibraryAudioFile(app.deps, userId, request.body, 'POST /api/library/audio-files');
    const file = await loadLibraryAudioFile(app.deps.sql, id);
    if (!file) throw notFound();
    return file;
  });
}
