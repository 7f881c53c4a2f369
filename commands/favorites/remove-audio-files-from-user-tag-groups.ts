import { ContentChangedResult, RemoveAudioFilesFromUserTagGroupsRequest } from '../../schemas/api/content-requests.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { changeOwnLists } from './user-tag-group-requests.ts';

// remove-audio-files-from-user-tag-groups {userTagGroupIds, audioFileIds} (spec 3 section 7): takes
// the files out of several of the caller's lists at once; the play history stays.

export const removeAudioFilesFromUserTagGroupsRequest = typedRequest({
  permission: 'The maker of the favorite lists (list 0: the caller\'s default list).',
  effect: 'Removes the audio files from each list that has them; answers how many were removed.',
  body: RemoveAudioFilesFromUserTagGroupsRequest,
  result: ContentChangedResult,
  handle: (request, body) =>
    changeOwnLists(request, { ids: body.userTagGroupIds, field: 'userTagGroupIds' }, { table: 'audio_files', ids: body.audioFileIds, field: 'audioFileIds' }, (actor, listId, at) => ({
      kind: 'removeAudioFiles',
      actor,
      listId,
      audioFileIds: body.audioFileIds,
      at,
    })),
});
