import { randomUUID } from 'node:crypto';
import { artistEntity, audioFileEntity, categoryEntity, fileEntity, recipeEntity, recipeItemEntity } from '../../schemas/api/back-office/library-entities.ts';
import {
  contactEntity,
  defaultMessageRecipientEntity,
  eventEntity,
  ugRecipeTimingEntity,
  ugRecurringRecipeTimingEntity,
  userEntity,
  userGroupCategoryEntity,
  userGroupEntity,
  userGroupItemEntity,
} from '../../schemas/api/back-office/group-entities.ts';
import {
  evaluationEntity,
  favoritesEntity,
  hiddenAuditValue,
  loggingEntity,
  messageEntity,
  messageItemEntity,
  messageItemReplyEntity,
  userTagEntity,
  userTagGroupEntity,
} from '../../schemas/api/back-office/read-entities.ts';
import { appTaskEntity } from '../../schemas/api/back-office/app-task-entity.ts';
import { endSessionsOfUser } from '../../infra/auth/sessions.ts';
import { sanitizeHtml } from '../../schemas/common/safe-html.ts';
import { activities } from './activities.ts';
import { referenceTable, type ReferenceTable } from './reference-table.ts';
import type { SqlParam } from '../../infra/sql/sql.ts';
import { residents } from './residents.ts';
import { audioFileLogs, detailedUsageReports, searchLogs, usageReports, userReports } from './usage-entities.ts';

// Every admin data definition of spec 3 section 3 served by the generic data pattern
// (reference-table.ts), with who may use it. server/http/routes.ts registers their routes from
// this list, tests/http/back-office-entities.int.spec.ts walks each of them, docs/back-office.md
// lists them.
//
// The usage entities (audio-file-logs, usage-reports, user-reports, detailed-usage-reports,
// search-logs) read the usage warehouse: usage-entities.ts.

const day = (column: string) => `to_char(r.${column}, 'YYYY-MM-DD')`;

// ---------------------------------------------------------------------------------------------
// The content library (operators)

export const artists = referenceTable({
  name: artistEntity.name,
  table: 'artists',
  fields: {
    name: { column: 'name' },
    firstName: { column: 'first_name' },
    lastName: { column: 'last_name' },
    group: { column: 'group' },
    info: { column: 'info' },
    active: { column: 'active' },
  },
  access: { kind: 'operator' },
  searchSql: `concat_ws(' ', name, first_name, last_name)`,
  sorts: { 'name-asc': 'lower(name), id', 'id-desc': 'id DESC' },
  schemas: artistEntity,
});

/** An HTML field the browser shows as HTML: stored cleaned to the one policy (schemas/common/html-policy.ts). */
const html = (column: string) => ({ column, store: (value: SqlParam) => (typeof value === 'string' ? sanitizeHtml(value) : value) });

export const audioFiles = referenceTable({
  name: audioFileEntity.name,
  table: 'audio_files',
  fields: {
    type: { column: 'type' },
    name: { column: 'name' },
    stageTitle: { column: 'stage_title' },
    composer: { column: 'composer' },
    artist: { column: 'artist' },
    description: html('description'),
    stageDescription: html('stage_description'),
    track: { column: 'track' },
    album: { column: 'album' },
    fileId: { column: 'file_id', references: 'files' },
    imageId: { column: 'image_id', references: 'files' },
    originalFileId: { column: 'original_file_id', references: 'files' },
    discCode: { column: 'disc_code' },
    length: { column: 'length' },
    fileTime: { column: 'file_time' },
    active: { column: 'active' },
    categoryIds: { column: '', select: 'ARRAY(SELECT c.category_id FROM audio_file_categories c WHERE c.audio_file_id = r.id ORDER BY c.priority DESC, c.category_id)' },
    artistIds: { column: '', select: 'ARRAY(SELECT a.artist_id FROM audio_file_artists a WHERE a.audio_file_id = r.id ORDER BY a.artist_id)' },
    modifiedAt: { column: 'modified_at' },
  },
  access: { kind: 'operator' },
  searchSql: `concat_ws(' ', name, stage_title, composer, artist, album)`,
  sorts: { 'name-asc': 'lower(name), id', 'id-desc': 'id DESC', 'modified-desc': 'modified_at DESC, id DESC' },
  filters: {
    type: 'type = ANY($value::text[])',
    fileIds: 'file_id = ANY($value::integer[])',
    categoryIds: 'id IN (SELECT audio_file_id FROM audio_file_categories WHERE category_id = ANY($value::integer[]))',
    artistIds: 'id IN (SELECT audio_file_id FROM audio_file_artists WHERE artist_id = ANY($value::integer[]))',
  },
  touched: 'modified_at',
  schemas: audioFileEntity,
});

