import { z } from 'zod';
import { notFound } from '../../infra/errors.ts';
import { copyMessageRequest } from '../../commands/messages/copy-message-request.ts';
import { inviteUserRequest } from '../../commands/users/invite-user-request.ts';
import { loginAsUserRequest } from '../../commands/auth/login-as-user-request.ts';
import { removeUserRequest } from '../../commands/users/remove-user.ts';
import { resetPasswordRequest, sendPasswordResetEmailRequest } from '../../commands/users/password-reset-requests.ts';
import { sendLoginTokenRequest } from '../../commands/users/send-login-token-request.ts';
import { setPasswordRequest } from '../../commands/users/set-password.ts';
import { setTargetCountRequest } from '../../commands/targets/set-target-count-request.ts';
import { checkUsageSessionRequest } from '../../queries/usage/check-usage-session.ts';
import { getTargetCountsRequest } from '../../queries/targets/get-target-counts.ts';
import { setAudioFileActiveRequest } from '../../commands/library/set-audio-file-active.ts';
import { setAudioFileLengthRequest } from '../../commands/library/set-audio-file-length.ts';
import { setAudioFileArtistsRequest } from '../../commands/library/set-audio-file-artists.ts';
import { setAudioFileCategoriesRequest } from '../../commands/library/set-audio-file-categories.ts';
import { setFileCategoriesRequest } from '../../commands/library/set-file-categories.ts';
import { mergeArtistsRequest } from '../../commands/library/merge-artists.ts';
import { setRecipeItemOrderRequest } from '../../commands/recipes/set-recipe-item-order.ts';
import { setRecipeItemsActiveRequest } from '../../commands/recipes/set-recipe-items-active.ts';
import { copyRecipeRequest } from '../../commands/recipes/copy-recipe.ts';
import { addUgRecipeTimingsRequest } from '../../commands/timings/add-ug-recipe-timings.ts';
import { removeUgRecipeTimingsRequest } from '../../commands/timings/remove-ug-recipe-timings.ts';
import { setForceReloadRequest } from '../../commands/users/set-force-reload.ts';
import { addUgRecurringRecipeTimingsRequest } from '../../commands/timings/add-ug-recurring-recipe-timings.ts';
import { addUgRecurringRecipeTimingsWeekRequest } from '../../commands/timings/add-ug-recurring-recipe-timings-week.ts';
import { removeUgRecurringRecipeTimingsRequest } from '../../commands/timings/remove-ug-recurring-recipe-timings.ts';
import { addSimilarArtistsRequest } from '../../commands/library/add-similar-artists.ts';
import { removeSimilarArtistsRequest } from '../../commands/library/remove-similar-artists.ts';
import { addSimilarAudioFilesRequest } from '../../commands/library/add-similar-audio-files.ts';
import { removeSimilarAudioFilesRequest } from '../../commands/library/remove-similar-audio-files.ts';
import { setAdminUiStateRequest } from '../../commands/admin-ui/set-admin-ui-state.ts';
import { getAdminUiStateRequest } from '../../queries/admin-ui/get-admin-ui-state.ts';
import { copyUserRequest } from '../../commands/users/copy-user.ts';
// Content (req-content): audio files in messages and favorite lists, recipe items, analyze-text.
import { addAudioFilesToMessagesRequest } from '../../commands/messages/add-audio-files-to-messages.ts';
import { removeAudioFilesFromMessagesRequest } from '../../commands/messages/remove-audio-files-from-messages.ts';
import { addAudioFilesToUserTagGroupsRequest } from '../../commands/favorites/add-audio-files-to-user-tag-groups.ts';
import { removeAudioFilesFromUserTagGroupsRequest } from '../../commands/favorites/remove-audio-files-from-user-tag-groups.ts';
import { addRecipesToUserTagGroupsRequest } from '../../commands/favorites/add-recipes-to-user-tag-groups.ts';
import { setUserTagOrderRequest } from '../../commands/favorites/set-user-tag-order.ts';
import { setUserTagGroupUserGroupsRequest } from '../../commands/favorites/set-user-tag-group-user-groups.ts';
import { setRecipeItemsRequest } from '../../commands/recipes/set-recipe-items.ts';
import { analyzeTextRequest } from '../../queries/text/analyze-text.ts';
import { setTopicalFileRequest } from '../../commands/users/set-topical-file.ts';
// User groups, users' groups, contacts and app tasks (issue 18 item 2).
import { copyUserSettingsRequest } from '../../commands/users/copy-user-settings.ts';
import { copyUserGroupContentsRequest } from '../../commands/user-groups/copy-user-group-contents.ts';
import { addUserGroupItemsRequest } from '../../commands/user-groups/add-user-group-items.ts';
import { setUserGroupItemsActiveRequest } from '../../commands/user-groups/set-user-group-items-active.ts';
import { setUsersUserGroupRequest } from '../../commands/users/set-users-user-group.ts';
import { setUsersInstructionsUserGroupRequest } from '../../commands/users/set-users-instructions-user-group.ts';
import { setUsersTimingsUserGroupRequest } from '../../commands/users/set-users-timings-user-group.ts';
import { setUserContactRequest } from '../../commands/contacts/set-user-contact.ts';
import { setUserGroupContactRequest } from '../../commands/contacts/set-user-group-contact.ts';
import { setUserGroupCategoriesRequest } from '../../commands/user-groups/set-user-group-categories.ts';
import { setUserGroupRecipesRequest } from '../../commands/user-groups/set-user-group-recipes.ts';
import { setUserGroupFilesRequest } from '../../commands/user-groups/set-user-group-files.ts';
import { addAppTaskRequest } from '../../commands/app-tasks/add-app-task.ts';
import type { TypedRequest } from './typed-request.ts';
import type { App } from './zod.ts';

