import { ChangedResult, SetAudioFileActiveRequest } from '../../schemas/api/back-office-requests.ts';
import { requireOperator } from '../../server/http/auth.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { requireExisting, setAuditedColumn } from '../reference-data/audited-links.ts';

// set-audio-file-active {audioFileIds, active} (spec 3 section 7): the back office deactivates
// audio files without losing their history (plays, favorites and reports keep the row) or brings
// them back. Only rows that change are written, each with its audit row.

export const setAudioFileActiveRequest = typedRequest({
  permission: 'Service operators (the content library).',
  effect: 'Sets active on the audio files; an inactive file is no longer offered, its history stays.',
  body: SetAudioFileActiveRequest,
  result: ChangedResult,
  async handle(request, body) {
    const { userId } = await requireOperator(request);
    return request.server.deps.sql.transaction(async (tx) => {
      await requireExisting(tx, 'audio_files', body.audioFileIds, 'audioFileIds');
      return { changed: await setAuditedColumn(tx, 'audio_files', body.audioFileIds, 'active', body.active, userId, 'set-audio-file-active', 'modified_at') };
    });
  },
});
