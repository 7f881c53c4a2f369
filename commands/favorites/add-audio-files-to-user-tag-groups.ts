import { AddAudioFilesToUserTagGroupsRequest, ContentChangedResult } from '../../schemas/api/content-requests.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { changeOwnLists } from './user-tag-group-requests.ts';

// add-audio-files-to-user-tag-groups {userTagGroupIds, audioFileIds, insertAsFirst?} (spec 3
// section 7): one pick of audio files into several of the caller's lists at once. A file a list
// has already keeps its place; the others go last, or first (insertAsFirst) in the order given.

export const addAudioFilesToUserTagGroupsRequest = typedRequest({
  permission: 'The maker of the favorite lists (list 0: the caller\'s default list).',
  effect: 'Adds the audio files each list lacks, last or first (insertAsFirst) in the order given; answers how many were added.',
  body: AddAudioFilesToUserTagGroupsRequest,
  result: ContentChangedResult,
  handle: (request, body) =>
    changeOwnLists(request, { ids: body.userTagGroupIds, field: 'userTagGroupIds' }, { table: 'audio_files', ids: body.audioFileIds, field: 'audioFileIds' }, (actor, listId, at) => ({
      kind: 'addAudioFiles',
      actor,
      listId,
      audioFileIds: body.audioFileIds,
      first: body.insertAsFirst ?? false,
      at,
    })),
});
