import { hashOneTimeSecret } from '../../../infra/auth/one-time-codes.ts';
import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { createPlaybackSigner } from '../../../infra/auth/playback-hmac.ts';
import { defaultUsageRules } from '../../../schemas/events/usage-rules.ts';
import { usageLogBody } from '../../../schemas/api/usage-log.ts';
import type { Role, SecurityScenario } from './scenario.ts';
import { backOfficeRequests } from './back-office-requests.ts';
import { multipartBody, tinyPdf } from '../../http/support/multipart.ts';
import { insertFile } from '../../http/support/library-kit.ts';
import { silentMp3 } from '../../support/test-mp3.ts';
import { typedRequestBuilders } from './typed-request-builders.ts';

// One realistic, well-formed request per route, aimed at the caregiver unit's own data (its id,
// its resident, its message, its favorite list...), so "ok for the unit's administrator, denied
// for another organisation's unit" is tested on real rows. Keyed like Fastify's routes:
// 'METHOD /url/:param'. The fuzz test mutates these same requests.

export interface RouteRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** A websocket upgrade (app.injectWS) rather than a plain request. */
  websocket?: boolean;
  /** Send with a new login of the role instead of its shared session (logout ends the session). */
  freshSession?: boolean;
}

export type RequestBuilder = (s: SecurityScenario, role: Role) => RouteRequest | Promise<RouteRequest>;

export interface RouteResponse {
  statusCode: number;
  body: string;
  contentType: string;
}

const jwtSecret = 'test-jwt-secret-of-enough-length!';

