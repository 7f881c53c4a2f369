import type { FastifyRequest } from 'fastify';
import { validationError } from '../../infra/errors.ts';
import { requireUser } from '../../server/http/auth.ts';
import { requireExisting } from '../reference-data/audited-links.ts';
import { itemEditor } from './message-content.ts';
import { messageDecider, type MessageCommand } from './message-decider.ts';
import { loadMessageState, runMessageCommand } from './message-stream.ts';

// What add-audio-files-to-messages and remove-audio-files-from-messages share. Each message is
// its own stream, so there is no transaction across them: every message is decided first on its
// current state (it exists: else a ValidationError naming body.messageIds; the caller may edit its
// items: else the decider's refusal) and the audio files exist, so a refused request appends
// nothing. Then each message's events are appended.

export type AudioFilesCommand = (messageId: number, editor: { userId: number; userGroupId: number | null }, at: string) => Promise<MessageCommand>;

export async function changeAudioFilesOfMessages(request: FastifyRequest, body: { messageIds: readonly number[]; audioFileIds: readonly number[] }, command: AudioFilesCommand): Promise<{ changed: number }> {
  const { userId } = requireUser(request);
  const { deps } = request.server;
  const { userGroupId } = await itemEditor(deps.sql, userId);
  const at = deps.now().toISOString();
  const commands: MessageCommand[] = [];
  for (const messageId of new Set(body.messageIds)) {
    const state = await loadMessageState(deps, messageId);
    if (!state.exists) throw validationError([{ path: 'body.messageIds', message: `No such message: ${messageId}` }]);
    const next = await command(messageId, { userId, userGroupId }, at);
    messageDecider.decide(next, state);
    commands.push(next);
  }
  await requireExisting(deps.sql, 'audio_files', body.audioFileIds, 'audioFileIds');
  let changed = 0;
  for (const next of commands) changed += (await runMessageCommand(deps, next)).events.length;
  return { changed };
}
