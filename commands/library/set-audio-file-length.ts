import { validationError } from '../../infra/errors.ts';
import { SetAudioFileLengthRequest, SetAudioFileLengthResult } from '../../schemas/api/back-office-requests.ts';
import { requireOperator } from '../../server/http/auth.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { lockRow, updateAuditedRow } from '../reference-data/audited-row.ts';

// set-audio-file-length {audioFileId, fileId, audioLength} -> {length} (spec 3 section 7): the
// length the back office's player measured from the file's media, stored in whole seconds (what
// reports and the player's progress use). fileId must be the audio file's current file, so a
// measurement of a file since replaced is refused rather than stored on the wrong media.

export const setAudioFileLengthRequest = typedRequest({
  permission: 'Service operators (the content library).',
  effect: "Stores the measured length (rounded to whole seconds) of the audio file's current media file.",
  body: SetAudioFileLengthRequest,
  result: SetAudioFileLengthResult,
  async handle(request, body) {
    const { userId } = await requireOperator(request);
    return request.server.deps.sql.transaction(async (tx) => {
      const old = await lockRow<{ id: number; file_id: number | null; length: number }>(tx, 'audio_files', body.audioFileId);
      if (!old) throw validationError([{ path: 'body.audioFileId', message: `No such row: ${body.audioFileId}` }]);
      if (old.file_id !== body.fileId) throw validationError([{ path: 'body.fileId', message: "Not the audio file's current file" }]);
      const length = Math.round(body.audioLength);
      const row = await updateAuditedRow(tx, 'audio_files', old, { length }, userId, 'set-audio-file-length');
      if (row !== old) await tx.query('UPDATE audio_files SET modified_at = now() WHERE id = $1', [old.id]);
      return { length };
    });
  },
});
