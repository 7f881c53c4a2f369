import type { Sql } from '../../../infra/sql/sql.ts';
import type { TestApp } from '../../support/build-test-app.ts';

// One row per entity of the back office's generic data pattern (domain/reference-data/
// entity-registry.ts): who may use it, a realistic create and change, the value outside its list.
// tests/http/back-office-entities.int.spec.ts walks every entity with these and fails for an
// entity without a row; the authorisation table's requests (tests/security/support/route-requests.ts)
// reuse them.

export const callers = ['operator', 'unitAdmin', 'otherAdmin', 'caregiver', 'relative', 'anonymous'] as const;
export type Caller = (typeof callers)[number];
export type Outcome = 'ok' | 'denied' | 'unauth';
export type Matrix = Record<Caller, Outcome>;

/** The content library, users and groups, the audit log: service operators only. */
export const operatorsOnly: Matrix = { operator: 'ok', unitAdmin: 'denied', otherAdmin: 'denied', caregiver: 'denied', relative: 'denied', anonymous: 'unauth' };
/** A unit's own data: the unit and its administrators; neither an operator nor another unit's administrator. */
export const unitAndItsAdmins: Matrix = { operator: 'denied', unitAdmin: 'ok', otherAdmin: 'denied', caregiver: 'ok', relative: 'denied', anonymous: 'unauth' };
/** A user's own favorite lists and evaluations: nobody else, not even their administrator. */
export const ownerOnly: Matrix = { operator: 'denied', unitAdmin: 'denied', otherAdmin: 'denied', caregiver: 'ok', relative: 'denied', anonymous: 'unauth' };

/** Rows the cases point at; `new*` make a fresh one where a pair must be unique. */
export interface EntityWorld {
  sql: Sql;
  /** The caregiver unit every unit-scoped row belongs to. */
  unit: number;
  userGroup: number;
  category: number;
  recipe: number;
  audioFile: number;
  file: number;
  resident: number;
  newUser(): Promise<number>;
  newCategory(): Promise<number>;
  /**
   * The id of the unit's first row of a usage warehouse entity, after projecting what the unit
   * logged (plays of audioFile, a search in category), read through the entity's own query.
   */
  usageRow(entity: string): Promise<number | string>;
}

/** Sends a request as the caregiver unit and answers its JSON (read-only entities' rows come from their own commands). */
export type AsUnit = (method: 'POST' | 'PUT', url: string, payload: object) => Promise<Record<string, unknown>>;

export interface EntityCase {
  access: Matrix;
  /** A valid create body; absent for read-only entities. */
  create?: (w: EntityWorld) => Promise<Record<string, unknown>> | Record<string, unknown>;
  /** A valid change of a made row. */
  change?: (w: EntityWorld) => Record<string, unknown>;
  /** A field given a value outside its list, or none when the entity has no list field. */
  outOfList?: { field: string; value: unknown } | 'none';
  /** Read-only here, written by its own command at this route (an event-sourced entity). */
  writtenBy?: string;
  /** Its own command creates rows but none changes them: PUT is a 404. */
  noChange?: true;
  /** Read-only entities: a row made through the real commands as the unit; its id. */
  seed?: (w: EntityWorld, asUnit: AsUnit) => Promise<number | string>;
}

/** The id of the first row a usage entity answers the unit (as the unit itself asks); a usage entity without one has nothing to test. */
export async function firstUsageRow(t: TestApp, headers: Record<string, string>, unit: number, entity: string): Promise<number | string> {
  const response = await t.app.inject({ method: 'POST', url: `/api/get/${entity}`, headers, payload: { userIds: [unit] } });
  const items = (response.json() as { items?: { id: number | string }[] }).items;
  if (response.statusCode !== 200 || !items?.[0]) throw new Error(`POST /api/get/${entity} found no usage of the unit: ${response.statusCode} ${response.body}`);
  return items[0].id;
}

let counter = 0;
const unique = (prefix: string) => `${prefix}${process.pid}x${++counter}x${Math.floor(Math.random() * 1e6)}`;

