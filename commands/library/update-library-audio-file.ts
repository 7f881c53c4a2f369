import { loadLibraryAudioFile } from '../../domain/library/library-audio-files.ts';
import { notFound } from '../../infra/errors.ts';
import { LibraryAudioFile, LibraryAudioFileParams, UpdateLibraryAudioFile } from '../../schemas/api/library-admin.ts';
import { requireOperator } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { lockRow, updateAuditedRow } from '../reference-data/audited-row.ts';
import { replaceAudioFileLinks, requireKnownLinks } from './audio-file-links.ts';

// PUT /api/library/audio-files/{id}: operators set a library file's name, type, credits,
// categories with priorities and artists; what is sent is what the file becomes. Every changed
// row and link is audited; an unchanged file writes nothing. The sound and its length stay: they
// come from the upload.

interface AudioFileRow extends Record<string, unknown> {
  id: number;
}

export function updateLibraryAudioFileRoute(app: App): void {
  app.put(
    '/api/library/audio-files/:id',
    { schema: { params: LibraryAudioFileParams, body: UpdateLibraryAudioFile, response: { 200: LibraryAudioFile } } },
    async (request) => {
      const { userId } = await requireOperator(request);
      const { id } = request.params;
      const body = request.body;
      const { sql, now } = app.deps;
      await requireKnownLinks(sql, body.categories, body.artistIds);
      const query = `PUT /api/library/audio-files/${id}`;
      await sql.transaction(async (tx) => {
        const old = await lockRow<AudioFileRow>(tx, 'audio_files', id);
        if (!old) throw notFound();
        const fields = { name: body.name, type: body.type, artist: body.artist ?? null, composer: body.composer ?? null, album: body.album ?? null, description: body.description ?? null };
        const linksChanged = await replaceAudioFileLinks(tx, id, body.categories, body.artistIds, userId, query);
        const fieldsChanged = Object.entries(fields).some(([column, value]) => old[column] !== value);
        // modified_at orders "recently changed" (sort modified-desc): only a real change moves it.
        if (fieldsChanged || linksChanged) await updateAuditedRow(tx, 'audio_files', old, { ...fields, modified_at: now() }, userId, query);
      });
      const file = await loadLibraryAudioFile(sql, id);
      if (!file) throw notFound();
      return file;
    },
  );
}
