import { AddAudioFilesToMessagesRequest, ContentChangedResult } from '../../schemas/api/content-requests.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { changeAudioFilesOfMessages } from './audio-files-in-messages.ts';

// add-audio-files-to-messages {messageIds, audioFileIds} (spec 3 section 7): one pick of audio
// files into several drafts at once (the message decider, DOMAIN.md section 2). An audio file a
// message has an AudioFile item of already is not added twice, so a retry adds nothing.

export const addAudioFilesToMessagesRequest = typedRequest({
  permission: "The messages' owner while they are drafts (or a recipient of a recommendation with recipientCanModify).",
  effect: 'Adds an AudioFile item, last, for each audio file a message has none of; answers how many items were added.',
  body: AddAudioFilesToMessagesRequest,
  result: ContentChangedResult,
  handle: (request, body) =>
    changeAudioFilesOfMessages(request, body, async (messageId, editor, at) => {
      const ids = await request.server.deps.sql.query<{ id: number }>(`SELECT nextval('message_item_ids')::integer AS id FROM generate_series(1, $1)`, [body.audioFileIds.length]);
      return { kind: 'addAudioFiles', messageId, ...editor, audioFileIds: body.audioFileIds, itemIds: ids.map((row) => Number(row.id)), at };
    }),
});