export const entityCases: Record<string, EntityCase> = {
  activities: {
    access: unitAndItsAdmins,
    create: (w) => ({ name: 'Walk', userId: w.unit }),
    change: () => ({ name: 'Long walk', active: false }),
    outOfList: 'none',
  },
  'app-tasks': {
    access: operatorsOnly,
    writtenBy: 'POST /api/app-tasks (commands/app-tasks/create-app-task.ts)',
    noChange: true,
    seed: async (w) => {
      const [row] = await w.sql.query<{ id: number }>(
        `INSERT INTO app_tasks (kind, task, created_by_user_id) VALUES ('GenerateSessionDataTask', $1, $2) RETURNING id`,
        [JSON.stringify({ kind: 'GenerateSessionDataTask', userId: w.unit, day: '2026-01-15' }), w.unit],
      );
      return Number(row!.id);
    },
  },
  artists: {
    access: operatorsOnly,
    create: () => ({ name: 'Tapio Rautavaara', firstName: 'Tapio', lastName: 'Rautavaara', group: false }),
    change: () => ({ info: 'Singer and athlete', active: false }),
    outOfList: 'none',
  },
  'audio-file-logs': { access: unitAndItsAdmins, seed: (w) => w.usageRow('audio-file-logs') },
  'audio-files2': {
    access: operatorsOnly,
    create: (w) => ({ name: 'Kulkurin valssi', type: 'MusicPiece', length: 185, fileId: w.file, fileTime: '2026-01-02T10:00:00.000Z' }),
    change: () => ({ composer: 'Kaarlo Valkama', track: 3 }),
    outOfList: { field: 'type', value: 'Song' },
  },
  'categories2': {
    access: operatorsOnly,
    create: () => ({ name: 'Tangos', type: 'Music', contentType: 'Music', usageReport: 'report' }),
    change: () => ({ contentTypePriority: 2, usageReport: 'targetable' }),
    outOfList: { field: 'contentType', value: 'Jazz' },
  },
  contacts: {
    access: operatorsOnly,
    create: (w) => ({ name: 'Home care office', email: 'office@example.fi', phone: '+358 40 123 4567', users: [w.unit], userGroups: [w.userGroup] }),
    change: () => ({ title: 'Evening shift', users: [] }),
    outOfList: 'none',
  },
  'default-message-recipients': {
    access: unitAndItsAdmins,
    create: async (w) => ({ srcUserId: w.unit, dstUserId: await w.newUser(), recipientName: 'Nurse' }),
    change: () => ({ recipientName: 'Head nurse', active: false }),
    outOfList: 'none',
  },
  'detailed-usage-reports': { access: unitAndItsAdmins, seed: (w) => w.usageRow('detailed-usage-reports') },
  evaluations: {
    access: ownerOnly,
    writtenBy: 'POST /api/evaluations, PUT /api/evaluations/:id (commands/evaluations)',
    seed: async (w, asUnit) => String((await asUnit('POST', '/api/evaluations', { audioFileId: w.audioFile, score: 1 })).id),
  },
  events: {
    access: unitAndItsAdmins,
    create: (w) => ({ time: '2026-12-24T15:00:00.000Z', userId: w.unit, userGroupId: w.userGroup, comment: 'Christmas party' }),
    change: () => ({ comment: 'Christmas party in the hall' }),
    outOfList: 'none',
  },
  favorites: {
    access: ownerOnly,
    seed: async (w, asUnit) => {
      await asUnit('PUT', '/api/set-audio-file-favorite', { userTagGroupId: 0, audioFileId: w.audioFile, value: true });
      return w.unit;
    },
  },
  files2: {
    access: operatorsOnly,
    create: () => ({ name: 'Morning exercise', contentType: 'video/vimeo', vimeoLink: 'https://vimeo.com/123456' }),
    change: () => ({ description: 'Ten minutes, seated' }),
    outOfList: 'none',
  },
  logging: {
    access: operatorsOnly,
    seed: async (w) => {
      const [row] = await w.sql.query<{ id: number }>(
        `INSERT INTO logging ("table", action, user_id, new_data, query) VALUES ('artists', 'INSERT', $1, '{"id": 1}', 'POST /api/artists') RETURNING id`,
        [w.unit],
      );
      return Number(row!.id);
    },
  },
  'message-item-replies': {
    access: unitAndItsAdmins,
    seed: async (_w, asUnit) => {
      const message = await asUnit('POST', '/api/messages', { title: 'Replies', usageReport: false, game: false, recipientCanModify: false, recipientCanReply: true, replyToMessageId: null });
      return String((await asUnit('POST', '/api/message-replies', { messageId: message.id, reply: 'Kiitos, tulemme' })).id);
    },
  },
  'message-items2': {
    access: unitAndItsAdmins,
    seed: async (_w, asUnit) => {
      const message = await asUnit('POST', '/api/messages', { title: 'Items', usageReport: false, game: false, recipientCanModify: false, recipientCanReply: false, replyToMessageId: null });
      return Number((await asUnit('POST', '/api/message-items', { messageId: message.id, type: 'InlineHTML', html: '<p>Hello</p>', trackClicks: false })).id);
    },
  },
  messages2: {
    access: unitAndItsAdmins,
    seed: async (_w, asUnit) =>
      Number((await asUnit('POST', '/api/messages', { title: 'Hello', usageReport: false, game: false, recipientCanModify: false, recipientCanReply: false, replyToMessageId: null })).id),
  },
  'recipe-items2': {
    access: operatorsOnly,
    create: (w) => ({ recipeId: w.recipe, type: 'Music', order: 1, audioFileId: w.audioFile }),
    change: () => ({ order: 2, active: false }),
    outOfList: { field: 'type', value: 'Dance' },
  },
  recipes2: {
    access: operatorsOnly,
    create: () => ({ name: 'Morning songs', author: 'Sointu', searchPriority: 1 }),
    change: () => ({ description: '<p>Songs to wake up to</p>' }),
    outOfList: 'none',
  },
  residents: {
    access: unitAndItsAdmins,
    create: (w) => ({ firstName: 'Aino', lastName: 'Lahti', userId: w.unit }),
    change: () => ({ identification: 'Room 4' }),
    outOfList: 'none',
  },
  'search-logs': { access: unitAndItsAdmins, seed: (w) => w.usageRow('search-logs') },
  'ug-recipe-timings': {
    access: operatorsOnly,
    create: (w) => ({ userGroupId: w.userGroup, recipeId: w.recipe, day: '2026-12-24' }),
    change: () => ({ day: '2026-12-25' }),
    outOfList: 'none',
  },
  'ug-recurring-recipe-timings': {
    access: operatorsOnly,
    create: (w) => ({ userGroupId: w.userGroup, recipeId: w.recipe, month: 12, day: 6 }),
    change: () => ({ special: true }),
    outOfList: 'none',
  },
  'usage-reports': { access: unitAndItsAdmins, seed: (w) => w.usageRow('usage-reports') },
  'user-group-categories': {
    access: operatorsOnly,
    create: async (w) => ({ userGroupId: w.userGroup, categoryId: await w.newCategory(), mode: 'trackUsage' }),
    change: () => ({ mode: 'targetable' }),
    outOfList: { field: 'mode', value: 'tracked' },
  },
  'user-group-items': {
    access: operatorsOnly,
    create: async (w) => ({ userGroupId: w.userGroup, userId: await w.newUser(), mode: 'ReadWrite' }),
    change: () => ({ mode: 'MessageSender' }),
    outOfList: { field: 'mode', value: 'Owner' },
  },
  'user-groups': {
    access: operatorsOnly,
    create: () => ({ name: 'Sunny Side', addressCity: 'Tampere', dailyReport: true }),
    change: () => ({ messagesName: 'Sunny Side home', addressPostalCode: '33100' }),
    outOfList: 'none',
  },
  'user-reports': { access: unitAndItsAdmins, seed: (w) => w.usageRow('user-reports') },
  'user-tag-groups2': {
    access: ownerOnly,
    seed: async (_w, asUnit) => Number((await asUnit('POST', '/api/user-tag-groups', { name: 'Evening songs' })).id),
  },
  'user-tags': {
    access: ownerOnly,
    seed: async (w, asUnit) => {
      await asUnit('PUT', '/api/set-audio-file-favorite', { userTagGroupId: 0, audioFileId: w.audioFile, value: true });
      return `a-0-${w.unit}-${w.audioFile}`;
    },
  },
  users: {
    access: operatorsOnly,
    create: (w) => ({ name: unique('unit-'), firstName: 'Ville', email: 'ville@example.fi', userGroupId: w.userGroup, contractStartDate: '2026-01-01' }),
    change: () => ({ clientName: 'Ville V.', language: 'eng' }),
    outOfList: { field: 'language', value: 'deu' },
  },
};
