import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { loginRoute } from '../../commands/auth/login.ts';
import { logoutRoute } from '../../commands/auth/logout.ts';
import { publicReportTokenLoginRoute } from '../../commands/auth/public-report-token-login.ts';
import { tokenLoginRoute } from '../../commands/auth/token-login.ts';
import { firstPasswordRoute } from '../../commands/users/first-password.ts';
import { getOutboxRoute } from '../../queries/mail/get-outbox.ts';
import { postEvaluationRoute } from '../../commands/evaluations/post-evaluation.ts';
import { putEvaluationRoute } from '../../commands/evaluations/put-evaluation.ts';
import { putSettingRoute } from '../../commands/settings/put-setting.ts';
import { postUsageLogRoute } from '../../commands/usage/post-usage-log.ts';
import { getEvaluationsRoute } from '../../queries/evaluations/get-evaluations.ts';
import { runWarehouseSqlRoute } from '../../queries/admin/run-warehouse-sql.ts';
import { getProjectionStatusRoute } from '../operations/get-projection-status.ts';
import { getAdminUsageRoute } from '../../queries/usage/get-admin-usage.ts';
import { getPublicUsageRoute } from '../../queries/usage/get-public-usage.ts';
import { getResidentUsageRoute } from '../../queries/usage/get-resident-usage.ts';
import { getUsageDetailsXlsxRoute } from '../../queries/usage/get-usage-details-xlsx.ts';
import { getUsageXlsxRoute } from '../../queries/usage/get-usage-xlsx.ts';
import { getUsageSessionsRoute } from '../../queries/usage/get-usage-sessions.ts';
import { getUsageTotalsRoute } from '../../queries/usage/get-usage-totals.ts';
import { getUsageSessionTableRoute } from '../../queries/usage/get-usage-session-table.ts';
import { getVideoViewsRoute } from '../../queries/usage/get-video-views.ts';
import { getUsageDetailsLogRoute } from '../../queries/usage/get-usage-details-log.ts';
import { getNotConnectedPlaysRoute } from '../../queries/usage/get-not-connected-plays.ts';
import { dropOldWarehouseVersionsRoute } from '../operations/drop-old-versions.ts';
import { getUsageRulesRoute } from '../../queries/usage-rules/get-usage-rules.ts';
import { putUsageRulesRoute } from '../operations/put-usage-rules.ts';
import { startRebuildRoute } from '../operations/start-rebuild.ts';
import { switchWarehouseVersionRoute } from '../operations/switch-version.ts';
import { getRebuildStatusRoute } from '../operations/get-rebuild-status.ts';
import { getSettingsRoute } from '../../queries/settings/get-settings.ts';
import { pingRoute } from '../../queries/system/ping.ts';
import { getCurrentUserRoute } from '../../queries/user/get-current-user.ts';
import { getCategoriesRoute } from '../../queries/library/get-categories.ts';
import { getAudioFilesRoute } from '../../queries/library/get-audio-files.ts';
import { getAudioFilesInfoRoute } from '../../queries/library/get-audio-files-info.ts';
import { getAudioFileFromCategoryRoute } from '../../queries/library/get-audio-file-from-category.ts';
import { getFileRoute } from '../../queries/library/get-file.ts';
import { getFileThumbnailRoute } from '../../queries/library/get-file-thumbnail.ts';
import { streamAudioFileRoute } from '../../queries/library/stream-audio-file.ts';
import { getLastPlayRoute } from '../../queries/user/get-last-play.ts';
import { getFavoritesRoute } from '../../queries/favorites/get-favorites.ts';
import { getRecipesRoute } from '../../queries/recipes/get-recipes.ts';
import { getRecipeItemsRoute } from '../../queries/recipes/get-recipe-items.ts';
import { getUserTagGroupsRoute } from '../../queries/favorites/get-user-tag-groups.ts';
import { setAudioFileFavoriteRoute } from '../../commands/favorites/set-audio-file-favorite.ts';
import { setAudioFileFavoriteOrderRoute } from '../../commands/favorites/set-audio-file-favorite-order.ts';
import { setRecipeFavoriteRoute } from '../../commands/favorites/set-recipe-favorite.ts';
import { createUserTagGroupRoute } from '../../commands/favorites/create-user-tag-group.ts';
import { renameUserTagGroupRoute } from '../../commands/favorites/rename-user-tag-group.ts';
import { removeUserTagGroupRoute } from '../../commands/favorites/remove-user-tag-group.ts';
import { setActiveUserTagGroupRoute } from '../../commands/favorites/set-active-user-tag-group.ts';
import { copyUserTagGroupRoute } from '../../commands/favorites/copy-user-tag-group.ts';
import type { ReferenceTable } from '../../domain/reference-data/reference-table.ts';
import { entityRegistry } from '../../domain/reference-data/entity-registry.ts';
import { createReferenceRowRoute } from '../../commands/reference-data/create-reference-row.ts';
import { updateReferenceRowRoute } from '../../commands/reference-data/update-reference-row.ts';
import { getReferenceRowRoute } from '../../queries/reference-data/get-reference-row.ts';
import { listReferenceRowsRoute } from '../../queries/reference-data/list-reference-rows.ts';
import { createMessageRoute } from '../../commands/messages/create-message.ts';
import { updateMessageRoute } from '../../commands/messages/update-message.ts';
import { setMessageActivityRoute } from '../../commands/messages/set-message-activity.ts';
import { createMessageItemRoute } from '../../commands/messages/create-message-item.ts';
import { updateMessageItemRoute } from '../../commands/messages/update-message-item.ts';
import { removeMessageItemRoute } from '../../commands/messages/remove-message-item.ts';
import { setMessageReadTimeRoute } from '../../commands/messages/set-message-read-time.ts';
import { setDiscussionReadTimeRoute } from '../../commands/messages/set-discussion-read-time.ts';
import { postReplyRoute } from '../../commands/messages/post-reply.ts';
import { makeVideoChatRoomRoute } from '../../commands/messages/make-video-chat-room.ts';
import { makeVideoChatAccessKeyRoute } from '../../queries/messages/make-video-chat-access-key.ts';
import { controlMessageRecipientsPlayerRoute } from '../../commands/messages/control-message-recipients-player.ts';
import { getMsgsRoute } from '../../queries/messages/get-msgs.ts';
import { unreadMessagesCountRoute } from '../../queries/messages/unread-messages-count.ts';
import { getMessagesRoute } from '../../queries/messages/get-messages.ts';
import { getMessageItemsRoute } from '../../queries/messages/get-message-items.ts';
import { getTodaysMessagesRoute } from '../../queries/messages/get-todays-messages.ts';
import { getMessageTimingsRoute } from '../../queries/messages/get-message-timings.ts';
import { getRecipeTimingsRoute } from '../../queries/recipes/get-recipe-timings.ts';
import { getTodaysRecipeRoute } from '../../queries/recipes/get-todays-recipe.ts';
import { getMessageRecipientsRoute } from '../../queries/messages/get-message-recipients.ts';
import { uploadFilesRoute } from '../../commands/files/upload-files.ts';
import { liveChannelRoute } from './live-channel.ts';
import { postTypedRequestRoute } from './typed-requests.ts';
import { setPasswordRoute } from '../../commands/users/set-password.ts';
import { getAdminUsersRoute } from '../../queries/users/get-admin-users.ts';
import { getPublicReportLinkRoute } from '../../queries/users/get-public-report-link.ts';
import { issuePublicReportLinkRoute } from '../../commands/users/issue-public-report-link.ts';
import { revokePublicReportLinkRoute } from '../../commands/users/revoke-public-report-link.ts';
import { setUserStateRoute } from '../../commands/users/set-user-state.ts';
import { getRemovedUsersRoute } from '../../queries/users/get-removed-users.ts';
import type { App, RouteModule } from './zod.ts';
import { parkEventRoute } from '../operations/park-event.ts';
import { createLibraryAudioFileRoute } from '../../commands/library/create-library-audio-file.ts';
import { updateLibraryAudioFileRoute } from '../../commands/library/update-library-audio-file.ts';
import { setLibraryAudioFileActiveRoute } from '../../commands/library/set-library-audio-file-active.ts';
import { getLibraryAudioFilesRoute } from '../../queries/library/get-library-audio-files.ts';
import { getLibraryChoicesRoute } from '../../queries/library/get-library-choices.ts';
import { addAppTaskRoute } from '../../commands/app-tasks/add-app-task.ts';
import { createAppTaskRoute } from '../../commands/app-tasks/create-app-task.ts';
import { getAppTasksRoute } from '../../queries/app-tasks/get-app-tasks.ts';
import { retryProjectionRoute } from '../operations/retry-projection.ts';