export const categories = referenceTable({
  name: categoryEntity.name,
  table: 'categories',
  fields: {
    name: { column: 'name' },
    type: { column: 'type' },
    description: { column: 'description' },
    contentType: { column: 'content_type' },
    contentTypePriority: { column: 'content_type_priority' },
    usageReport: { column: 'usage_report' },
    active: { column: 'active' },
    audioFileCount: { column: '', select: '(SELECT count(*)::integer FROM audio_file_categories c WHERE c.category_id = r.id)' },
  },
  access: { kind: 'operator' },
  searchSql: `concat_ws(' ', name, description)`,
  sorts: { 'name-asc': 'lower(name), id', 'id-desc': 'id DESC' },
  filters: { type: 'type = ANY($value::text[])' },
  schemas: categoryEntity,
});

export const files = referenceTable({
  name: fileEntity.name,
  table: 'files',
  fields: {
    name: { column: 'name' },
    description: { column: 'description' },
    contentType: { column: 'content_type' },
    userId: { column: 'user_id', references: 'users' },
    userGroupId: { column: 'user_group_id', references: 'user_groups' },
    vimeoLink: { column: 'vimeo_link' },
    active: { column: 'active' },
    objectKey: { column: 'object_key' },
    size: { column: 'size' },
    time: { column: 'time' },
    hasObject: { column: 'has_object' },
  },
  access: { kind: 'operator' },
  searchSql: `concat_ws(' ', name, description)`,
  sorts: { 'id-desc': 'id DESC', 'name-asc': 'lower(name), id' },
  filters: { userIds: 'user_id = ANY($value::integer[])', userGroupIds: 'user_group_id = ANY($value::integer[])' },
  // A row made here has no stored bytes (a linked video); its key only has to be unique.
  inserted: () => ({ object_key: `link/${randomUUID()}`, has_object: false }),
  schemas: fileEntity,
});

export const recipes = referenceTable({
  name: recipeEntity.name,
  table: 'recipes',
  fields: {
    name: { column: 'name' },
    description: html('description'),
    author: { column: 'author' },
    searchPriority: { column: 'search_priority' },
    active: { column: 'active' },
    insertionTime: { column: 'insertion_time' },
  },
  access: { kind: 'operator' },
  searchSql: `concat_ws(' ', name, author)`,
  sorts: { 'name-asc': 'lower(name), id', 'id-desc': 'id DESC' },
  schemas: recipeEntity,
});

export const recipeItems = referenceTable({
  name: recipeItemEntity.name,
  table: 'recipe_items',
  fields: {
    recipeId: { column: 'recipe_id', references: 'recipes' },
    type: { column: 'type' },
    order: { column: 'order' },
    audioFileId: { column: 'audio_file_id', references: 'audio_files' },
    active: { column: 'active' },
  },
  access: { kind: 'operator' },
  searchSql: 'type',
  sorts: { 'order-asc': 'recipe_id, "order", id', 'id-desc': 'id DESC' },
  filters: { recipeIds: 'recipe_id = ANY($value::integer[])' },
  schemas: recipeItemEntity,
});

// ---------------------------------------------------------------------------------------------
// Users, groups, contacts and timings (operators)

