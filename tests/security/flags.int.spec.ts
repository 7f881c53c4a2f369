import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CurrentUser, UserConfig } from '../../schemas/api/user.ts';
import { ResidentUsage } from '../../schemas/api/public-usage.ts';
import { routeDatabases, buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';
import { buildReportScenario, type ReportScenario } from '../http/support/report-scenario.ts';
import { insertAudioFile, insertFile, patternBytes, temporaryFileStore } from '../http/support/library-kit.ts';

// Configuration flags enforced by the server, not only hidden in the browser (issue 12, 6): one
// case per rule, each shown to pass with the flag and to fail without it, so the flag is what
// decides.

type Response = { statusCode: number; json(): { error?: { kind: string; details?: { path: string }[] } } };
const expectDenied = (response: Response, what: string) => {
  expect(response.statusCode, what).toBe(403);
  expect(response.json().error?.kind, what).toBe('AccessDenied');
};

describe('flags over the report scenario (chDB)', () => {
  let s: ReportScenario;
  beforeAll(async () => void (s = await buildReportScenario()), 120_000);
  afterAll(async () => s?.close());

  const setFlags = (user: TestUser, flags: Record<string, unknown>) =>
    s.t.sql.query(`UPDATE users SET config = config || $2::jsonb WHERE id = $1`, [user.id, JSON.stringify(flags)]);
  const get = (url: string, headers: Record<string, string>) => s.t.app.inject({ method: 'GET', url, headers });

  describe('showOnlyPublicReport', () => {
    it('should keep a password login on its public report: the report, the user load and ping answer, every other route is AccessDenied', async () => {
      await setFlags(s.publicUser, { showOnlyPublicReport: true, showPublicReport: true });
      const headers = { cookie: (await s.t.login(s.publicUser)).cookie };
      expect((await get(`/api/public-usage/${s.unit.id}/2026-01-14/2026-01-20`, headers)).statusCode).toBe(200);
      expect((await get('/api/', headers)).statusCode).toBe(200);
      expect((await get('/api/ping', headers)).statusCode).toBe(200);

      const refused = [
        get('/api/settings', headers),
        get('/api/last-play', headers),
        get('/api/user-tag-groups', headers),
        get('/api/categories', headers),
        get(`/api/usage/${s.publicUser.id}/2026-01-14/2026-01-20`, headers),
        get(`/api/usage-sessions/${s.publicUser.id}/2026-01-14/2026-01-20`, headers),
        s.t.app.inject({ method: 'PUT', url: '/api/settings', headers, payload: { key: 'resultsCount', value: '50' } }),
        s.t.app.inject({ method: 'POST', url: '/api/get-messages', headers, payload: { query: {} } }),
        s.t.app.inject({ method: 'POST', url: '/api/usage-log', headers, payload: { data: JSON.stringify({ page: 'login' }) } }),
        get('/ws', headers),
      ];
      for (const [i, response] of (await Promise.all(refused)).entries()) expectDenied(response, `refused route ${i}`);
      expect(await s.t.sql.query('SELECT 1 FROM settings WHERE user_id = $1', [s.publicUser.id])).toEqual([]);
      // Logging out stays possible.
      expect((await s.t.app.inject({ method: 'POST', url: '/api/logout', headers })).statusCode).toBe(200);
    });

    it('should open the other routes again as soon as the flag is off', async () => {
      await setFlags(s.publicUser, { showOnlyPublicReport: false });
      const headers = { cookie: (await s.t.login(s.publicUser)).cookie };
      expect((await get('/api/settings', headers)).statusCode).toBe(200);
      await setFlags(s.publicUser, { showOnlyPublicReport: true });
      // The same cookie: the flag is read per request, not at login.
      expectDenied(await get('/api/settings', headers), 'after the flag is set again');
    });
  });

  describe('GET /api/ of a public-report token session', () => {
    it('should carry only what the public report page needs', async () => {
      await s.t.sql.query(
        `UPDATE users SET email = 'unit@secret.example', first_name = 'Ulla', last_name = 'Unit', client_name = 'Ward A',
           contract_end_date = '2099-12-31', config = config || '{"showPublicReportSessionCount": true, "canStartSession": true, "usageReport": true}'::jsonb
         WHERE id = $1`,
        [s.unit.id],
      );
      await s.t.sql.query('INSERT INTO user_admins (admin_user_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [s.unit.id, s.other.id]);
      await s.t.sql.query('INSERT INTO message_receivers (user_id, receiver_user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [s.unit.id, s.admin.id]);
      const login = await s.t.app.inject({ method: 'POST', url: '/api/publicReportTokenLogin', payload: { token: 'unit-token' } });
      const cookie = login.cookies.find((c) => c.name === 'sointu_session')!;
      const response = await get('/api/', { cookie: `sointu_session=${cookie.value}` });
      expect(response.statusCode, response.body).toBe(200);
      const body = CurrentUser.parse(response.json());
      expect(body).toMatchObject({
        id: s.unit.id,
        name: 'Ward A',
        clientName: 'Ward A',
        email: null,
        firstName: null,
        lastName: null,
        adminOfUsers: [],
        lastSessionToken: null,
        contractEndDate: null,
        publicReport: true,
        admin: false,
        operator: false,
        publicReportUserId: s.unit.id,
      });
      expect(response.json()).not.toHaveProperty('messageReceivers');
      expect(response.body).not.toContain('unit@secret.example');
      expect(response.body).not.toContain(s.unit.name);
      // The page's flags, every other one off (a default that is on is not the unit's to show either).
      const on = Object.entries(body.config).filter(([, value]) => value === true).map(([flag]) => flag).sort();
      expect(on).toEqual(['showOnlyPublicReport', 'showPublicReport', 'showPublicReportSessionCount']);
      expect(Object.keys(body.config).sort()).toEqual(Object.keys(UserConfig.shape).sort());

      // The unit's own password login still loads everything.
      const own = CurrentUser.parse((await get('/api/', s.headers(s.unit))).json());
      expect(own).toMatchObject({ email: 'unit@secret.example', adminOfUsers: [{ id: s.other.id }] });
      expect(own.config.canStartSession).toBe(true);
      expect(own.messageReceivers?.map((r) => r.id)).toEqual([s.admin.id]);
    });
  });

  describe('showExcelDownloadButtonInReport', () => {
    const period = 'firstDay=2026-01-14&lastDay=2026-01-20';
    it('should guard both spreadsheet routes by the caller\'s own flag', async () => {
      for (const path of ['/api/usage-xlsx', '/api/usage-details-xlsx']) {
        const url = `${path}?userId=${s.unit.id}&${period}`;
        await setFlags(s.admin, { showExcelDownloadButtonInReport: true });
        expect((await get(url, s.headers(s.admin))).statusCode, path).toBe(200);
        // The administrator without the flag is refused, although the unit has it.
        await setFlags(s.admin, { showExcelDownloadButtonInReport: false });
        expectDenied(await get(url, s.headers(s.admin)), `${path} admin without flag`);
        // The unit itself, its own report, without the flag.
        await setFlags(s.unit, { showExcelDownloadButtonInReport: false });
        expectDenied(await get(url, s.headers(s.unit)), `${path} unit without flag`);
        await setFlags(s.unit, { showExcelDownloadButtonInReport: true });
        expect((await get(url, s.headers(s.unit))).statusCode, path).toBe(200);
      }
    });
  });

  describe('resident report to a relative', () => {
    it('should not name the other residents of a session, only count them', async () => {
      const response = await get(`/api/resident-usage/${s.residentA}/2026-01-14/2026-01-20`, s.headers(s.relative));
      expect(response.statusCode, response.body).toBe(200);
      const report = ResidentUsage.parse(response.json());
      expect(report.sessions).toHaveLength(1);
      expect(report.sessions[0]!.participants.map((p) => p.id)).toEqual([s.residentA]);
      expect(report.sessions[0]!.otherParticipantCount).toBe(1);
      expect(response.body).not.toMatch(/Eino|Korhonen/);
      // The unit sees both.
      const forUnit = ResidentUsage.parse((await get(`/api/resident-usage/${s.residentA}/2026-01-14/2026-01-20`, s.headers(s.unit))).json());
      expect(forUnit.sessions[0]!.participants.map((p) => p.id)).toEqual([s.residentA, s.residentB]);
    });
  });
});

describe.each(routeDatabases)('flags on %s', (database) => {
  const store = temporaryFileStore();
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ database, files: store.files });
  });
  afterAll(async () => {
    await t.close();
    store.remove();
  });

  const loggedIn = async (config: Record<string, unknown> = {}) => {
    const user = await t.createUser({ config });
    return { user, headers: { cookie: (await t.login(user)).cookie } };
  };

  describe('canCreateFavoriteLists', () => {
    it('should let only a user with the flag create a favorite list', async () => {
      const without = await loggedIn();
      const create = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/user-tag-groups', headers, payload: { name: 'Evening', description: '' } });
      expectDenied(await create(without.headers), 'without the flag');
      expect(await t.sql.query("SELECT 1 FROM events WHERE type = 'FavoriteListCreated' AND data->>'userId' = $1", [String(without.user.id)])).toEqual([]);
      const withFlag = await loggedIn({ canCreateFavoriteLists: true });
      const created = await create(withFlag.headers);
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json()).toMatchObject({ name: 'Evening', userId: withFlag.user.id });
    });
  });

  describe('PUT /api/settings', () => {
    it('should accept the known keys within bounds and refuse the rest naming the field', async () => {
      const { user, headers } = await loggedIn();
      const put = (payload: object) => t.app.inject({ method: 'PUT', url: '/api/settings', headers, payload });
      expect((await put({ key: 'sessionTargetCount', value: '40' })).statusCode).toBe(200);
      for (const [payload, path] of [
        [{ key: 'theme', value: 'dark' }, 'body.key'],
        [{ key: 'x'.repeat(50), value: '1' }, 'body.key'],
        [{ key: 'sessionTargetCount', value: '1000' }, 'body.value'],
        [{ key: 'oneClickAutoPlay', value: 'x'.repeat(5000) }, 'body.value'],
        [{ key: 'resultsCount', value: '1000' }, 'body.value'],
      ] as const) {
        const response = await put(payload);
        expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
        expect(response.json().error.kind).toBe('ValidationError');
        expect(response.json().error.details.map((d: { path: string }) => d.path)).toContain(path);
      }
      expect(await t.sql.query('SELECT key, value FROM settings WHERE user_id = $1', [user.id])).toEqual([{ key: 'sessionTargetCount', value: '40' }]);
    });
  });

  describe('GET /api/file/{id}', () => {
    it('should not serve audio past the signed stream, by content type or as a library sound, and still serve images', async () => {
      const { headers } = await loggedIn();
      const wav = await insertFile(t, store.files, { name: 'song.wav', contentType: 'audio/wav', bytes: patternBytes(400) });
      // Mislabelled: the bytes of a library audio file whatever the stored type says.
      const sound = await insertFile(t, store.files, { name: 'song.bin', contentType: 'application/octet-stream', bytes: patternBytes(300) });
      const cover = await insertFile(t, store.files, { name: 'cover.jpg', contentType: 'image/jpeg', bytes: patternBytes(200) });
      await insertAudioFile(t, { name: `Song ${database}`, fileId: sound, imageId: cover });
      for (const id of [wav, sound]) {
        expectDenied(await t.app.inject({ method: 'GET', url: `/api/file/${id}`, headers }), `file ${id}`);
        expectDenied(await t.app.inject({ method: 'GET', url: `/api/file/${id}?download=1`, headers: { ...headers, range: 'bytes=0-10' } }), `file ${id} download`);
      }
      const image = await t.app.inject({ method: 'GET', url: `/api/file/${cover}`, headers });
      expect(image.statusCode).toBe(200);
      expect(image.rawPayload.equals(patternBytes(200))).toBe(true);
    });
  });
});
