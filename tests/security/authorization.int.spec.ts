import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matches, type Row } from './support/expectations.ts';
import { routeRequests, sendAs } from './support/route-requests.ts';
import { backOfficeRows } from './support/back-office-requests.ts';
import { bothDatabases } from '../support/build-test-app.ts';
import { buildSecurityScenario, roles, secretMarker, type Role, type SecurityScenario } from './support/scenario.ts';

// Issue 12: every route x every kind of caller, in one table (DOMAIN.md section 4). The routes
// come from the app itself (an onRoute hook), so a new route without a row here fails the test.
// Each cell sends one realistic request aimed at the caregiver unit's own data.


const row = (base: Row, overrides: Partial<Row> = {}): Row => ({ ...base, ...overrides });

/** Anyone may call it (the logins; 'reached', so a rate limit's 429 is no failure). */
const anyone: Row = { anonymous: 'reached', publicToken: 'reached', publicPassword: 'reached', relative: 'reached', otherOrg: 'reached', operator: 'reached', admin: 'reached', caregiver: 'reached' };
/** Who is logged in and what the session is: every session, public ones included. */
const anySession: Row = { anonymous: 'unauth', publicToken: 'ok', publicPassword: 'ok', relative: 'ok', otherOrg: 'ok', operator: 'ok', admin: 'ok', caregiver: 'ok' };
/** The app for a logged-in user, on the caller's own data or the shared library; never for public-report callers. */
const loggedIn: Row = { ...anySession, publicToken: 'denied', publicPassword: 'denied' };
/** The unit's data and reports: the unit and its administrator only (not a relative, not an operator). */
const unitAndAdmin: Row = { anonymous: 'unauth', publicToken: 'denied', publicPassword: 'denied', relative: 'denied', otherOrg: 'denied', operator: 'denied', admin: 'ok', caregiver: 'ok' };
/** The unit's own things (its favorite lists, its evaluations): nobody else, not even its administrator. */
const unitOnly: Row = { anonymous: 'unauth', publicToken: 'denied', publicPassword: 'refused', relative: 'refused', otherOrg: 'refused', operator: 'refused', admin: 'refused', caregiver: 'ok' };
/** Service operator only; a unit administrator is not one (DOMAIN.md section 4). */
const operatorOnly: Row = { anonymous: 'unauth', publicToken: 'denied', publicPassword: 'denied', relative: 'denied', otherOrg: 'denied', operator: 'ok', admin: 'denied', caregiver: 'denied' };