export const userGroups = referenceTable({
  name: userGroupEntity.name,
  table: 'user_groups',
  fields: {
    name: { column: 'name' },
    messagesName: { column: 'messages_name' },
    description: { column: 'description' },
    addressStreet: { column: 'address_street' },
    addressCity: { column: 'address_city' },
    addressPostalCode: { column: 'address_postal_code' },
    addressCountry: { column: 'address_country' },
    infoFileId: { column: 'info_file_id', references: 'files' },
    footerFileId: { column: 'footer_file_id', references: 'files' },
    dailyReport: { column: 'daily_report' },
    active: { column: 'active' },
  },
  access: { kind: 'operator' },
  searchSql: `concat_ws(' ', name, messages_name, address_city)`,
  sorts: { 'name-asc': 'lower(name), id', 'id-desc': 'id DESC' },
  schemas: userGroupEntity,
});

export const userGroupItems = referenceTable({
  name: userGroupItemEntity.name,
  table: 'user_group_items',
  fields: {
    userGroupId: { column: 'user_group_id', references: 'user_groups' },
    userId: { column: 'user_id', references: 'users' },
    mode: { column: 'mode' },
    active: { column: 'active' },
  },
  access: { kind: 'operator' },
  searchSql: 'mode',
  sorts: { 'id-asc': 'id', 'id-desc': 'id DESC' },
  filters: { userIds: 'user_id = ANY($value::integer[])', userGroupIds: 'user_group_id = ANY($value::integer[])' },
  constraints: { user_group_items_once: 'userId' },
  schemas: userGroupItemEntity,
});

export const userGroupCategories = referenceTable({
  name: userGroupCategoryEntity.name,
  table: 'user_group_categories',
  fields: {
    userGroupId: { column: 'user_group_id', references: 'user_groups' },
    categoryId: { column: 'category_id', references: 'categories' },
    mode: { column: 'mode' },
    active: { column: 'active' },
  },
  access: { kind: 'operator' },
  searchSql: `coalesce(mode, '')`,
  sorts: { 'id-asc': 'id', 'id-desc': 'id DESC' },
  filters: { userGroupIds: 'user_group_id = ANY($value::integer[])', categoryIds: 'category_id = ANY($value::integer[])' },
  constraints: { user_group_categories_once: 'categoryId' },
  schemas: userGroupCategoryEntity,
});

export const contacts = referenceTable({
  name: contactEntity.name,
  table: 'contacts',
  fields: {
    name: { column: 'name' },
    title: { column: 'title' },
    organization: { column: 'organization' },
    address: { column: 'address' },
    email: { column: 'email' },
    phone: { column: 'phone' },
    active: { column: 'active' },
    users: { column: 'user_ids', references: 'users' },
    userGroups: { column: 'user_group_ids', references: 'user_groups' },
  },
  access: { kind: 'operator' },
  searchSql: `concat_ws(' ', name, title, organization, email)`,
  sorts: { 'id-desc': 'id DESC', 'name-asc': 'lower(name), id' },
  filters: { userIds: 'user_ids && $value::integer[]', userGroupIds: 'user_group_ids && $value::integer[]' },
  schemas: contactEntity,
});

