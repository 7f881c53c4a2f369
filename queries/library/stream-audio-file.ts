import { AudioStreamParams } from '../../schemas/api/library.ts';
import { createPlaybackSigner } from '../../infra/auth/playback-hmac.ts';
import { playbackTokenMatch } from '../../infra/auth/playback-login.ts';
import { accessDenied, notFound } from '../../infra/errors.ts';
import { requireUser } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { findStoredFile, sendStoredObject } from './send-stored-object.ts';

// GET /api/audio-file/{id}/{hmac}/{n} (spec 1 sections 4 and 7): the audio of one file, with byte
// ranges for seeking. The hmac binds the URL to the user, the login and the file; a login that a
// newer one has taken over (single playback login) is refused too, unless allowMultiLogin or admin.

export function streamAudioFileRoute(app: App): void {
  app.get('/api/audio-file/:id/:hmac/:n', { schema: { params: AudioStreamParams } }, async (request, reply) => {
    const session = requireUser(request);
    const { id, hmac } = request.params;
    if (!createPlaybackSigner(app.deps.config.jwtSecret).verify(hmac, session.userId, session.sessionToken, id)) throw accessDenied();
    if (!(await playbackTokenMatch(app.deps.sql, session))) throw accessDenied();
    const [audio] = await app.deps.sql.query<{ file_id: number | null }>('SELECT file_id FROM audio_files WHERE id = $1 AND active', [id]);
    if (audio?.file_id == null) throw notFound();
    const file = await findStoredFile(app.deps.sql, audio.file_id);
    return sendStoredObject(request, reply, file);
  });
}