export const authorizationTable: Record<string, Row> = {
  'POST /api/login': anyone,
  'POST /api/tokenLogin': anyone,
  'POST /api/token-login': anyone,
  'POST /api/publicReportTokenLogin': anyone,
  // An invited user's first password, only while the account has none: every role here has one.
  'POST /api/first-password': row(loggedIn, { relative: 'denied', otherOrg: 'denied', operator: 'denied', admin: 'denied', caregiver: 'denied' }),
  'GET /api/': anySession,
  'GET /api/ping': row(anySession, { anonymous: 'okOrUnauth' }),

  'GET /ws': loggedIn,
  'GET /api/settings': loggedIn,
  'PUT /api/settings': loggedIn,
  'POST /api/usage-log': loggedIn,
  // Typed requests (spec 3 section 7), one route each; ':type' is an unknown type: NotFound for anyone it reaches.
  'POST /api/requests/:type': row(anyone, { publicToken: 'denied', publicPassword: 'denied' }),
  'POST /api/requests/check-usage-session': loggedIn,
  'POST /api/requests/get-target-counts': unitAndAdmin,
  'POST /api/requests/set-target-count': unitAndAdmin,
  // The unit's message is a draft: only its owner reads it, so only they copy it.
  'POST /api/requests/copy-message': row(unitAndAdmin, { admin: 'denied' }),
  // Only with canInviteUsers: the administrator has it, the unit does not.
  'POST /api/requests/invite-user': row(unitAndAdmin, { caregiver: 'denied' }),
  'POST /api/requests/remove-user': row(unitAndAdmin, { caregiver: 'denied' }),
  'POST /api/requests/send-login-token': row(unitAndAdmin, { caregiver: 'denied' }),
  'POST /api/requests/login-as-user': row(unitAndAdmin, { caregiver: 'denied' }),
  // The login screen's: anyone but a public-report session (which reaches only its report).
  'POST /api/requests/send-password-reset-email': row(anyone, { publicToken: 'denied', publicPassword: 'denied' }),
  'POST /api/requests/reset-password': row(anyone, { publicToken: 'denied', publicPassword: 'denied' }),
  'POST /api/requests/set-password': row(unitAndAdmin, { caregiver: 'denied' }),
  // With showUploadTopicalFile, for the units the administrator administers: the unit administers nobody.
  'POST /api/requests/set-topical-file': row(unitAndAdmin, { caregiver: 'denied' }),
  // The back office (DOMAIN.md section 4: the content library is the operators').
  'POST /api/requests/set-audio-file-active': operatorOnly,
  'POST /api/requests/set-audio-file-length': operatorOnly,
  'POST /api/requests/set-audio-file-artists': operatorOnly,
  'POST /api/requests/set-audio-file-categories': operatorOnly,
  'POST /api/requests/set-file-categories': operatorOnly,
  'POST /api/requests/merge-artists': operatorOnly,
  'POST /api/requests/set-recipe-item-order': operatorOnly,
  'POST /api/requests/set-recipe-items-active': operatorOnly,
  'POST /api/requests/copy-recipe': operatorOnly,
  'POST /api/requests/add-ug-recipe-timings': operatorOnly,
  'POST /api/requests/remove-ug-recipe-timings': operatorOnly,
  'POST /api/requests/set-force-reload': operatorOnly,
  'POST /api/requests/add-ug-recurring-recipe-timings': operatorOnly,
  'POST /api/requests/add-ug-recurring-recipe-timings-week': operatorOnly,
  'POST /api/requests/remove-ug-recurring-recipe-timings': operatorOnly,
  'POST /api/requests/add-similar-artists': operatorOnly,
  'POST /api/requests/remove-similar-artists': operatorOnly,
  'POST /api/requests/add-similar-audio-files': operatorOnly,
  'POST /api/requests/remove-similar-audio-files': operatorOnly,
  'POST /api/requests/set-admin-ui-state': operatorOnly,
  'POST /api/requests/get-admin-ui-state': operatorOnly,
  'POST /api/requests/copy-user': operatorOnly,
  // Content (req-content): the unit's own draft and favorite list (their deciders' rules), recipe items, analyze-text.
  'POST /api/requests/add-audio-files-to-messages': unitOnly,
  'POST /api/requests/remove-audio-files-from-messages': unitOnly,
  'POST /api/requests/add-audio-files-to-user-tag-groups': unitOnly,
  'POST /api/requests/remove-audio-files-from-user-tag-groups': unitOnly,
  'POST /api/requests/add-recipes-to-user-tag-groups': unitOnly,
  'POST /api/requests/set-user-tag-order': unitOnly,
  'POST /api/requests/set-user-tag-group-user-groups': unitOnly,
  'POST /api/requests/set-recipe-items': operatorOnly,
  'POST /api/requests/analyze-text': loggedIn,
  // User groups, users' groups, contacts and app tasks.
  'POST /api/requests/copy-user-settings': operatorOnly,
  'POST /api/requests/copy-user-group-contents': operatorOnly,
  'POST /api/requests/add-user-group-items': operatorOnly,
  'POST /api/requests/set-user-group-items-active': operatorOnly,
  'POST /api/requests/set-users-user-group': operatorOnly,
  'POST /api/requests/set-users-instructions-user-group': operatorOnly,
  'POST /api/requests/set-users-timings-user-group': operatorOnly,
  'POST /api/requests/set-user-contact': operatorOnly,
  'POST /api/requests/set-user-group-contact': operatorOnly,
  'POST /api/requests/set-user-group-categories': operatorOnly,
  'POST /api/requests/set-user-group-recipes': operatorOnly,
  'POST /api/requests/set-user-group-files': operatorOnly,
  'POST /api/requests/add-app-task': operatorOnly,
  // User administration (issue 17): the administrator of the user; a unit that administers nobody is none.
  'POST /api/set-password': row(unitAndAdmin, { caregiver: 'denied' }),
  'GET /api/user-admin/users': row(unitAndAdmin, { caregiver: 'denied' }),
  // The caller's own former administrations: empty for most.
  'GET /api/user-admin/removed-users': loggedIn,
  // A unit's public report link: its administrator with showPublicReport (issue 17 item 6); the unit itself is none.
  'GET /api/public-report-link/:userId': row(unitAndAdmin, { caregiver: 'denied' }),
  'POST /api/public-report-link/:userId': row(unitAndAdmin, { caregiver: 'denied' }),
  'DELETE /api/public-report-link/:userId': row(unitAndAdmin, { caregiver: 'denied' }),
  // Only a support session (admin flag) sets the state of the account it is in; no role here is one.
  'POST /api/user-state': row(loggedIn, { relative: 'denied', otherOrg: 'denied', operator: 'denied', admin: 'denied', caregiver: 'denied' }),

  'GET /api/evaluations': loggedIn,
  'POST /api/evaluations': loggedIn,
  'PUT /api/evaluations/:id': unitOnly,

  'GET /api/usage/:userId/:first/:last': unitAndAdmin,
  // The administrators' overview: a unit that administers nobody is not an administrator.
  'GET /api/usage': row(unitAndAdmin, { caregiver: 'denied' }),
  'GET /api/usage-sessions/:userId/:first/:last': unitAndAdmin,
  'GET /api/usage-session-table/:userId/:first/:last': unitAndAdmin,
  'GET /api/video-views/:userId/:first/:last': unitAndAdmin,
  'GET /api/usage-details-log/:userId/:first/:last': unitAndAdmin,
  'GET /api/not-connected-plays/:userId/:first/:last': unitAndAdmin,
  'GET /api/usage-xlsx': unitAndAdmin,
  'GET /api/usage-details-xlsx': unitAndAdmin,
  'GET /api/public-usage/:id/:first/:last': row(unitAndAdmin, { publicToken: 'ok', publicPassword: 'ok' }),
  'GET /api/resident-usage/:id/:first/:last': row(unitAndAdmin, { relative: 'ok' }),

  // The API's description and its browser (docs/back-office.md: operators only).
  'GET /api/openapi.json': operatorOnly,
  'GET /api/docs': operatorOnly,
  'GET /api/docs/json': operatorOnly,
  'GET /api/docs/yaml': operatorOnly,
  'GET /api/docs/static/*': operatorOnly,
  'GET /api/docs/static/swagger-initializer.js': operatorOnly,
  // The UI's old address of its page: the operator is sent on to /api/docs/.
  'GET /api/docs/static/index.html': row(operatorOnly, { operator: 'redirected' }),

  'GET /api/admin/projections': operatorOnly,
  'GET /api/admin/outbox': operatorOnly,
  'POST /api/admin/warehouse-sql': operatorOnly,
  'GET /api/admin/usage-rules': operatorOnly,
  // The operator reaches them; with the rules in force and no rebuild running they answer 400 or 409.
  'POST /api/admin/rebuilds': row(operatorOnly, { operator: 'reached' }),
  'GET /api/admin/rebuilds/current': operatorOnly,
  'POST /api/admin/rebuilds/switch': row(operatorOnly, { operator: 'reached' }),
  'POST /api/admin/rebuilds/drop-old': operatorOnly,
  'PUT /api/admin/usage-rules': row(operatorOnly, { operator: 'reached' }),
  // The operator reaches them; with nothing failing, a park is a Conflict (409).
  'POST /api/admin/projections/:name/retry': row(operatorOnly, { operator: 'reached' }),
  'POST /api/admin/projections/:name/park': row(operatorOnly, { operator: 'reached' }),
  // The content library managed (issue 18 item 3) and app tasks (item 4): operators only.
  'GET /api/library/audio-files': operatorOnly,
  'GET /api/library/choices': operatorOnly,
  'POST /api/library/audio-files': operatorOnly,
  // An id that is no audio file: the operator reaches it and gets NotFound.
  'PUT /api/library/audio-files/:id': row(operatorOnly, { operator: 'reached' }),
  'POST /api/library/audio-files/:id/active': operatorOnly,
  'GET /api/admin/app-tasks': operatorOnly,
  'POST /api/admin/app-tasks': operatorOnly,
  'POST /api/app-tasks': operatorOnly,

  'POST /api/get-recipe-items': loggedIn,
  'GET /api/categories': loggedIn,
  'POST /api/get-audio-files': loggedIn,
  'GET /api/audio-files-info': loggedIn,
  'GET /api/audio-file-from-category/:id': loggedIn,
  'GET /api/file/:id': loggedIn,
  'GET /api/file/:id/thumbnail': loggedIn,
  'GET /api/audio-file/:id/:hmac/:n': loggedIn,
  'GET /api/last-play': loggedIn,
  'GET /api/recipes': loggedIn,
  // The calendar of current events: the caller's own group timings and messages.
  'GET /api/recipe-timings': loggedIn,
  'GET /api/message-timings': loggedIn,
  // Guarded by the todaysRecipe flag: the units have it, nobody else in the scenario does.
  'GET /api/todays-recipe': row(unitAndAdmin, { otherOrg: 'ok', admin: 'denied' }),

  'GET /api/favorites': unitOnly,
  'GET /api/user-tag-groups': loggedIn,
  'PUT /api/set-audio-file-favorite': unitOnly,
  'PUT /api/set-audio-file-favorite-order': unitOnly,
  'PUT /api/set-recipe-favorite': unitOnly,
  'POST /api/user-tag-groups': row(loggedIn, { relative: 'denied', admin: 'denied', operator: 'denied' }),
  'PUT /api/user-tag-groups/:id': unitOnly,
  'DELETE /api/user-tag-groups/:id': unitOnly,
  'POST /api/set-active-user-tag-group': unitOnly,
  'POST /api/copy-user-tag-group': unitOnly,

  // The back office's generic data pattern (issue 18): one row per entity, on each of its routes
  // (create, update, fetch, query; fetch and query for read-only ones). docs/back-office.md says why.
  ...backOfficeRows({
    activities: unitAndAdmin,
    'app-tasks': operatorOnly,
    artists: operatorOnly,
    // The usage warehouse's entities: a unit's usage, read as its usage reports are.
    'audio-file-logs': unitAndAdmin,
    'audio-files2': operatorOnly,
    categories2: operatorOnly,
    contacts: operatorOnly,
    'default-message-recipients': unitAndAdmin,
    'detailed-usage-reports': unitAndAdmin,
    evaluations: unitOnly,
    events: unitAndAdmin,
    favorites: unitOnly,
    files2: operatorOnly,
    // Its row is the unit's change of a resident (back-office-requests.ts): the operator reads the
    // row, and mustNotSeeUnitData below holds that the resident's name and identification stay hidden.
    logging: operatorOnly,
    'message-item-replies': unitAndAdmin,
    'message-items2': unitAndAdmin,
    messages2: unitAndAdmin,
    'recipe-items2': operatorOnly,
    recipes2: operatorOnly,
    residents: unitAndAdmin,
    'search-logs': unitAndAdmin,
    'ug-recipe-timings': operatorOnly,
    'ug-recurring-recipe-timings': operatorOnly,
    'usage-reports': unitAndAdmin,
    'user-group-categories': operatorOnly,
    'user-group-items': operatorOnly,
    'user-groups': operatorOnly,
    'user-reports': unitAndAdmin,
    'user-tag-groups2': unitOnly,
    'user-tags': unitOnly,
    users: operatorOnly,
  }),

  'POST /api/get-messages': unitAndAdmin,
  'POST /api/get-message-items': unitAndAdmin,
  'GET /api/todays-messages': loggedIn,
  // Whom the caller may address: their own receivers, so any logged-in user (an empty list for most).
  'GET /api/message-recipients': loggedIn,
  'POST /api/messages': row(loggedIn, { otherOrg: 'invalid', operator: 'invalid' }),
  'PUT /api/messages/:id': unitOnly,
  'PUT /api/messages/:id/activity': unitOnly,
  'POST /api/message-items': unitOnly,
  'PUT /api/message-items/:id': unitOnly,
  'DELETE /api/message-items/:id': unitOnly,
  // The unit's message is a draft: only its owner reads it, so only they set their read time of it.
  // The unit's message is a draft: only its owner may reply to it (a note before sending).
  'POST /api/message-replies': unitOnly,
  // The caller's own conversations: any logged-in user (an empty list for most).
  'POST /api/get-msgs': loggedIn,
  'PUT /api/message-read-time': unitOnly,
  'PUT /api/discussion-read-time': unitOnly,
  // Video chat (issue 19): the unit's own draft message; recipients see it only once it is sent.
  'POST /api/make-video-chat-room': unitOnly,
  'POST /api/make-video-chat-access-key': unitOnly,
  'POST /api/control-message-recipients-player': unitOnly,
  'GET /api/unread-messages-count': loggedIn,
  // Any logged-in user with messaging (messages is on by default) stores a file of their own.
  'POST /api/upload': loggedIn,

  // Last: logout may end sessions everywhere once sessions are server-side.
  'POST /api/logout': row(anySession, { anonymous: 'okOrUnauth' }),
};


