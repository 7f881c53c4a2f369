import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { outboxMailer } from '../../../infra/mail/mailer.ts';
import { createFileStore, type FileStore } from '../../../infra/files/file-store.ts';
import type { Warehouse } from '../../../infra/clickhouse/clickhouse.ts';
import { projectAll } from '../../../projections/engine/project-all.ts';
import { projectors } from '../../../projections/projectors.ts';
import { usageLogBody } from '../../../schemas/api/usage-log.ts';
import { buildTestApp, type TestApp, type TestDatabase, type TestUser } from '../../support/build-test-app.ts';
import { connectTestWarehouse } from '../../support/test-warehouse.ts';

// The security tests' world: the real app (chDB warehouse, file store) with one caregiver unit and
// every kind of caller around it, so a request can be sent "as" each role against the unit's data.
//
//   caregiver       the unit (organisation A): owns residents, an activity, messages, favorite lists, evaluations, usage
//   relative        a user whose residentId is a resident of the unit, inserted by the unit
//   publicPassword  a showOnlyPublicReport user with a password, public_report_user_id = the unit
//   publicToken     a session from POST /api/publicReportTokenLogin with the unit's public_report_token_code
//   admin           administers the unit (user_admins), not an operator
//   otherOrg        a unit of organisation B with the same flags: must never reach the unit's data
//   operator        users.operator (warehouse SQL, usage rules, rebuilds)
//   anonymous       no credentials

export const roles = ['anonymous', 'publicToken', 'publicPassword', 'relative', 'otherOrg', 'operator', 'admin', 'caregiver'] as const;
export type Role = (typeof roles)[number];
type UserRole = Exclude<Role, 'anonymous' | 'publicToken'>;

export interface RoleSession {
  cookie: string;
  /** The login's session token (signs audio stream URLs); empty for the public token session. */
  sessionToken: string;
  userId: number;
}

/** A string planted in the unit's private data: a response to a caller who must not read it never contains it. */
export const secretMarker = 'Zq7Secret';

export interface SecurityIds {
  unit: number;
  relative: number;
  otherUnit: number;
  residentA: number;
  otherResident: number;
  activity: number;
  message: number;
  messageItem: number;
  messageItemToRemove: number;
  favoriteList: number;
  favoriteListToRemove: number;
  evaluation: string;
  audioFile: number;
  category: number;
  recipe: number;
  imageFile: number;
  /** The stored object behind the audio file: streamed through its signed URL only, never by GET /api/file/{id}. */
  audioObjectFile: number;
  publicToken: string;
}

export interface SecurityScenario {
  t: TestApp;
  warehouse: Warehouse;
  files: FileStore;
  /** Every route the app registered, as 'METHOD /url' (HEAD routes Fastify adds for GET left out). */
  routes: string[];
  users: Record<UserRole, TestUser>;
  ids: SecurityIds;
  /** The report period: the last 7 days up to today (UTC). */
  first: string;
  last: string;
  session(role: Role): RoleSession | null;
  headers(role: Role): Record<string, string>;
  /** A new login of the role (for logout, which may end the session it is sent with). */
  freshSession(role: Role): Promise<RoleSession | null>;
  close(): Promise<void>;
}

const png1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const day = (d: Date) => d.toISOString().slice(0, 10);

