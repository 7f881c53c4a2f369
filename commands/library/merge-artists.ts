import { validationError } from '../../infra/errors.ts';
import { ChangedResult, MergeArtistsRequest } from '../../schemas/api/back-office-requests.ts';
import { requireOperator } from '../../server/http/auth.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { requireExisting, setAuditedColumn, setAuditedLinks } from '../reference-data/audited-links.ts';

// merge-artists {srcIds, dstId} (spec 3 section 7): duplicates of one artist (typed twice, spelt
// differently) become one: the source artists' audio files are linked to the destination, the
// source links removed and the sources deactivated (kept, so the audit log and old exports
// still name them). `changed` counts the audio files moved.

export const mergeArtistsRequest = typedRequest({
  permission: 'Service operators (the content library).',
  effect: "Moves the source artists' audio files to the destination artist and deactivates the sources.",
  body: MergeArtistsRequest,
  result: ChangedResult,
  async handle(request, body) {
    const { userId } = await requireOperator(request);
    if (body.srcIds.includes(body.dstId)) throw validationError([{ path: 'body.srcIds', message: 'The destination cannot be one of the sources' }]);
    return request.server.deps.sql.transaction(async (tx) => {
      await requireExisting(tx, 'artists', body.srcIds, 'srcIds');
      await requireExisting(tx, 'artists', [body.dstId], 'dstId');
      const files = await tx.query<{ audio_file_id: number }>('SELECT DISTINCT audio_file_id FROM audio_file_artists WHERE artist_id = ANY($1::integer[])', [body.srcIds]);
      const audioFileIds = files.map((f) => Number(f.audio_file_id));
      const link = { table: 'audio_file_artists', left: 'audio_file_id', right: 'artist_id' };
      if (audioFileIds.length > 0) {
        await setAuditedLinks(tx, link, audioFileIds, [body.dstId], true, userId, 'merge-artists');
        await setAuditedLinks(tx, link, audioFileIds, body.srcIds, false, userId, 'merge-artists');
      }
      await setAuditedColumn(tx, 'artists', body.srcIds, 'active', false, userId, 'merge-artists');
      return { changed: audioFileIds.length };
    });
  },
});