/** Who must never see the unit's private rows in any answer. */
const mustNotSeeUnitData: readonly Role[] = ['anonymous', 'publicToken', 'publicPassword', 'otherOrg', 'operator'];

// On PGlite and on the Postgres server always: the table is the one place every route is walked on both.

describe.each(bothDatabases)('authorisation on %s: every route x every kind of caller', (database) => {
  let s: SecurityScenario;
  const answered: string[] = [];

  beforeAll(async () => {
    s = await buildSecurityScenario({ database });
  });
  afterAll(async () => {
    if (process.env.SECURITY_TABLE_DUMP) console.log(answered.join('\n'));
    await s?.close();
  });

  it('has one row per registered route, and no row for a route that does not exist', () => {
    const registered = [...new Set(s.routes)].sort();
    const rows = Object.keys(authorizationTable);
    expect(registered.filter((route) => !(route in authorizationTable)), 'routes without a row in the authorisation table').toEqual([]);
    expect(rows.filter((route) => !registered.includes(route)).sort(), 'rows without a route').toEqual([]);
    expect(registered.filter((route) => !(route in routeRequests)), 'routes without a request builder').toEqual([]);
  });

  for (const [route, cells] of Object.entries(authorizationTable)) {
    describe(route, () => {
      for (const role of roles) {
        const outcome = cells[role];
        it(`${role}: ${outcome}`, async () => {
          if (!s.routes.includes(route)) throw new Error(`${route} is not a route of the app`);
          const build = routeRequests[route];
          if (!build) throw new Error(`no request builder for ${route}`);
          const request = await build(s, role);
          const response = await sendAs(s, role, request);
          answered.push(`${route} | ${role} | expected ${outcome} | got ${response.statusCode} ${response.body.slice(0, 120)}`);
          expect(response.statusCode, `${request.method} ${request.url} as ${role}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
          expect(matches(outcome, response.statusCode), `${request.method} ${request.url} as ${role}: expected ${outcome}, got ${response.statusCode} ${response.body.slice(0, 300)}`).toBe(true);
          if (mustNotSeeUnitData.includes(role)) expect(response.body, `${route} as ${role} shows the unit's private data`).not.toContain(secretMarker);
        });
      }
    });
  }
});

// What a single cell cannot express: a session after logout, a foreign Origin, audio by file id, a flag off.
describe('authorisation: checks beside the table', () => {
  let s: SecurityScenario;
  beforeAll(async () => {
    s = await buildSecurityScenario();
  });
  afterAll(async () => {
    await s?.close();
  });

  it(`a session ends at logout: its cookie is refused afterwards`, async () => {
    const session = (await s.freshSession('caregiver'))!;
    const logout = await s.t.app.inject({ method: 'POST', url: '/api/logout', payload: {}, headers: { cookie: session.cookie } });
    expect(logout.statusCode).toBe(200);
    const after = await s.t.app.inject({ method: 'GET', url: '/api/', headers: { cookie: session.cookie } });
    expect(after.statusCode, after.body).toBe(401);
  });

  it(`a state-changing request from another site's page is refused`, async () => {
    const response = await s.t.app.inject({ method: 'PUT', url: '/api/settings', payload: { key: 'resultsCount', value: '20' }, headers: { ...s.headers('caregiver'), origin: 'https://evil.example' } });
    expect(response.statusCode, response.body).toBe(403);
  });

  it(`audio is not served as a plain file, only through its signed stream URL`, async () => {
    const response = await sendAs(s, 'caregiver', { method: 'GET', url: `/api/file/${s.ids.audioObjectFile}` });
    expect([403, 404], response.body).toContain(response.statusCode);
  });

  it(`an administrator without showExcelDownloadButtonInReport gets no spreadsheet`, async () => {
    const admin = await s.t.createUser({ config: { usageReport: true } });
    await s.t.sql.query('INSERT INTO user_admins (admin_user_id, user_id) VALUES ($1, $2)', [admin.id, s.ids.unit]);
    const { cookie } = await s.t.login(admin);
    for (const path of ['/api/usage-xlsx', '/api/usage-details-xlsx']) {
      const response = await s.t.app.inject({ method: 'GET', url: `${path}?userId=${s.ids.unit}&firstDay=${s.first}&lastDay=${s.last}`, headers: { cookie } });
      expect(response.statusCode, `${path}: ${response.body.slice(0, 200)}`).toBe(403);
    }
  });

  it('the spreadsheet the unit may download really is one (the table\'s ok is not an error page)', async () => {
    const response = await sendAs(s, 'caregiver', await routeRequests['GET /api/usage-xlsx']!(s, 'caregiver'));
    expect(response.statusCode).toBe(200);
    expect(response.contentType).toContain('spreadsheetml');
  });
});
