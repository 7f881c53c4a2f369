import { ChangedResult, SetAudioFileArtistsRequest } from '../../schemas/api/back-office-requests.ts';
import { requireOperator } from '../../server/http/auth.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { requireExisting, setAuditedLinks } from '../reference-data/audited-links.ts';

// set-audio-file-artists {audioFileIds, artistIds, value} (spec 3 section 7): the back office's
// bulk action on selected audio files: link them all to the artists (value true) or unlink them.

export const setAudioFileArtistsRequest = typedRequest({
  permission: 'Service operators (the content library).',
  effect: 'Links (value true) or unlinks (false) every audio file with every artist given.',
  body: SetAudioFileArtistsRequest,
  result: ChangedResult,
  async handle(request, body) {
    const { userId } = await requireOperator(request);
    return request.server.deps.sql.transaction(async (tx) => {
      await requireExisting(tx, 'audio_files', body.audioFileIds, 'audioFileIds');
      await requireExisting(tx, 'artists', body.artistIds, 'artistIds');
      const link = { table: 'audio_file_artists', left: 'audio_file_id', right: 'artist_id' };
      return { changed: await setAuditedLinks(tx, link, body.audioFileIds, body.artistIds, body.value, userId, 'set-audio-file-artists') };
    });
  },
});