export const users = referenceTable({
  name: userEntity.name,
  table: 'users',
  fields: {
    name: { column: 'name' },
    clientName: { column: 'client_name' },
    firstName: { column: 'first_name' },
    lastName: { column: 'last_name' },
    email: { column: 'email' },
    organization: { column: 'organization' },
    language: { column: 'language' },
    userGroupId: { column: 'user_group_id', references: 'user_groups' },
    timingsUserGroupId: { column: 'timings_user_group_id', references: 'user_groups' },
    residentId: { column: 'resident_id', references: 'residents' },
    contractStartDate: { column: 'contract_start_date', select: day('contract_start_date') },
    contractEndDate: { column: 'contract_end_date', select: day('contract_end_date') },
    infoFileId: { column: 'info_file_id', references: 'files' },
    footerFileId: { column: 'footer_file_id', references: 'files' },
    active: { column: 'active' },
    insertedByUserId: { column: 'inserted_by_user_id' },
    operator: { column: 'operator' },
  },
  access: { kind: 'operator' },
  searchSql: `concat_ws(' ', name, client_name, first_name, last_name, email, organization)`,
  sorts: {
    'name-asc': 'lower(name), id',
    'user-group-name-asc': '(SELECT lower(g.name) FROM user_groups g WHERE g.id = r.user_group_id) NULLS LAST, lower(name), id',
    'contract-start-date-desc': 'contract_start_date DESC NULLS LAST, id',
  },
  filters: { userGroupIds: 'user_group_id = ANY($value::integer[])' },
  inserted: (actorUserId) => ({ inserted_by_user_id: actorUserId }),
  constraints: { users_name_key: 'name' },
  // A user made inactive here can no longer log in: their sessions end with the change.
  afterChange: async (tx, old, row) => {
    if (old.active === true && row.active === false) await endSessionsOfUser(tx, Number(row.id), 'user-deactivated');
  },
  schemas: userEntity,
});

// ---------------------------------------------------------------------------------------------
// A unit's own data (the unit and its administrators)

export const defaultMessageRecipients = referenceTable({
  name: defaultMessageRecipientEntity.name,
  table: 'default_message_recipients',
  fields: {
    srcUserId: { column: 'src_user_id' },
    dstUserId: { column: 'dst_user_id', references: 'users' },
    recipientName: { column: 'recipient_name' },
    active: { column: 'active' },
  },
  access: { kind: 'unit' },
  unitField: 'srcUserId',
  searchSql: `coalesce(recipient_name, '')`,
  sorts: { 'id-asc': 'id', 'id-desc': 'id DESC' },
  constraints: { default_message_recipients_src_user_id_dst_user_id_key: 'dstUserId' },
  schemas: defaultMessageRecipientEntity,
});

export const events = referenceTable({
  name: eventEntity.name,
  table: 'unit_events',
  fields: {
    time: { column: 'time' },
    userId: { column: 'user_id' },
    userGroupId: { column: 'user_group_id', references: 'user_groups' },
    comment: { column: 'comment' },
    active: { column: 'active' },
    createdByUserId: { column: 'created_by_user_id' },
  },
  access: { kind: 'unit' },
  searchSql: `coalesce(comment, '')`,
  sorts: { 'time-desc': 'time DESC, id DESC', 'time-asc': 'time, id' },
  filters: { userGroupIds: 'user_group_id = ANY($value::integer[])', startTime: 'time >= $value::timestamptz', endTime: 'time < $value::timestamptz' },
  inserted: (actorUserId) => ({ created_by_user_id: actorUserId }),
  schemas: eventEntity,
});

export const ugRecipeTimings = referenceTable({
  name: ugRecipeTimingEntity.name,
  table: 'ug_recipe_timings',
  fields: {
    userGroupId: { column: 'user_group_id', references: 'user_groups' },
    recipeId: { column: 'recipe_id', references: 'recipes' },
    day: { column: 'day', select: day('day') },
  },
  access: { kind: 'operator' },
  searchSql: `to_char(day, 'YYYY-MM-DD')`,
  sorts: { 'day-asc': 'day, id', 'day-desc': 'day DESC, id DESC' },
  filters: {
    userGroupIds: 'user_group_id = ANY($value::integer[])',
    recipeIds: 'recipe_id = ANY($value::integer[])',
    firstDay: 'day >= $value::date',
    lastDay: 'day <= $value::date',
  },
  schemas: ugRecipeTimingEntity,
});

