import { ContentChangedResult, RemoveAudioFilesFromMessagesRequest } from '../../schemas/api/content-requests.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { changeAudioFilesOfMessages } from './audio-files-in-messages.ts';

// remove-audio-files-from-messages {messageIds, audioFileIds} (spec 3 section 7): takes every
// AudioFile item of those audio files out of several drafts at once (the message decider).

export const removeAudioFilesFromMessagesRequest = typedRequest({
  permission: "The messages' owner while they are drafts (or a recipient of a recommendation with recipientCanModify).",
  effect: 'Removes every AudioFile item of the audio files from each message; answers how many items were removed.',
  body: RemoveAudioFilesFromMessagesRequest,
  result: ContentChangedResult,
  handle: (request, body) => changeAudioFilesOfMessages(request, body, async (messageId, editor, at) => ({ kind: 'removeAudioFiles', messageId, ...editor, audioFileIds: body.audioFileIds, at })),
});