export const routeRequests: Record<string, RequestBuilder> = {
  // The back office's entities (issue 18); the residents' and activities' own requests below replace theirs.
  ...backOfficeRequests,
  // Logins: a throwaway user, so no role's session changes.
  'POST /api/login': async (s) => {
    const user = await s.t.createUser();
    return { method: 'POST', url: '/api/login', payload: { username: user.name, password: user.password } };
  },
  'POST /api/tokenLogin': async (s) => ({ method: 'POST', url: '/api/tokenLogin', payload: { token: await loginToken(s) } }),
  'POST /api/token-login': async (s) => ({ method: 'POST', url: '/api/token-login', payload: { token: await loginToken(s) } }),
  'POST /api/publicReportTokenLogin': (s) => ({ method: 'POST', url: '/api/publicReportTokenLogin', payload: { token: s.ids.publicToken } }),
  'POST /api/logout': () => ({ method: 'POST', url: '/api/logout', payload: {}, freshSession: true }),

  'GET /api/': () => ({ method: 'GET', url: '/api/' }),
  'GET /api/ping': () => ({ method: 'GET', url: '/api/ping' }),
  'GET /ws': () => ({ method: 'GET', url: '/ws', websocket: true }),
  'GET /api/settings': () => ({ method: 'GET', url: '/api/settings' }),
  'PUT /api/settings': () => ({ method: 'PUT', url: '/api/settings', payload: { key: 'resultsCount', value: '20' } }),
  'POST /api/usage-log': (s) => ({
    method: 'POST',
    url: '/api/usage-log',
    payload: usageLogBody({ page: 'player', playLog: [{ time: new Date(Date.now() - 60_000).toISOString(), audioFileId: s.ids.audioFile, playPosition: 0 }] }),
  }),
  // A throwaway user the administrator administers, so no role's own password or sessions change.
  'POST /api/set-password': async (s) => {
    const user = await s.t.createUser();
    await s.t.sql.query('INSERT INTO user_admins (admin_user_id, user_id) VALUES ($1, $2)', [s.users.admin.id, user.id]);
    return { method: 'POST', url: '/api/set-password', payload: { userId: user.id, password: 'new-password' } };
  },
  'GET /api/user-admin/users': () => ({ method: 'GET', url: '/api/user-admin/users' }),
  // A throwaway unit the administrator (given showPublicReport) administers, so the caregiver's own rtoken stays.
  'GET /api/public-report-link/:userId': async (s) => ({ method: 'GET', url: `/api/public-report-link/${await publicReportLinkUnit(s)}` }),
  'POST /api/public-report-link/:userId': async (s) => ({ method: 'POST', url: `/api/public-report-link/${await publicReportLinkUnit(s)}`, payload: {} }),
  'DELETE /api/public-report-link/:userId': async (s) => ({ method: 'DELETE', url: `/api/public-report-link/${await publicReportLinkUnit(s)}` }),
  'POST /api/user-state': () => ({ method: 'POST', url: '/api/user-state', payload: { state: { page: 'recipes' } } }),
  'GET /api/user-admin/removed-users': () => ({ method: 'GET', url: '/api/user-admin/removed-users' }),
  // Typed requests (spec 3 section 7): one route per type; what is left of ':type' is an unknown type.
  'POST /api/requests/:type': () => ({ method: 'POST', url: '/api/requests/no-such-type', payload: {} }),
  'POST /api/requests/check-usage-session': () => ({ method: 'POST', url: '/api/requests/check-usage-session', payload: {} }),
  'POST /api/requests/get-target-counts': (s) => ({ method: 'POST', url: '/api/requests/get-target-counts', payload: { userIds: [s.ids.unit], firstDay: s.first, lastDay: s.last } }),
  'POST /api/requests/set-target-count': (s) => ({ method: 'POST', url: '/api/requests/set-target-count', payload: { field: 'sessions', userId: s.ids.unit, value: 20 } }),
  'POST /api/requests/copy-message': (s) => ({ method: 'POST', url: '/api/requests/copy-message', payload: { messageId: s.ids.message, time: null, recipients: [] } }),
  // The administrator may invite (canInviteUsers) a relative of the unit's resident; a new address each time.
  'POST /api/requests/invite-user': async (s) => {
    await s.t.sql.query(`UPDATE users SET config = config || '{"canInviteUsers": true}'::jsonb WHERE id = $1`, [s.users.admin.id]);
    const email = `invitee-${randomBytes(6).toString('hex')}@sointu.test`;
    return { method: 'POST', url: '/api/requests/invite-user', payload: { firstName: 'Iida', lastName: 'Virtanen', email, defaultMessageRecipientName: 'Koti', residentId: s.ids.residentA } };
  },
  // A throwaway user the administrator inserted and administers.
  'POST /api/requests/remove-user': async (s) => {
    const user = await s.t.createUser();
    await s.t.sql.query('UPDATE users SET inserted_by_user_id = $1 WHERE id = $2', [s.users.admin.id, user.id]);
    await s.t.sql.query('INSERT INTO user_admins (admin_user_id, user_id) VALUES ($1, $2)', [s.users.admin.id, user.id]);
    return { method: 'POST', url: '/api/requests/remove-user', payload: { userId: user.id } };
  },
  // The administrator, with showUploadTopicalFile, takes the topical file of the unit away (no upload needed).
  'POST /api/requests/set-topical-file': async (s) => {
    await s.t.sql.query(`UPDATE users SET config = config || '{"showUploadTopicalFile": true}'::jsonb WHERE id = $1`, [s.users.admin.id]);
    return { method: 'POST', url: '/api/requests/set-topical-file', payload: { userIds: [s.ids.unit], fileId: null } };
  },
  // A throwaway user the administrator administers: a support session in their account.
  'POST /api/requests/login-as-user': async (s) => {
    const user = await s.t.createUser();
    await s.t.sql.query('INSERT INTO user_admins (admin_user_id, user_id) VALUES ($1, $2)', [s.users.admin.id, user.id]);
    return { method: 'POST', url: '/api/requests/login-as-user', payload: { userId: user.id } };
  },
  // A throwaway user with an address, whom the administrator administers.
  'POST /api/requests/send-login-token': async (s) => {
    const user = await s.t.createUser({ email: `login-link-${randomBytes(6).toString('hex')}@sointu.test` });
    await s.t.sql.query('INSERT INTO user_admins (admin_user_id, user_id) VALUES ($1, $2)', [s.users.admin.id, user.id]);
    return { method: 'POST', url: '/api/requests/send-login-token', payload: { userId: user.id } };
  },
  'POST /api/requests/send-password-reset-email': async (s) => ({ method: 'POST', url: '/api/requests/send-password-reset-email', payload: { userNameOrEmail: (await s.t.createUser()).name } }),
  // No code was sent: judged on its content (400 naming passwordResetCode) by anyone it reaches.
  'POST /api/requests/reset-password': () => ({ method: 'POST', url: '/api/requests/reset-password', payload: { userNameOrEmail: 'nobody', passwordResetCode: 'ABCD-EFGH', password: 'new-password-1' } }),
  ...typedRequestBuilders,
  'POST /api/requests/set-password': async (s) => {
    const user = await s.t.createUser();
    await s.t.sql.query('INSERT INTO user_admins (admin_user_id, user_id) VALUES ($1, $2)', [s.users.admin.id, user.id]);
    return { method: 'POST', url: '/api/requests/set-password', payload: { userId: user.id, password: 'new-password' } };
  },

  // The API's own description (issue 18 item 7).
  'GET /api/openapi.json': () => ({ method: 'GET', url: '/api/openapi.json' }),
  'GET /api/docs': () => ({ method: 'GET', url: '/api/docs' }),
  'GET /api/docs/json': () => ({ method: 'GET', url: '/api/docs/json' }),
  'GET /api/docs/yaml': () => ({ method: 'GET', url: '/api/docs/yaml' }),
  'GET /api/docs/static/*': () => ({ method: 'GET', url: '/api/docs/static/swagger-ui.css' }),
  'GET /api/docs/static/index.html': () => ({ method: 'GET', url: '/api/docs/static/index.html' }),
  'GET /api/docs/static/swagger-initializer.js': () => ({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' }),

  // Evaluations: the caller's own, and the unit's evaluation by id.
  'GET /api/evaluations': () => ({ method: 'GET', url: '/api/evaluations' }),
  'POST /api/evaluations': (s) => ({ method: 'POST', url: '/api/evaluations', payload: { audioFileId: s.ids.audioFile, score: 0 } }),
  'PUT /api/evaluations/:id': (s) => ({ method: 'PUT', url: `/api/evaluations/${s.ids.evaluation}`, payload: { score: -1 } }),

  // Reports of the unit.
  'GET /api/usage/:userId/:first/:last': (s) => ({ method: 'GET', url: `/api/usage/${s.ids.unit}/${s.first}/${s.last}` }),
  'GET /api/usage': (s) => ({ method: 'GET', url: `/api/usage?userIdList=${s.ids.unit}&firstDay=${s.first}&lastDay=${s.last}` }),
  'GET /api/usage-sessions/:userId/:first/:last': (s) => ({ method: 'GET', url: `/api/usage-sessions/${s.ids.unit}/${s.first}/${s.last}` }),
  'GET /api/usage-session-table/:userId/:first/:last': (s) => ({ method: 'GET', url: `/api/usage-session-table/${s.ids.unit}/${s.first}/${s.last}` }),
  'GET /api/video-views/:userId/:first/:last': (s) => ({ method: 'GET', url: `/api/video-views/${s.ids.unit}/${s.first}/${s.last}` }),
  'GET /api/usage-details-log/:userId/:first/:last': (s) => ({ method: 'GET', url: `/api/usage-details-log/${s.ids.unit}/${s.first}/${s.last}?limit=5` }),
  'GET /api/not-connected-plays/:userId/:first/:last': (s) => ({ method: 'GET', url: `/api/not-connected-plays/${s.ids.unit}/${s.first}/${s.last}?limit=5` }),
  'GET /api/public-usage/:id/:first/:last': (s) => ({ method: 'GET', url: `/api/public-usage/${s.ids.unit}/${s.first}/${s.last}` }),
  'GET /api/resident-usage/:id/:first/:last': (s) => ({ method: 'GET', url: `/api/resident-usage/${s.ids.residentA}/${s.first}/${s.last}` }),
  'GET /api/usage-xlsx': (s) => ({ method: 'GET', url: `/api/usage-xlsx?userId=${s.ids.unit}&firstDay=${s.first}&lastDay=${s.last}` }),
  'GET /api/usage-details-xlsx': (s) => ({ method: 'GET', url: `/api/usage-details-xlsx?userId=${s.ids.unit}&firstDay=${s.first}&lastDay=${s.last}` }),

  // Operator routes.
  'GET /api/admin/projections': () => ({ method: 'GET', url: '/api/admin/projections' }),
  'GET /api/admin/outbox': () => ({ method: 'GET', url: '/api/admin/outbox' }),
  'POST /api/first-password': () => ({ method: 'POST', url: '/api/first-password', payload: { password: 'new-secret' } }),
  'POST /api/admin/warehouse-sql': () => ({ method: 'POST', url: '/api/admin/warehouse-sql', payload: { sql: 'SELECT 1 AS one' } }),
  'GET /api/admin/usage-rules': () => ({ method: 'GET', url: '/api/admin/usage-rules' }),
  'PUT /api/admin/usage-rules': () => ({ method: 'PUT', url: '/api/admin/usage-rules', payload: { rules: defaultUsageRules } }),
  'POST /api/admin/rebuilds': () => ({ method: 'POST', url: '/api/admin/rebuilds', payload: { rules: defaultUsageRules } }),
  'GET /api/admin/rebuilds/current': () => ({ method: 'GET', url: '/api/admin/rebuilds/current' }),
  'POST /api/admin/rebuilds/switch': () => ({ method: 'POST', url: '/api/admin/rebuilds/switch' }),
  'POST /api/admin/rebuilds/drop-old': () => ({ method: 'POST', url: '/api/admin/rebuilds/drop-old' }),
  'POST /api/admin/projections/:name/retry': () => ({ method: 'POST', url: '/api/admin/projections/usage-warehouse/retry' }),
  'POST /api/admin/projections/:name/park': () => ({ method: 'POST', url: '/api/admin/projections/usage-warehouse/park', payload: { eventId: '00000000-0000-4000-8000-000000000000' } }),

  // The content library.
  'POST /api/get-recipe-items': (s) => ({ method: 'POST', url: '/api/get-recipe-items', payload: { recipeIds: [s.ids.recipe] } }),
  'GET /api/categories': () => ({ method: 'GET', url: '/api/categories' }),
  'POST /api/get-audio-files': (s) => ({ method: 'POST', url: '/api/get-audio-files', payload: { categoryIds: [s.ids.category] } }),
  'GET /api/audio-files-info': (s) => ({ method: 'GET', url: `/api/audio-files-info?ids=${s.ids.audioFile}` }),
  'GET /api/audio-file-from-category/:id': (s) => ({ method: 'GET', url: `/api/audio-file-from-category/${s.ids.category}` }),
  'GET /api/file/:id': (s) => ({ method: 'GET', url: `/api/file/${s.ids.imageFile}` }),
  'GET /api/file/:id/thumbnail': (s) => ({ method: 'GET', url: `/api/file/${s.ids.imageFile}/thumbnail` }),
  'GET /api/audio-file/:id/:hmac/:n': (s, role) => {
    const session = s.session(role);
    const hmac = createPlaybackSigner(jwtSecret).sign(session?.userId ?? 0, session?.sessionToken || 'none', s.ids.audioFile);
    return { method: 'GET', url: `/api/audio-file/${s.ids.audioFile}/${hmac}/1` };
  },
  'GET /api/last-play': () => ({ method: 'GET', url: '/api/last-play' }),
  'GET /api/recipes': () => ({ method: 'GET', url: '/api/recipes' }),
  'GET /api/recipe-timings': () => ({ method: 'GET', url: '/api/recipe-timings?firstDay=2026-11-01&lastDay=2026-12-12' }),
  'GET /api/message-timings': () => ({ method: 'GET', url: '/api/message-timings?firstDay=2026-11-01&lastDay=2026-12-12' }),
  'GET /api/todays-recipe': () => ({ method: 'GET', url: '/api/todays-recipe' }),

  // Favorites: the unit's list.
  'GET /api/favorites': (s) => ({ method: 'GET', url: `/api/favorites?userTagGroupIdList=${s.ids.favoriteList}` }),
  'GET /api/user-tag-groups': () => ({ method: 'GET', url: '/api/user-tag-groups' }),
  'PUT /api/set-audio-file-favorite': (s) => ({ method: 'PUT', url: '/api/set-audio-file-favorite', payload: { userTagGroupId: s.ids.favoriteList, audioFileId: s.ids.audioFile, value: true } }),
  'PUT /api/set-audio-file-favorite-order': (s) => ({ method: 'PUT', url: '/api/set-audio-file-favorite-order', payload: { userTagGroupId: s.ids.favoriteList, audioFileId: s.ids.audioFile, direction: 'up' } }),
  'PUT /api/set-recipe-favorite': (s) => ({ method: 'PUT', url: '/api/set-recipe-favorite', payload: { userTagGroupId: s.ids.favoriteList, recipeId: s.ids.recipe, value: true } }),
  'POST /api/user-tag-groups': () => ({ method: 'POST', url: '/api/user-tag-groups', payload: { name: `New list ${randomBytes(3).toString('hex')}` } }),
  'PUT /api/user-tag-groups/:id': (s) => ({ method: 'PUT', url: `/api/user-tag-groups/${s.ids.favoriteList}`, payload: { name: 'Renamed list' } }),
  'DELETE /api/user-tag-groups/:id': (s) => ({ method: 'DELETE', url: `/api/user-tag-groups/${s.ids.favoriteListToRemove}` }),
  'POST /api/set-active-user-tag-group': (s) => ({ method: 'POST', url: '/api/set-active-user-tag-group', payload: { userTagGroupId: s.ids.favoriteList } }),
  'POST /api/copy-user-tag-group': (s) => ({ method: 'POST', url: '/api/copy-user-tag-group', payload: { srcUserTagGroupId: s.ids.favoriteList, dstUserTagGroupId: 0 } }),

  // Residents and activities of the unit.
  'POST /api/get/residents': (s) => ({ method: 'POST', url: '/api/get/residents', payload: { userIds: [s.ids.unit] } }),
  'GET /api/residents/:id': (s) => ({ method: 'GET', url: `/api/residents/${s.ids.residentA}` }),
  'POST /api/residents': (s) => ({ method: 'POST', url: '/api/residents', payload: { firstName: 'New', lastName: 'Resident', userId: s.ids.unit } }),
  'PUT /api/residents/:id': (s) => ({ method: 'PUT', url: `/api/residents/${s.ids.residentA}`, payload: { identification: 'Room 12' } }),
  'POST /api/get/activities': (s) => ({ method: 'POST', url: '/api/get/activities', payload: { userIds: [s.ids.unit] } }),
  'GET /api/activities/:id': (s) => ({ method: 'GET', url: `/api/activities/${s.ids.activity}` }),
  'POST /api/activities': (s) => ({ method: 'POST', url: '/api/activities', payload: { name: 'Dancing', userId: s.ids.unit } }),
  'PUT /api/activities/:id': (s) => ({ method: 'PUT', url: `/api/activities/${s.ids.activity}`, payload: { active: true } }),

  // Messages of the unit.
  'POST /api/get-messages': (s) => ({ method: 'POST', url: '/api/get-messages', payload: { query: { userId: s.ids.unit } } }),
  'GET /api/todays-messages': () => ({ method: 'GET', url: '/api/todays-messages' }),
  'POST /api/get-message-items': (s) => ({ method: 'POST', url: '/api/get-message-items', payload: { messageIdList: [s.ids.message], userId: s.ids.unit } }),
  'GET /api/message-recipients': () => ({ method: 'GET', url: '/api/message-recipients' }),
  // To the unit; the unit itself writes to its relative.
  'POST /api/messages': (s, role) => ({
    method: 'POST',
    url: '/api/messages',
    payload: { title: 'To the unit', recipients: [{ id: role === 'caregiver' ? s.ids.relative : s.ids.unit }], sent: true, usageReport: false, game: false, recipientCanModify: false, recipientCanReply: false, replyToMessageId: null },
  }),
  'PUT /api/messages/:id': (s) => ({ method: 'PUT', url: `/api/messages/${s.ids.message}`, payload: { title: 'Changed title' } }),
  'PUT /api/messages/:id/activity': (s) => ({ method: 'PUT', url: `/api/messages/${s.ids.message}/activity`, payload: { active: true } }),
  'POST /api/message-items': (s) => ({ method: 'POST', url: '/api/message-items', payload: { messageId: s.ids.message, type: 'InlineHTML', html: '<p>More</p>', trackClicks: false } }),
  // Not its HTML: that needs advancedMessaging (spec 2 section 5), which the unit has not.
  'PUT /api/message-items/:id': (s) => ({ method: 'PUT', url: `/api/message-items/${s.ids.messageItem}`, payload: { width: '50%' } }),
  'DELETE /api/message-items/:id': (s) => ({ method: 'DELETE', url: `/api/message-items/${s.ids.messageItemToRemove}` }),
  'POST /api/message-replies': (s) => ({ method: 'POST', url: '/api/message-replies', payload: { messageId: s.ids.message, reply: 'Noted before sending' } }),
  'POST /api/get-msgs': () => ({ method: 'POST', url: '/api/get-msgs', payload: { query: {} } }),
  'PUT /api/message-read-time': (s) => ({ method: 'PUT', url: '/api/message-read-time', payload: { messageId: s.ids.message, readTime: '2026-11-20T10:00:00.000Z' } }),
  'PUT /api/discussion-read-time': (s) => ({ method: 'PUT', url: '/api/discussion-read-time', payload: { messageId: s.ids.message, readTime: null } }),
  'POST /api/make-video-chat-room': (s) => ({ method: 'POST', url: '/api/make-video-chat-room', payload: { messageId: s.ids.message } }),
  'POST /api/make-video-chat-access-key': (s) => ({ method: 'POST', url: '/api/make-video-chat-access-key', payload: { messageId: s.ids.message } }),
  'POST /api/control-message-recipients-player': (s) => ({
    method: 'POST',
    url: '/api/control-message-recipients-player',
    payload: { messageId: s.ids.message, control: { audioFile: { id: s.ids.audioFile, name: 'Song' }, seekTime: 12, playing: true } },
  }),
  'GET /api/unread-messages-count': () => ({ method: 'GET', url: '/api/unread-messages-count' }),
  // A PDF is plain ASCII, so the body travels as text (the fuzz mutates it as a whole, not byte by byte).
  'GET /api/library/audio-files': () => ({ method: 'GET', url: '/api/library/audio-files?query=a&limit=5' }),
  'GET /api/library/choices': () => ({ method: 'GET', url: '/api/library/choices' }),
  // A sound of the library (no owner) with a length to read: an operator may file it as an audio file.
  'POST /api/library/audio-files': async (s) => {
    const fileId = await insertFile(s.t, s.files, { name: 'hymn.mp3', contentType: 'audio/mpeg', bytes: silentMp3(2) });
    return { method: 'POST', url: '/api/library/audio-files', payload: { fileId, name: 'Hymn', categories: [{ categoryId: s.ids.category, priority: 1 }] } };
  },
  'PUT /api/library/audio-files/:id': () => ({ method: 'PUT', url: '/api/library/audio-files/2147483000', payload: { name: 'Renamed' } }),
  // Active already: answers the file and writes nothing.
  'POST /api/library/audio-files/:id/active': (s) => ({ method: 'POST', url: `/api/library/audio-files/${s.ids.audioFile}/active`, payload: { active: true } }),
  'GET /api/admin/app-tasks': () => ({ method: 'GET', url: '/api/admin/app-tasks' }),
  'POST /api/admin/app-tasks': (s) => ({ method: 'POST', url: '/api/admin/app-tasks', payload: { task: { kind: 'GenerateSessionDataTask', userId: s.ids.unit, day: s.first } } }),
  'POST /api/app-tasks': (s) => ({ method: 'POST', url: '/api/app-tasks', payload: { task: { kind: 'GenerateSessionDataTask', userId: s.ids.unit, day: s.first } } }),
  'POST /api/upload': () => ({ method: 'POST', url: '/api/upload', payload: uploadBody.payload.toString('latin1'), headers: uploadBody.headers }),
};

const uploadBody = multipartBody([{ field: 'file0', filename: 'menu.pdf', contentType: 'application/pdf', bytes: tinyPdf }]);

async function loginToken(s: SecurityScenario): Promise<string> {
  const user = await s.t.createUser();
  const token = randomBytes(16).toString('hex');
  await s.t.sql.query("UPDATE users SET login_token = $2, login_token_expires = now() + interval '1 hour' WHERE id = $1", [user.id, hashOneTimeSecret(token)]);
  return token;
}

/** Sends a request as the role: its session cookie (or a fresh one), or none for anonymous. */
export async function sendAs(s: SecurityScenario, role: Role, request: RouteRequest): Promise<RouteResponse> {
  const session = request.freshSession ? await s.freshSession(role) : s.session(role);
  const headers: Record<string, string> = { ...(session ? { cookie: session.cookie } : {}), ...request.headers };
  if (request.websocket) {
    try {
      const socket = await s.t.app.injectWS(request.url, { headers });
      socket.terminate();
      return { statusCode: 101, body: '', contentType: '' };
    } catch (error) {
      const status = /(\d{3})/.exec(String(error))?.[1];
      if (!status) throw error;
      return { statusCode: Number(status), body: '', contentType: '' };
    }
  }
  const options: InjectOptions = { method: request.method, url: request.url, headers };
  if (request.payload !== undefined) {
    if (typeof request.payload === 'string' || Buffer.isBuffer(request.payload)) options.payload = request.payload;
    else options.payload = request.payload as object;
  }
  const response = await s.t.app.inject(options);
  return { statusCode: response.statusCode, body: response.body, contentType: String(response.headers['content-type'] ?? '') };
}

/** A new unit administered by the scenario's administrator, who may manage public report links. */
async function publicReportLinkUnit(s: SecurityScenario): Promise<number> {
  const unit = await s.t.createUser();
  await s.t.sql.query(`UPDATE users SET config = config || '{"showPublicReport": true}'::jsonb WHERE id = $1`, [s.users.admin.id]);
  await s.t.sql.query("UPDATE users SET public_report_token_code = $2 WHERE id = $1", [unit.id, `link-${unit.id}-${randomBytes(6).toString('hex')}`]);
  await s.t.sql.query('INSERT INTO user_admins (admin_user_id, user_id) VALUES ($1, $2)', [s.users.admin.id, unit.id]);
  return unit.id;
}
