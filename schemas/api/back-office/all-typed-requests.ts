import type { z } from 'zod';
import { AddAppTaskBody } from '../app-tasks.ts';
import { LoginAsUserRequest } from '../auth.ts';
import {
  AddUgRecipeTimingsRequest,
  AddUgRecurringRecipeTimingsRequest,
  AddUgRecurringRecipeTimingsWeekRequest,
  CopyRecipeRequest,
  CopyUserRequest,
  GetAdminUiStateRequest,
  MergeArtistsRequest,
  RemoveUgRecipeTimingsRequest,
  RemoveUgRecurringRecipeTimingsRequest,
  SetAdminUiStateRequest,
  SetAudioFileActiveRequest,
  SetAudioFileArtistsRequest,
  SetAudioFileCategoriesRequest,
  SetAudioFileLengthRequest,
  SetFileCategoriesRequest,
  SetForceReloadRequest,
  SetRecipeItemOrderRequest,
  SetRecipeItemsActiveRequest,
  SimilarArtistsRequest,
  SimilarAudioFilesRequest,
} from '../back-office-requests.ts';
import {
  AddAudioFilesToMessagesRequest,
  AddAudioFilesToUserTagGroupsRequest,
  AddRecipesToUserTagGroupsRequest,
  AnalyzeTextRequest,
  RemoveAudioFilesFromMessagesRequest,
  RemoveAudioFilesFromUserTagGroupsRequest,
  SetRecipeItemsRequest,
  SetUserTagGroupUserGroupsRequest,
  SetUserTagOrderRequest,
} from '../content-requests.ts';
import { InviteUserRequest, ResetPasswordRequest, SendLoginTokenRequest, SendPasswordResetEmailRequest } from '../invitations.ts';
import { CopyMessageRequest } from '../messages.ts';
import { CheckUsageSessionRequest, GetTargetCountsRequest, SetTargetCountRequest } from '../requests.ts';
import { SetTopicalFileRequest } from '../topical-file.ts';
import { RemoveUserRequest, SetPasswordRequest } from '../user-admin.ts';
import {
  AddUserGroupItemsRequest,
  CopyUserGroupContentsRequest,
  CopyUserSettingsRequest,
  SetUserContactRequest,
  SetUserGroupCategoriesRequest,
  SetUserGroupContactRequest,
  SetUserGroupFilesRequest,
  SetUserGroupItemsActiveRequest,
  SetUserGroupRecipesRequest,
  SetUsersUserGroupRequest,
} from '../user-group-requests.ts';

// Every typed request of the catalogue (POST /api/requests/{type}, server/http/typed-requests.ts)
// with the props schema the server validates it with, as the browser may import it: the operator
// console lists each one in its Requests view and draws its form from the schema, so every type is
// reachable there without console code. server/http/console-actions.unit.spec.ts fails while this
// list and the server's catalogue name different types or different schemas, so a new typed
// request is added here (and so to the console) or the tests fail.

export const allTypedRequests = {
  'check-usage-session': CheckUsageSessionRequest,
  'copy-message': CopyMessageRequest,
  'get-target-counts': GetTargetCountsRequest,
  'invite-user': InviteUserRequest,
  'login-as-user': LoginAsUserRequest,
  'remove-user': RemoveUserRequest,
  'reset-password': ResetPasswordRequest,
  'send-login-token': SendLoginTokenRequest,
  'send-password-reset-email': SendPasswordResetEmailRequest,
  'set-password': SetPasswordRequest,
  'set-target-count': SetTargetCountRequest,
  'set-audio-file-active': SetAudioFileActiveRequest,
  'set-audio-file-length': SetAudioFileLengthRequest,
  'set-audio-file-artists': SetAudioFileArtistsRequest,
  'set-audio-file-categories': SetAudioFileCategoriesRequest,
  'set-file-categories': SetFileCategoriesRequest,
  'merge-artists': MergeArtistsRequest,
  'set-recipe-item-order': SetRecipeItemOrderRequest,
  'set-recipe-items-active': SetRecipeItemsActiveRequest,
  'copy-recipe': CopyRecipeRequest,
  'add-ug-recipe-timings': AddUgRecipeTimingsRequest,
  'remove-ug-recipe-timings': RemoveUgRecipeTimingsRequest,
  'set-force-reload': SetForceReloadRequest,
  'add-ug-recurring-recipe-timings': AddUgRecurringRecipeTimingsRequest,
  'add-ug-recurring-recipe-timings-week': AddUgRecurringRecipeTimingsWeekRequest,
  'remove-ug-recurring-recipe-timings': RemoveUgRecurringRecipeTimingsRequest,
  'add-similar-artists': SimilarArtistsRequest,
  'remove-similar-artists': SimilarArtistsRequest,
  'add-similar-audio-files': SimilarAudioFilesRequest,
  'remove-similar-audio-files': SimilarAudioFilesRequest,
  'set-admin-ui-state': SetAdminUiStateRequest,
  'get-admin-ui-state': GetAdminUiStateRequest,
  'copy-user': CopyUserRequest,
  'add-audio-files-to-messages': AddAudioFilesToMessagesRequest,
  'remove-audio-files-from-messages': RemoveAudioFilesFromMessagesRequest,
  'add-audio-files-to-user-tag-groups': AddAudioFilesToUserTagGroupsRequest,
  'remove-audio-files-from-user-tag-groups': RemoveAudioFilesFromUserTagGroupsRequest,
  'add-recipes-to-user-tag-groups': AddRecipesToUserTagGroupsRequest,
  'set-user-tag-order': SetUserTagOrderRequest,
  'set-user-tag-group-user-groups': SetUserTagGroupUserGroupsRequest,
  'set-recipe-items': SetRecipeItemsRequest,
  'analyze-text': AnalyzeTextRequest,
  'set-topical-file': SetTopicalFileRequest,
  'copy-user-settings': CopyUserSettingsRequest,
  'copy-user-group-contents': CopyUserGroupContentsRequest,
  'add-user-group-items': AddUserGroupItemsRequest,
  'set-user-group-items-active': SetUserGroupItemsActiveRequest,
  // The users' group, instructions group and timings group take the same props.
  'set-users-user-group': SetUsersUserGroupRequest,
  'set-users-instructions-user-group': SetUsersUserGroupRequest,
  'set-users-timings-user-group': SetUsersUserGroupRequest,
  'set-user-contact': SetUserContactRequest,
  'set-user-group-contact': SetUserGroupContactRequest,
  'set-user-group-categories': SetUserGroupCategoriesRequest,
  'set-user-group-recipes': SetUserGroupRecipesRequest,
  'set-user-group-files': SetUserGroupFilesRequest,
  'add-app-task': AddAppTaskBody,
} as const satisfies Record<string, z.ZodType>;

export type TypedRequestType = keyof typeof allTypedRequests;

/** The types in the catalogue's order, for lists. */
export const typedRequestTypes = Object.keys(allTypedRequests) as TypedRequestType[];