// POST /api/requests/{type}: the typed-request catalogue of spec 3 section 7, one line per type.
// It lives at the HTTP edge because it routes to commands and queries alike; like routes.ts, it
// is composition: commands and queries import typed-request.ts, never this file.
// A type not listed here is NotFound; its props are validated by the type's own schema, and a
// failing field is named `body.<field>` like every other route's.

export const typedRequests: Readonly<Record<string, TypedRequest>> = {
  'check-usage-session': checkUsageSessionRequest,
  'copy-message': copyMessageRequest,
  'get-target-counts': getTargetCountsRequest,
  'invite-user': inviteUserRequest,
  'login-as-user': loginAsUserRequest,
  'remove-user': removeUserRequest,
  'reset-password': resetPasswordRequest,
  'send-login-token': sendLoginTokenRequest,
  'send-password-reset-email': sendPasswordResetEmailRequest,
  'set-password': setPasswordRequest,
  'set-target-count': setTargetCountRequest,
  // The back office (service operators): content library, recipes, timings, users.
  'set-audio-file-active': setAudioFileActiveRequest,
  'set-audio-file-length': setAudioFileLengthRequest,
  'set-audio-file-artists': setAudioFileArtistsRequest,
  'set-audio-file-categories': setAudioFileCategoriesRequest,
  'set-file-categories': setFileCategoriesRequest,
  'merge-artists': mergeArtistsRequest,
  'set-recipe-item-order': setRecipeItemOrderRequest,
  'set-recipe-items-active': setRecipeItemsActiveRequest,
  'copy-recipe': copyRecipeRequest,
  'add-ug-recipe-timings': addUgRecipeTimingsRequest,
  'remove-ug-recipe-timings': removeUgRecipeTimingsRequest,
  'set-force-reload': setForceReloadRequest,
  'add-ug-recurring-recipe-timings': addUgRecurringRecipeTimingsRequest,
  'add-ug-recurring-recipe-timings-week': addUgRecurringRecipeTimingsWeekRequest,
  'remove-ug-recurring-recipe-timings': removeUgRecurringRecipeTimingsRequest,
  'add-similar-artists': addSimilarArtistsRequest,
  'remove-similar-artists': removeSimilarArtistsRequest,
  'add-similar-audio-files': addSimilarAudioFilesRequest,
  'remove-similar-audio-files': removeSimilarAudioFilesRequest,
  'set-admin-ui-state': setAdminUiStateRequest,
  'get-admin-ui-state': getAdminUiStateRequest,
  'copy-user': copyUserRequest,
  // Content: messages and favorite lists (their makers, through their deciders), recipe items, text.
  'add-audio-files-to-messages': addAudioFilesToMessagesRequest,
  'remove-audio-files-from-messages': removeAudioFilesFromMessagesRequest,
  'add-audio-files-to-user-tag-groups': addAudioFilesToUserTagGroupsRequest,
  'remove-audio-files-from-user-tag-groups': removeAudioFilesFromUserTagGroupsRequest,
  'add-recipes-to-user-tag-groups': addRecipesToUserTagGroupsRequest,
  'set-user-tag-order': setUserTagOrderRequest,
  'set-user-tag-group-user-groups': setUserTagGroupUserGroupsRequest,
  'set-recipe-items': setRecipeItemsRequest,
  'analyze-text': analyzeTextRequest,
  // The settings tab's topical file (spec 3 section 2): an administrator's, for their units.
  'set-topical-file': setTopicalFileRequest,
  // User groups, users' groups, contacts and app tasks.
  'copy-user-settings': copyUserSettingsRequest,
  'copy-user-group-contents': copyUserGroupContentsRequest,
  'add-user-group-items': addUserGroupItemsRequest,
  'set-user-group-items-active': setUserGroupItemsActiveRequest,
  'set-users-user-group': setUsersUserGroupRequest,
  'set-users-instructions-user-group': setUsersInstructionsUserGroupRequest,
  'set-users-timings-user-group': setUsersTimingsUserGroupRequest,
  'set-user-contact': setUserContactRequest,
  'set-user-group-contact': setUserGroupContactRequest,
  'set-user-group-categories': setUserGroupCategoriesRequest,
  'set-user-group-recipes': setUserGroupRecipesRequest,
  'set-user-group-files': setUserGroupFilesRequest,
  'add-app-task': addAppTaskRequest,
};

const Params = z.strictObject({ type: z.string().min(1).max(100) });

/**
 * One route per type, `POST /api/requests/<type>`, with the type's own schemas: Fastify validates
 * the props and the answer, the OpenAPI document lists each type with its props and result, and
 * the authorisation table has a row per type. `POST /api/requests/:type` is what is left: an
 * unknown type, NotFound (a static path always wins over the parametric one).
 */
export function postTypedRequestRoute(app: App): void {
  for (const [type, handler] of Object.entries(typedRequests)) {
    app.post(
      `/api/requests/${type}`,
      {
        schema: { description: `${handler.effect} Who may: ${handler.permission}`, tags: ['typed requests'], body: handler.body, response: { 200: handler.result } },
        // A request without a body means no props: validated as {} like a body of {}.
        preValidation: async (request) => {
          request.body ??= {};
        },
      },
      async (request) => handler.handle(request, request.body),
    );
  }
  app.post('/api/requests/:type', { schema: { description: 'A type not in the catalogue: NotFound.', tags: ['typed requests'], params: Params, body: z.unknown() } }, async (request) => {
    throw notFound(`Unknown request type: ${request.params.type}`);
  });
}
