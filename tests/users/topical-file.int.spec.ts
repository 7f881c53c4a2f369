import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestDatabase, type TestUser } from '../support/build-test-app.ts';
import { multipartBody, tinyPdf } from '../http/support/multipart.ts';
import { temporaryFileStore } from '../http/support/library-kit.ts';

// Issue 17 item 6, the settings tab's topical file (spec 3 section 2): an administrator with
// showUploadTopicalFile (and no messaging) uploads a file and makes it the info file of units they
// administer; the unit then reads it, nobody else does (NotFound, as for any file one may not read). Refusals change nothing.

describe.each<TestDatabase>(['pglite'])('the topical file on %s', (database) => {
  let t: TestApp;
  let unit: TestUser;
  let otherUnit: TestUser;
  let admin: TestUser;
  let plainAdmin: TestUser;
  let stranger: TestUser;
  const cookies = new Map<number, string>();
  const store = temporaryFileStore();

  beforeAll(async () => {
    t = await buildTestApp({ database, files: store.files });
    unit = await t.createUser();
    otherUnit = await t.createUser();
    admin = await t.createUser({ config: { showUploadTopicalFile: true, messages: false, msgs: false } });
    plainAdmin = await t.createUser({ config: { messages: false, msgs: false } });
    stranger = await t.createUser();
    await t.sql.query('INSERT INTO user_admins (admin_user_id, user_id) VALUES ($1, $2), ($3, $2), ($3, $4)', [admin.id, unit.id, plainAdmin.id, otherUnit.id]);
    for (const user of [unit, otherUnit, admin, plainAdmin, stranger]) cookies.set(user.id, (await t.login(user)).cookie);
  });
  afterAll(async () => {
    await t?.close();
    store.remove();
  });

  const uploadAs = async (user: TestUser) => {
    const { payload, headers } = multipartBody([{ field: 'file0', filename: 'programme.pdf', contentType: 'application/pdf', bytes: tinyPdf }]);
    return t.app.inject({ method: 'POST', url: '/api/upload', payload, headers: { ...headers, cookie: cookies.get(user.id)! } });
  };
  const setTopicalFile = (user: TestUser, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/requests/set-topical-file', payload, headers: { cookie: cookies.get(user.id)! } });
  const infoFileOf = async (userId: number) => (await t.sql.query<{ id: number | null }>('SELECT info_file_id AS id FROM users WHERE id = $1', [userId]))[0]!.id;
  const readFile = (user: TestUser, fileId: number) => t.app.inject({ method: 'GET', url: `/api/file/${fileId}`, headers: { cookie: cookies.get(user.id)! } });

  it('should let an administrator with showUploadTopicalFile upload without messaging, and not one without the flag', async () => {
    expect((await uploadAs(admin)).statusCode).toBe(200);
    const refused = await uploadAs(plainAdmin);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.kind).toBe('AccessDenied');
  });

  it('should make the upload the unit info file, readable by the unit and by nobody else, with an audit row naming the column only', async () => {
    const [file] = (await uploadAs(admin)).json() as { id: number }[];
    expect((await readFile(unit, file!.id)).statusCode).toBe(404);
    const answer = await setTopicalFile(admin, { userIds: [unit.id], fileId: file!.id });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ changed: 1 });
    expect(await infoFileOf(unit.id)).toBe(file!.id);
    const read = await readFile(unit, file!.id);
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toContain('application/pdf');
    expect((await readFile(stranger, file!.id)).statusCode).toBe(404);
    const [audit] = await t.sql.query<{ user_id: number; new_data: Record<string, unknown> }>(
      `SELECT user_id, new_data FROM logging WHERE query = 'set-topical-file' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit).toEqual({ user_id: admin.id, new_data: { id: unit.id, info_file_id: file!.id } });
    // The same again changes nothing; null takes it away.
    expect((await setTopicalFile(admin, { userIds: [unit.id], fileId: file!.id })).json()).toEqual({ changed: 0 });
    expect((await setTopicalFile(admin, { userIds: [unit.id], fileId: null })).json()).toEqual({ changed: 1 });
    expect(await infoFileOf(unit.id)).toBeNull();
  });

  it('should refuse units the caller does not administer, a caller without the flag, and a file not theirs, changing nothing', async () => {
    const [own] = (await uploadAs(admin)).json() as { id: number }[];
    const [strangers] = (await uploadAs(stranger)).json() as { id: number }[];
    for (const [caller, payload, kind] of [
      [admin, { userIds: [unit.id, otherUnit.id], fileId: own!.id }, 'AccessDenied'],
      [plainAdmin, { userIds: [otherUnit.id], fileId: null }, 'AccessDenied'],
      [unit, { userIds: [unit.id], fileId: null }, 'AccessDenied'],
    ] as const) {
      const refused = await setTopicalFile(caller, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(403);
      expect(refused.json().error.kind).toBe(kind);
    }
    for (const fileId of [strangers!.id, 2_000_000_000]) {
      const refused = await setTopicalFile(admin, { userIds: [unit.id], fileId });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatchObject({ kind: 'ValidationError', details: [expect.objectContaining({ path: 'body.fileId' })] });
    }
    const bad = await setTopicalFile(admin, { userIds: [], fileId: null });
    expect(bad.json().error).toMatchObject({ kind: 'ValidationError', details: [expect.objectContaining({ path: 'body.userIds' })] });
    expect(await infoFileOf(unit.id)).toBeNull();
    expect(await infoFileOf(otherUnit.id)).toBeNull();
  });
});
