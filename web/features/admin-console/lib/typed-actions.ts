import type { z } from 'zod';
import { allTypedRequests, type TypedRequestType } from '../../../../schemas/api/back-office/all-typed-requests.ts';

// The typed requests of the catalogue (server/http/typed-requests.ts, docs/back-office.md "Typed
// requests") beside the entity they act on. `rowField` is the prop the selected row's id fills in
// (a list gets [id]), so an action on the row in hand is one click after picking it. Every type,
// these and the rest, is also in the console's Requests view (allTypedRequests).

export interface TypedAction {
  type: TypedRequestType;
  props: z.ZodType;
  rowField?: string;
}

const action = (type: TypedRequestType, rowField?: string): TypedAction => ({ type, props: allTypedRequests[type], ...(rowField ? { rowField } : {}) });

export const typedActions: Readonly<Record<string, readonly TypedAction[]>> = {
  users: [
    action('copy-user', 'userId'),
    action('set-force-reload', 'userIds'),
    action('copy-user-settings', 'fromUserId'),
    action('add-user-group-items', 'userIds'),
    action('set-users-user-group', 'userIds'),
    action('set-users-instructions-user-group', 'userIds'),
    action('set-users-timings-user-group', 'userIds'),
    action('set-user-contact', 'userIds'),
    action('set-topical-file', 'userIds'),
    action('set-target-count', 'userId'),
    action('get-target-counts', 'userIds'),
    action('set-password', 'userId'),
    action('send-login-token', 'userId'),
    action('login-as-user', 'userId'),
    action('remove-user', 'userId'),
  ],
  residents: [action('invite-user', 'residentId')],
  'user-groups': [
    action('set-user-group-categories', 'userGroupIds'),
    action('set-user-group-recipes', 'userGroupIds'),
    action('set-user-group-files', 'userGroupIds'),
    action('set-user-group-contact', 'userGroupIds'),
    action('copy-user-group-contents', 'toUserGroupId'),
    action('add-user-group-items', 'userGroupIds'),
  ],
  'user-group-items': [action('set-user-group-items-active', 'ids')],
  contacts: [action('set-user-contact', 'contactIds'), action('set-user-group-contact', 'contactIds')],
  recipes2: [action('copy-recipe', 'fromRecipeId'), action('set-recipe-items', 'recipeId')],
  'recipe-items2': [action('set-recipe-item-order', 'recipeItemId'), action('set-recipe-items-active', 'ids')],
  artists: [action('merge-artists', 'srcIds'), action('add-similar-artists', 'artistId'), action('remove-similar-artists', 'artistId')],
  'audio-files2': [
    action('set-audio-file-active', 'audioFileIds'),
    action('set-audio-file-categories', 'audioFileIds'),
    action('set-audio-file-artists', 'audioFileIds'),
    action('set-audio-file-length', 'audioFileId'),
    action('add-similar-audio-files', 'audioFileId'),
    action('remove-similar-audio-files', 'audioFileId'),
  ],
  files2: [action('set-file-categories', 'fileIds')],
  'ug-recipe-timings': [action('add-ug-recipe-timings'), action('remove-ug-recipe-timings', 'ids')],
  'ug-recurring-recipe-timings': [
    action('add-ug-recurring-recipe-timings'),
    action('add-ug-recurring-recipe-timings-week'),
    action('remove-ug-recurring-recipe-timings', 'ids'),
  ],
  messages2: [action('copy-message', 'messageId'), action('add-audio-files-to-messages', 'messageIds'), action('remove-audio-files-from-messages', 'messageIds')],
  'user-tag-groups2': [
    action('add-audio-files-to-user-tag-groups', 'userTagGroupIds'),
    action('remove-audio-files-from-user-tag-groups', 'userTagGroupIds'),
    action('add-recipes-to-user-tag-groups', 'userTagGroupIds'),
    action('set-user-tag-order', 'userTagGroupId'),
    action('set-user-tag-group-user-groups', 'userTagGroupIds'),
  ],
  'app-tasks': [action('add-app-task')],
};

/** The console's address of the Requests view (/admin/requests), beside the entities' /admin/{entity}. */
export const requestsView = 'requests';

/** The entities a request sits beside, for the Requests view to point at. */
export function entitiesOf(type: TypedRequestType): string[] {
  return Object.entries(typedActions)
    .filter(([, actions]) => actions.some((a) => a.type === type))
    .map(([entity]) => entity);
}