/**
 * The generic data pattern's routes of one entity (domain/reference-data/entity-registry.ts): a
 * read-only entity (no create or change schema) registers only the two reads.
 */
function referenceDataRoutes(definition: ReferenceTable): RouteModule[] {
  return [listReferenceRowsRoute(definition), getReferenceRowRoute(definition), createReferenceRowRoute(definition), updateReferenceRowRoute(definition)];
}

// Every route module of the server, one line each. A new command or query adds its import and
// its entry here; nothing else needs to know about it.
export const routeModules: readonly RouteModule[] = [
  loginRoute,
  logoutRoute,
  getCurrentUserRoute,
  pingRoute,
  getSettingsRoute,
  putSettingRoute,
  liveChannelRoute,
  getProjectionStatusRoute,
  postUsageLogRoute,
  postTypedRequestRoute,
  setPasswordRoute,
  getAdminUsersRoute,
  getRemovedUsersRoute,
  getEvaluationsRoute,
  postEvaluationRoute,
  putEvaluationRoute,
  getUsageTotalsRoute,
  getAdminUsageRoute,
  getUsageSessionsRoute,
  getUsageRulesRoute,
  putUsageRulesRoute,
  startRebuildRoute,
  getRebuildStatusRoute,
  switchWarehouseVersionRoute,
  dropOldWarehouseVersionsRoute,
  publicReportTokenLoginRoute,
  tokenLoginRoute,
  getPublicUsageRoute,
  getResidentUsageRoute,
  getUsageXlsxRoute,
  getUsageDetailsXlsxRoute,
  runWarehouseSqlRoute,
  getUsageSessionTableRoute,
  getVideoViewsRoute,
  getUsageDetailsLogRoute,
  getNotConnectedPlaysRoute,
  getCategoriesRoute,
  getAudioFilesRoute,
  getAudioFilesInfoRoute,
  getAudioFileFromCategoryRoute,
  getFileRoute,
  getFileThumbnailRoute,
  streamAudioFileRoute,
  getLastPlayRoute,
  getFavoritesRoute,
  getRecipesRoute,
  getRecipeItemsRoute,
  getUserTagGroupsRoute,
  setAudioFileFavoriteRoute,
  setAudioFileFavoriteOrderRoute,
  setRecipeFavoriteRoute,
  createUserTagGroupRoute,
  renameUserTagGroupRoute,
  removeUserTagGroupRoute,
  setActiveUserTagGroupRoute,
  copyUserTagGroupRoute,
  ...entityRegistry.flatMap(referenceDataRoutes),
  createAppTaskRoute,
  getMessagesRoute,
  getMessageItemsRoute,
  getTodaysMessagesRoute,
  getMessageRecipientsRoute,
  createMessageRoute,
  updateMessageRoute,
  setMessageActivityRoute,
  createMessageItemRoute,
  updateMessageItemRoute,
  removeMessageItemRoute,
  setMessageReadTimeRoute,
  setDiscussionReadTimeRoute,
  postReplyRoute,
  makeVideoChatRoomRoute,
  makeVideoChatAccessKeyRoute,
  controlMessageRecipientsPlayerRoute,
  getMsgsRoute,
  unreadMessagesCountRoute,
  uploadFilesRoute,
  retryProjectionRoute,
  parkEventRoute,
  getRecipeTimingsRoute,
  getMessageTimingsRoute,
  getTodaysRecipeRoute,
  firstPasswordRoute,
  getOutboxRoute,
  // The content library managed by operators, and app tasks (issue 18 items 3 and 4).
  getLibraryAudioFilesRoute,
  getLibraryChoicesRoute,
  createLibraryAudioFileRoute,
  updateLibraryAudioFileRoute,
  setLibraryAudioFileActiveRoute,
  getAppTasksRoute,
  addAppTaskRoute,
  getPublicReportLinkRoute,
  issuePublicReportLinkRoute,
  revokePublicReportLinkRoute,
  setUserStateRoute,
];

/** Last: every route relies on the hooks before it (errors, input guard, origin, session, limits). */
export const routes = fp(
  async (app: FastifyInstance) => {
    const typed = app as App;
    for (const register of routeModules) register(typed);
  },
  { name: 'routes', dependencies: ['error-handling', 'input-guard', 'origin-check', 'auth', 'public-report-only', 'login-limits', '@fastify/websocket', 'api-docs'], fastify: '5.x' },
);