export const ugRecurringRecipeTimings = referenceTable({
  name: ugRecurringRecipeTimingEntity.name,
  table: 'ug_recurring_recipe_timings',
  fields: {
    recipeId: { column: 'recipe_id', references: 'recipes' },
    userGroupId: { column: 'user_group_id', references: 'user_groups' },
    month: { column: 'month' },
    day: { column: 'day' },
    week: { column: 'week' },
    special: { column: 'special' },
  },
  access: { kind: 'operator' },
  searchSql: `''`,
  sorts: { 'id-asc': 'id', 'id-desc': 'id DESC' },
  filters: { userGroupIds: 'user_group_id = ANY($value::integer[])', recipeIds: 'recipe_id = ANY($value::integer[])', special: 'special = $value::boolean' },
  // Migration 013: a date (month and day) or a week (and maybe a weekday), never both.
  constraints: { ug_recurring_recipe_timings_check: 'week' },
  schemas: ugRecurringRecipeTimingEntity,
});

// ---------------------------------------------------------------------------------------------
// Read only: the audit log (operators) and the event-sourced read models (their owners)

/**
 * The audited tables of the units' own data: the rows an operator may not read through the app
 * (docs/security.md), residents above all. Their audit rows keep who, when, which action on which
 * row and which columns; every value but the row's id is `hiddenAuditValue`, and the search text
 * leaves them out, so no filter finds a resident by name (issue 37 item 7).
 */
export const unitDataAuditTables: readonly string[] = [residents, activities, events, defaultMessageRecipients].map((d) => d.table);

const unitDataRow = `r."table" = ANY(ARRAY[${unitDataAuditTables.map((table) => `'${table}'`).join(', ')}]::text[])`;

/**
 * `data` (a logging row's old or new data) of a unit's row, hidden: its id, and each other column
 * as the marker. An update's columns the change left as they were (equal in `other`) are left out.
 */
const hiddenData = (data: string, other: string) => `(SELECT jsonb_object_agg(c.key, CASE WHEN c.key = 'id' THEN c.value ELSE to_jsonb('${hiddenAuditValue}'::text) END)
  FROM jsonb_each(CASE WHEN jsonb_typeof(r.${data}) = 'object' THEN r.${data} END) AS c
  WHERE c.key = 'id' OR r.${other} IS NULL OR r.${other} -> c.key IS DISTINCT FROM c.value)`;

export const logging = referenceTable({
  name: loggingEntity.name,
  table: 'logging',
  fields: {
    time: { column: 'time' },
    table: { column: 'table' },
    action: { column: 'action' },
    userId: { column: 'user_id' },
    oldData: { column: 'old_data', select: `CASE WHEN ${unitDataRow} THEN ${hiddenData('old_data', 'new_data')} ELSE r.old_data END` },
    newData: { column: 'new_data', select: `CASE WHEN ${unitDataRow} THEN ${hiddenData('new_data', 'old_data')} ELSE r.new_data END` },
    query: { column: 'query' },
  },
  access: { kind: 'operator' },
  searchSql: `concat_ws(' ', "table", query, CASE WHEN ${unitDataRow} THEN NULL ELSE new_data::text END)`,
  sorts: { 'id-desc': 'id DESC', 'id-asc': 'id' },
  filters: {
    tables: '"table" = ANY($value::text[])',
    actions: 'action = ANY($value::text[])',
    userIds: 'user_id = ANY($value::integer[])',
    rowIds: `coalesce(new_data->>'id', old_data->>'id') = ANY($value::text[])`,
    startTime: 'time >= $value::timestamptz',
    endTime: 'time < $value::timestamptz',
  },
  schemas: loggingEntity,
});

// App tasks (operators): the rows the job runner works through. POST /api/app-tasks adds one and
// queues its job (commands/app-tasks/create-app-task.ts); status and progress are the runner's.
export const appTasks = referenceTable({
  name: appTaskEntity.name,
  table: 'app_tasks',
  fields: {
    time: { column: 'time' },
    kind: { column: 'kind' },
    task: { column: 'task' },
    status: { column: 'status' },
    progress: { column: 'progress', select: 'r.progress::float8' },
    result: { column: 'result' },
    error: { column: 'error' },
    createdByUserId: { column: 'created_by_user_id' },
    startedAt: { column: 'started_at' },
    finishedAt: { column: 'finished_at' },
  },
  access: { kind: 'operator' },
  searchSql: `concat_ws(' ', kind, status, error)`,
  sorts: { 'id-desc': 'id DESC', 'id-asc': 'id' },
  filters: { kinds: 'kind = ANY($value::text[])', statuses: 'status = ANY($value::text[])' },
  schemas: appTaskEntity,
});

