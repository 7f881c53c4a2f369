import type { FastifyRequest } from 'fastify';
import { audioStreamUrl, createPlaybackSigner } from '../../infra/auth/playback-hmac.ts';
import type { Session } from '../../infra/auth/session.ts';
import type { StreamUrlOf } from './load-audio-files.ts';

/** Stream URLs for the caller's login: they stop working when a newer login takes playback over. */
export function streamUrlFor(request: FastifyRequest, session: Session): StreamUrlOf {
  const signer = createPlaybackSigner(request.server.deps.config.jwtSecret);
  return (audioFileId, fileId) => audioStreamUrl(signer, session.userId, session.sessionToken, audioFileId, fileId);
}
