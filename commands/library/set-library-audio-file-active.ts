import { loadLibraryAudioFile } from '../../domain/library/library-audio-files.ts';
import { notFound } from '../../infra/errors.ts';
import { LibraryAudioFile, LibraryAudioFileParams, SetAudioFileActiveBody } from '../../schemas/api/library-admin.ts';
import { requireOperator } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { lockRow, updateAuditedRow } from '../reference-data/audited-row.ts';

// POST /api/library/audio-files/{id}/active {active} (spec 3 set-audio-file-active): a
// deactivated file leaves search, channels and the player's lists (they read only active files),
// but nothing is deleted: its plays stay in the warehouse and in every report, its favorites and
// recipe items keep pointing at it, and activating it again brings it back as it was.

export function setLibraryAudioFileActiveRoute(app: App): void {
  app.post(
    '/api/library/audio-files/:id/active',
    { schema: { params: LibraryAudioFileParams, body: SetAudioFileActiveBody, response: { 200: LibraryAudioFile } } },
    async (request) => {
      const { userId } = await requireOperator(request);
      const { id } = request.params;
      const { sql } = app.deps;
      await sql.transaction(async (tx) => {
        const old = await lockRow<{ id: number }>(tx, 'audio_files', id);
        if (!old) throw notFound();
        await updateAuditedRow(tx, 'audio_files', old, { active: request.body.active }, userId, `POST /api/library/audio-files/${id}/active`);
      });
      const file = await loadLibraryAudioFile(sql, id);
      if (!file) throw notFound();
      return file;
    },
  );
}