export const messages = referenceTable({
  name: messageEntity.name,
  table: 'messages',
  fields: {
    userId: { column: 'user_id' },
    title: { column: 'title' },
    time: { column: 'time' },
    expireTime: { column: 'expire_time' },
    sent: { column: 'sent' },
    messageActive: { column: 'active' },
    recommendation: { column: 'recommendation' },
    usageReport: { column: 'usage_report' },
    game: { column: 'game' },
    forcePopup: { column: 'force_popup' },
    recipientCanModify: { column: 'recipient_can_modify' },
    recipientCanReply: { column: 'recipient_can_reply' },
    replyToMessageId: { column: 'reply_to_message_id' },
    recipients: { column: 'recipients' },
    recipientGroups: { column: 'recipient_groups' },
  },
  access: { kind: 'unit' },
  searchSql: 'title',
  sorts: { 'id-desc': 'id DESC', 'id-asc': 'id' },
  schemas: messageEntity,
});

export const messageItems = referenceTable({
  name: messageItemEntity.name,
  table: 'message_items',
  // An item's unit is its message's owner.
  from: '(SELECT i.*, m.user_id FROM message_items i JOIN messages m ON m.id = i.message_id)',
  fields: {
    messageId: { column: 'message_id' },
    userId: { column: 'user_id' },
    order: { column: 'order' },
    type: { column: 'type' },
    contentType: { column: 'content_type' },
    trackClicks: { column: 'track_clicks' },
    fileId: { column: 'file_id' },
    audioFileId: { column: 'audio_file_id' },
    recipeId: { column: 'recipe_id' },
    url: { column: 'url' },
    html: { column: 'html' },
  },
  access: { kind: 'unit' },
  searchSql: `concat_ws(' ', type, html, url)`,
  sorts: { 'order-asc': 'message_id, "order", id', 'id-desc': 'id DESC' },
  filters: { messageIds: 'message_id = ANY($value::integer[])' },
  schemas: messageItemEntity,
});

export const messageItemReplies = referenceTable({
  name: messageItemReplyEntity.name,
  table: 'message_replies',
  // A reply belongs to its message's owner's unit, whoever wrote it.
  from: '(SELECT p.*, m.user_id AS owner_id, true AS active FROM message_replies p JOIN messages m ON m.id = p.message_id)',
  fields: {
    messageId: { column: 'message_id' },
    ownerId: { column: 'owner_id' },
    userId: { column: 'user_id' },
    name: { column: 'text' },
    fileId: { column: 'file_id' },
    time: { column: 'at' },
    active: { column: 'active' },
  },
  access: { kind: 'unit' },
  unitField: 'ownerId',
  searchSql: 'text',
  sorts: { 'time-asc': 'at, id', 'time-desc': 'at DESC, id' },
  filters: { messageIds: 'message_id = ANY($value::integer[])', startTime: 'at >= $value::timestamptz', endTime: 'at < $value::timestamptz' },
  schemas: messageItemReplyEntity,
});

export const evaluations = referenceTable({
  name: evaluationEntity.name,
  table: 'evaluations',
  from: '(SELECT e.*, e.evaluation_id AS id FROM evaluations e)',
  fields: {
    userId: { column: 'user_id', select: 'r.user_id::integer' },
    time: { column: 'time' },
    audioFileId: { column: 'audio_file_id', select: 'r.audio_file_id::integer' },
    messageItemId: { column: 'message_item_id', select: 'r.message_item_id::integer' },
    score: { column: 'score' },
  },
  access: { kind: 'owner' },
  searchSql: `''`,
  sorts: { 'time-desc': 'time DESC, id', 'time-asc': 'time, id' },
  schemas: evaluationEntity,
});