export async function buildSecurityScenario(options: { database?: TestDatabase } = {}): Promise<SecurityScenario> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-security-'));
  const warehouse = await connectTestWarehouse(path.join(dir, 'chdb'));
  const files = createFileStore(path.join(dir, 'files'));
  const routes: string[] = [];
  const onRoute = (route: RouteOptions) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
  };
  const mailer = outboxMailer(path.join(dir, 'outbox'), 'Sointu <no-reply@sointu.test>');
  const t = await buildTestApp({ database: options.database, warehouse, files, onRoute, mailer });
  const { sql } = t;
  const now = new Date();
  const first = day(new Date(now.getTime() - 6 * 86_400_000));
  const last = day(now);

  // Library: an image file, an audio file with its stored object, a category, a recipe.
  const storedFile = async (name: string, contentType: string, bytes: Uint8Array) => {
    const key = `security/${process.pid}-${name}`;
    await files.save(key, bytes);
    const [row] = await sql.query<{ id: number }>('INSERT INTO files (name, content_type, object_key, size) VALUES ($1, $2, $3, $4) RETURNING id', [name, contentType, key, bytes.length]);
    return Number(row!.id);
  };
  const imageFile = await storedFile('picture.png', 'image/png', png1x1);
  const audioObject = await storedFile('song.mp3', 'audio/mpeg', Buffer.alloc(4096, 1));
  const [category] = await sql.query<{ id: number }>("INSERT INTO categories (name, type, content_type) VALUES ('Songs', 'Music', 'Music') RETURNING id");
  const [audio] = await sql.query<{ id: number }>("INSERT INTO audio_files (type, name, length, file_id) VALUES ('MusicPiece', 'Song', 180, $1) RETURNING id", [audioObject]);
  await sql.query('INSERT INTO audio_file_categories (audio_file_id, category_id, priority) VALUES ($1, $2, 0)', [audio!.id, category!.id]);
  const [recipe] = await sql.query<{ id: number }>("INSERT INTO recipes (name) VALUES ('Morning') RETURNING id");
  await sql.query("INSERT INTO recipe_items (recipe_id, type, audio_file_id) VALUES ($1, 'Music', $2)", [recipe!.id, audio!.id]);

  const unitFlags = {
    canCreateResidents: true,
    canCreateActivities: true,
    canCreateFavoriteLists: true,
    showExcelDownloadButtonInReport: true,
    usageReport: true,
    canStartSession: true,
    evaluateAudioFiles: true,
    todaysRecipe: true,
    canCreateVideoChat: true,
  };
  const unit = await t.createUser({ config: unitFlags });
  const otherOrg = await t.createUser({ config: unitFlags });
  const admin = await t.createUser({ config: { canCreateResidents: true, canCreateActivities: true, showExcelDownloadButtonInReport: true, usageReport: true } });
  const relative = await t.createUser();
  const publicPassword = await t.createUser({ config: { showOnlyPublicReport: true, showPublicReport: true } });
  const operator = await t.createUser({ operator: true });
  await sql.query("UPDATE users SET organization = 'Organisation A' WHERE id = ANY($1::integer[])", [[unit.id, admin.id, relative.id, publicPassword.id]]);
  await sql.query("UPDATE users SET organization = 'Organisation B' WHERE id = $1", [otherOrg.id]);
  await sql.query("UPDATE users SET organization = 'Sointu' WHERE id = $1", [operator.id]);
  await sql.query('INSERT INTO user_admins (admin_user_id, user_id) VALUES ($1, $2)', [admin.id, unit.id]);

  const resident = async (owner: number, firstName: string) =>
    Number((await sql.query<{ id: number }>('INSERT INTO residents (first_name, last_name, identification, user_id) VALUES ($1, $2, $3, $4) RETURNING id', [firstName, 'Virtanen', `Room ${firstName}`, owner]))[0]!.id);
  const residentA = await resident(unit.id, `Aino${secretMarker}`);
  const otherResident = await resident(otherOrg.id, 'Olli');
  await sql.query('UPDATE users SET resident_id = $1, inserted_by_user_id = $2 WHERE id = $3', [residentA, unit.id, relative.id]);
  // Whom each may write to (migration 010): the relative and the administrator the unit, the unit
  // its relative. The other organisation and the operator may write to none of them.
  await sql.query('INSERT INTO message_receivers (user_id, receiver_user_id) VALUES ($1, $2), ($3, $2), ($2, $1)', [relative.id, unit.id, admin.id]);
  const publicToken = `rtoken-${process.pid}-${Date.now()}`;
  await sql.query('UPDATE users SET public_report_token_code = $2 WHERE id = $1', [unit.id, publicToken]);
  await sql.query('UPDATE users SET public_report_user_id = $2 WHERE id = $1', [publicPassword.id, unit.id]);
  const [activity] = await sql.query<{ id: number }>('INSERT INTO activities (name, user_id) VALUES ($1, $2) RETURNING id', [`Singing${secretMarker}`, unit.id]);

  const users: Record<UserRole, TestUser> = { caregiver: unit, relative, publicPassword, admin, otherOrg, operator };
  const loginAs = async (role: Role): Promise<RoleSession | null> => {
    if (role === 'anonymous') return null;
    if (role === 'publicToken') {
      const response = await t.app.inject({ method: 'POST', url: '/api/publicReportTokenLogin', payload: { token: publicToken } });
      const cookie = response.cookies.find((c) => c.name === 'sointu_session');
      if (response.statusCode !== 200 || !cookie) throw new Error(`public report token login failed: ${response.statusCode} ${response.body}`);
      return { cookie: `sointu_session=${cookie.value}`, sessionToken: '', userId: unit.id };
    }
    const user = users[role];
    const { cookie, body } = await t.login(user);
    const sessionToken = (body as { user: { lastSessionToken?: string | null } }).user.lastSessionToken ?? '';
    return { cookie, sessionToken, userId: user.id };
  };
  const sessions = new Map<Role, RoleSession | null>();
  for (const role of roles) sessions.set(role, await loginAs(role));
  const headers = (role: Role): Record<string, string> => {
    const session = sessions.get(role);
    return session ? { cookie: session.cookie } : {};
  };

  // The unit's own data, made through the real commands.
  const asUnit = async (method: 'POST' | 'PUT', url: string, payload: unknown) => {
    const response = await t.app.inject({ method, url, payload: payload as object, headers: headers('caregiver') });
    if (response.statusCode !== 200) throw new Error(`${method} ${url} as the unit: ${response.statusCode} ${response.body}`);
    return response.json() as Record<string, unknown>;
  };
  const message = await asUnit('POST', '/api/messages', { title: `Hello${secretMarker}`, usageReport: false, game: false, recipientCanModify: false, recipientCanReply: false, replyToMessageId: null });
  const item = await asUnit('POST', '/api/message-items', { messageId: message.id, type: 'InlineHTML', html: `<p>${secretMarker}</p>`, trackClicks: false });
  const itemToRemove = await asUnit('POST', '/api/message-items', { messageId: message.id, type: 'InlineHTML', html: '<p>to remove</p>', trackClicks: false });
  // Its video chat room, so the room's access key and player control have one to act on.
  await asUnit('POST', '/api/make-video-chat-room', { messageId: message.id });
  const list = await asUnit('POST', '/api/user-tag-groups', { name: `List${secretMarker}` });
  const listToRemove = await asUnit('POST', '/api/user-tag-groups', { name: 'List to remove' });
  await asUnit('PUT', '/api/set-audio-file-favorite', { userTagGroupId: list.id, audioFileId: audio!.id, value: true });
  const evaluation = await asUnit('POST', '/api/evaluations', { audioFileId: audio!.id, score: 1 });
  const at = (seconds: number) => new Date(now.getTime() - 3_600_000 + seconds * 1000).toISOString();
  await asUnit('POST', '/api/usage-log', usageLogBody({ page: 'player', playLog: Array.from({ length: 6 }, (_, i) => ({ time: at(i * 30), audioFileId: audio!.id, playPosition: i * 30 })) }));
  // A search, for the search-logs entity.
  await asUnit('POST', '/api/usage-log', usageLogBody({ page: 'search', time: at(200), query: 'valssi', categoryIds: [category!.id], musicPieces: true, musicCategories: false, audioPrograms: false, recipes: false }));
  // Every read model and the warehouse, as the runner of a server would have them.
  await projectAll({
    log: t.store,
    sql,
    warehouse,
    projectors,
  });

  return {
    t,
    warehouse,
    files,
    routes,
    users,
    ids: {
      unit: unit.id,
      relative: relative.id,
      otherUnit: otherOrg.id,
      residentA,
      otherResident,
      activity: Number(activity!.id),
      message: Number(message.id),
      messageItem: Number(item.id),
      messageItemToRemove: Number(itemToRemove.id),
      favoriteList: Number(list.id),
      favoriteListToRemove: Number(listToRemove.id),
      evaluation: String(evaluation.id),
      audioFile: Number(audio!.id),
      category: Number(category!.id),
      recipe: Number(recipe!.id),
      imageFile,
      audioObjectFile: audioObject,
      publicToken,
    },
    first,
    last,
    session: (role) => sessions.get(role) ?? null,
    headers,
    freshSession: loginAs,
    async close() {
      await t.close();
      await warehouse.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
