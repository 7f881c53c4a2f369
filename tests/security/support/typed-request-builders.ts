import { randomBytes } from 'node:crypto';
import { libraryRows } from '../../support/library-rows.ts';
import type { RequestBuilder } from './route-requests.ts';

// One realistic request per back-office typed request (service operators only), each on
// throwaway rows: an operator's change must not alter the rows the other routes' cells use.

const typed = (type: string, payload: object) => ({ method: 'POST' as const, url: `/api/requests/${type}`, payload });
const contactRow = async (s: Parameters<RequestBuilder>[0]) => (await s.t.sql.query<{ id: number }>("INSERT INTO contacts (name) VALUES ('Service desk') RETURNING id"))[0]!.id;

export const typedRequestBuilders: Record<string, RequestBuilder> = {
  'POST /api/requests/set-audio-file-active': async (s) => typed('set-audio-file-active', { audioFileIds: [await libraryRows(s.t.sql).audioFile()], active: false }),
  'POST /api/requests/set-audio-file-length': async (s) => {
    const rows = libraryRows(s.t.sql);
    const fileId = await rows.file();
    return typed('set-audio-file-length', { audioFileId: await rows.audioFile({ fileId }), fileId, audioLength: 181.4 });
  },
  'POST /api/requests/set-audio-file-artists': async (s) => {
    const rows = libraryRows(s.t.sql);
    return typed('set-audio-file-artists', { audioFileIds: [await rows.audioFile()], artistIds: [await rows.artist()], value: true });
  },
  'POST /api/requests/set-audio-file-categories': async (s) => {
    const rows = libraryRows(s.t.sql);
    return typed('set-audio-file-categories', { audioFileIds: [await rows.audioFile()], categoryIds: [await rows.category()], value: true });
  },
  'POST /api/requests/set-file-categories': async (s) => {
    const rows = libraryRows(s.t.sql);
    return typed('set-file-categories', { fileIds: [await rows.file('image/png')], categoryIds: [await rows.category()], value: true });
  },
  'POST /api/requests/merge-artists': async (s) => {
    const rows = libraryRows(s.t.sql);
    return typed('merge-artists', { srcIds: [await rows.artist()], dstId: await rows.artist() });
  },
  'POST /api/requests/set-recipe-item-order': async (s) => {
    const rows = libraryRows(s.t.sql);
    return typed('set-recipe-item-order', { recipeItemId: await rows.recipeItem(await rows.recipe()), order: 3 });
  },
  'POST /api/requests/set-recipe-items-active': async (s) => {
    const rows = libraryRows(s.t.sql);
    return typed('set-recipe-items-active', { ids: [await rows.recipeItem(await rows.recipe())], active: false });
  },
  'POST /api/requests/copy-recipe': async (s) => typed('copy-recipe', { fromRecipeId: s.ids.recipe, toRecipeId: await libraryRows(s.t.sql).recipe() }),
  'POST /api/requests/add-ug-recipe-timings': async (s) => {
    const rows = libraryRows(s.t.sql);
    return typed('add-ug-recipe-timings', { userGroupIds: [await rows.userGroup()], recipeId: await rows.recipe(), days: ['2026-12-24'] });
  },
  'POST /api/requests/remove-ug-recipe-timings': async (s) => {
    const rows = libraryRows(s.t.sql);
    return typed('remove-ug-recipe-timings', { ids: [await rows.timing(await rows.userGroup(), await rows.recipe(), '2026-12-24')] });
  },
  'POST /api/requests/add-ug-recurring-recipe-timings': async (s) => {
    const rows = libraryRows(s.t.sql);
    return typed('add-ug-recurring-recipe-timings', { userGroupIds: [await rows.userGroup()], recipeId: await rows.recipe(), month: 12, day: 24, special: true });
  },
  'POST /api/requests/add-ug-recurring-recipe-timings-week': async (s) => {
    const rows = libraryRows(s.t.sql);
    return typed('add-ug-recurring-recipe-timings-week', { userGroupIds: [await rows.userGroup()], recipeId: await rows.recipe(), week: 10, day: 1 });
  },
  'POST /api/requests/remove-ug-recurring-recipe-timings': async (s) => {
    const rows = libraryRows(s.t.sql);
    return typed('remove-ug-recurring-recipe-timings', { ids: [await rows.recurringTiming(await rows.userGroup(), await rows.recipe())] });
  },
  'POST /api/requests/add-similar-artists': async (s) => {
    const rows = libraryRows(s.t.sql);
    return typed('add-similar-artists', { artistId: await rows.artist(), artistIds: [await rows.artist()] });
  },
  'POST /api/requests/remove-similar-artists': async (s) => {
    const rows = libraryRows(s.t.sql);
    return typed('remove-similar-artists', { artistId: await rows.artist(), artistIds: [await rows.artist()] });
  },
  'POST /api/requests/add-similar-audio-files': async (s) => {
    const rows = libraryRows(s.t.sql);
    return typed('add-similar-audio-files', { audioFileId: await rows.audioFile(), audioFileIds: [await rows.audioFile()] });
  },
  'POST /api/requests/remove-similar-audio-files': async (s) => {
    const rows = libraryRows(s.t.sql);
    return typed('remove-similar-audio-files', { audioFileId: await rows.audioFile(), audioFileIds: [await rows.audioFile()] });
  },
  'POST /api/requests/set-admin-ui-state': () => typed('set-admin-ui-state', { state: { tab: 'audio-files', filter: { active: true } } }),
  'POST /api/requests/get-admin-ui-state': () => typed('get-admin-ui-state', {}),
  'POST /api/requests/copy-user': (s) => typed('copy-user', { userId: s.ids.unit, name: `copy-${randomBytes(6).toString('hex')}` }),
  // A throwaway user: the flag on a role's own account would change its ping.
  'POST /api/requests/set-force-reload': async (s) => typed('set-force-reload', { value: true, userIds: [(await s.t.createUser()).id] }),
  // Content (req-content): the unit's own draft and favorite list, with fresh audio files so the
  // rows other cells read stay as they are; set-user-tag-order puts the list's file where it is.
  'POST /api/requests/add-audio-files-to-messages': async (s) => typed('add-audio-files-to-messages', { messageIds: [s.ids.message], audioFileIds: [await libraryRows(s.t.sql).audioFile()] }),
  'POST /api/requests/remove-audio-files-from-messages': async (s) => typed('remove-audio-files-from-messages', { messageIds: [s.ids.message], audioFileIds: [await libraryRows(s.t.sql).audioFile()] }),
  'POST /api/requests/add-audio-files-to-user-tag-groups': async (s) =>
    typed('add-audio-files-to-user-tag-groups', { userTagGroupIds: [s.ids.favoriteList], audioFileIds: [await libraryRows(s.t.sql).audioFile()], insertAsFirst: false }),
  'POST /api/requests/remove-audio-files-from-user-tag-groups': async (s) =>
    typed('remove-audio-files-from-user-tag-groups', { userTagGroupIds: [s.ids.favoriteList], audioFileIds: [await libraryRows(s.t.sql).audioFile()] }),
  'POST /api/requests/add-recipes-to-user-tag-groups': async (s) => typed('add-recipes-to-user-tag-groups', { userTagGroupIds: [s.ids.favoriteList], recipeIds: [await libraryRows(s.t.sql).recipe()] }),
  'POST /api/requests/set-user-tag-order': (s) => typed('set-user-tag-order', { userTagGroupId: s.ids.favoriteList, audioFileId: s.ids.audioFile, order: 1 }),
  // null: stop sharing, which the unit's list never was: changes nothing for the other cells.
  'POST /api/requests/set-user-tag-group-user-groups': (s) => typed('set-user-tag-group-user-groups', { userTagGroupIds: [s.ids.favoriteList], userGroupId: null }),
  'POST /api/requests/set-recipe-items': async (s) => {
    const rows = libraryRows(s.t.sql);
    const recipeId = await rows.recipe();
    return typed('set-recipe-items', { recipeId, items: [{ id: await rows.recipeItem(recipeId), type: 'Story' }, { type: 'Music', audioFileId: await rows.audioFile() }] });
  },
  'POST /api/requests/analyze-text': () => typed('analyze-text', { text: 'Tänään laulamme yhdessä.' }),
  // User groups, users' groups, contacts and app tasks: throwaway users and groups, so no role's
  // own account changes group or settings.
  'POST /api/requests/copy-user-settings': async (s) => typed('copy-user-settings', { fromUserId: s.ids.unit, toUserIds: [(await s.t.createUser()).id], settings: { userGroupItems: true } }),
  'POST /api/requests/copy-user-group-contents': async (s) => {
    const rows = libraryRows(s.t.sql);
    return typed('copy-user-group-contents', { fromUserGroupIds: [await rows.userGroup()], toUserGroupId: await rows.userGroup() });
  },
  'POST /api/requests/add-user-group-items': async (s) => typed('add-user-group-items', { userIds: [(await s.t.createUser()).id], userGroupIds: [await libraryRows(s.t.sql).userGroup()], mode: 'ReadWrite' }),
  'POST /api/requests/set-user-group-items-active': async (s) => {
    const [user, group] = [(await s.t.createUser()).id, await libraryRows(s.t.sql).userGroup()];
    const [item] = await s.t.sql.query<{ id: number }>('INSERT INTO user_group_items (user_group_id, user_id) VALUES ($1, $2) RETURNING id', [group, user]);
    return typed('set-user-group-items-active', { ids: [item!.id], active: false });
  },
  ...Object.fromEntries(
    ['set-users-user-group', 'set-users-instructions-user-group', 'set-users-timings-user-group'].map((type) => [
      `POST /api/requests/${type}`,
      async (s: Parameters<RequestBuilder>[0]) => typed(type, { userIds: [(await s.t.createUser()).id], userGroupId: await libraryRows(s.t.sql).userGroup() }),
    ]),
  ),
  'POST /api/requests/set-user-contact': async (s) => typed('set-user-contact', { contactIds: [await contactRow(s)], userIds: [(await s.t.createUser()).id], value: true }),
  'POST /api/requests/set-user-group-contact': async (s) => typed('set-user-group-contact', { contactIds: [await contactRow(s)], userGroupIds: [await libraryRows(s.t.sql).userGroup()], value: true }),
  'POST /api/requests/set-user-group-categories': async (s) => {
    const rows = libraryRows(s.t.sql);
    return typed('set-user-group-categories', { userGroupIds: [await rows.userGroup()], categoryIds: [await rows.category()], value: true, mode: 'targetable' });
  },
  'POST /api/requests/set-user-group-recipes': async (s) => {
    const rows = libraryRows(s.t.sql);
    return typed('set-user-group-recipes', { userGroupIds: [await rows.userGroup()], recipeIds: [await rows.recipe()], value: true });
  },
  'POST /api/requests/set-user-group-files': async (s) => {
    const rows = libraryRows(s.t.sql);
    return typed('set-user-group-files', { userGroupIds: [await rows.userGroup()], fileIds: [await rows.file('application/pdf')], value: true });
  },
  'POST /api/requests/add-app-task': (s) => typed('add-app-task', { task: { kind: 'GenerateSessionDataTask', userId: s.ids.unit, day: s.first } }),
};