export const userTagGroups = referenceTable({
  name: userTagGroupEntity.name,
  table: 'favorite_lists',
  fields: {
    userId: { column: 'user_id' },
    userGroupId: { column: 'user_group_id' },
    name: { column: 'name' },
    description: { column: 'description' },
    createdAt: { column: 'created_at' },
  },
  access: { kind: 'owner' },
  searchSql: 'name',
  sorts: { 'name-asc': 'lower(name), id', 'id-desc': 'id DESC' },
  schemas: userTagGroupEntity,
});

export const userTags = referenceTable({
  name: userTagEntity.name,
  table: 'favorite_audio_files',
  // The favorites read model's audio file and recipe rows, one entity each.
  from: `(SELECT concat('a-', list_id, '-', user_id, '-', audio_file_id) AS id, user_id, list_id, audio_file_id, NULL::integer AS recipe_id, "order", insertion_time, admin
            FROM favorite_audio_files
          UNION ALL
          SELECT concat('r-', list_id, '-', user_id, '-', recipe_id), user_id, list_id, NULL::integer, recipe_id, NULL::integer, insertion_time, admin
            FROM favorite_recipes)`,
  fields: {
    userId: { column: 'user_id' },
    userTagGroupId: { column: 'list_id' },
    audioFileId: { column: 'audio_file_id' },
    recipeId: { column: 'recipe_id' },
    order: { column: 'order' },
    insertionTime: { column: 'insertion_time' },
    deletionTime: { column: '', select: 'NULL::text' },
    admin: { column: 'admin' },
  },
  access: { kind: 'owner' },
  searchSql: `''`,
  sorts: { 'order-asc': 'list_id, "order" NULLS LAST, id', 'insertion-time-desc': 'insertion_time DESC, id' },
  filters: {
    userTagGroupIds: 'list_id = ANY($value::integer[])',
    audioFileIds: 'audio_file_id = ANY($value::integer[])',
    recipeIds: 'recipe_id = ANY($value::integer[])',
  },
  schemas: userTagEntity,
});

export const favorites = referenceTable({
  name: favoritesEntity.name,
  table: 'users',
  // One row per user: their favorites across their lists, from the favorites read model.
  from: '(SELECT id, id AS user_id FROM users)',
  fields: {
    userId: { column: 'user_id' },
    audioFiles: {
      column: '',
      select: `coalesce((SELECT jsonb_agg(jsonb_build_array(f.list_id, f.audio_file_id, f."order") ORDER BY f.list_id, f."order", f.audio_file_id) FROM favorite_audio_files f WHERE f.user_id = r.id), '[]'::jsonb)`,
    },
    recipes: {
      column: '',
      select: `coalesce((SELECT jsonb_agg(jsonb_build_array(f.list_id, f.recipe_id) ORDER BY f.list_id, f.recipe_id) FROM favorite_recipes f WHERE f.user_id = r.id), '[]'::jsonb)`,
    },
  },
  access: { kind: 'owner' },
  searchSql: `''`,
  sorts: { 'id-asc': 'id' },
  schemas: favoritesEntity,
});

/** Every entity of the generic data pattern, in the order the docs and the console list them. */
export const entityRegistry: readonly ReferenceTable[] = [
  activities,
  appTasks,
  artists,
  audioFileLogs,
  audioFiles,
  categories,
  contacts,
  defaultMessageRecipients,
  detailedUsageReports,
  evaluations,
  events,
  favorites,
  files,
  logging,
  messageItemReplies,
  messageItems,
  messages,
  recipeItems,
  recipes,
  residents,
  searchLogs,
  ugRecipeTimings,
  ugRecurringRecipeTimings,
  usageReports,
  userGroupCategories,
  userGroupItems,
  userGroups,
  userReports,
  userTagGroups,
  userTags,
  users,
];
