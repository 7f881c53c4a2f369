import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestUser } from '../../support/build-test-app.ts';
import { libraryRows } from '../../support/library-rows.ts';
import { absent, describeTypedRequestCases, sendTypedRequest, type TypedRequestCase } from '../../support/typed-request-cases.ts';

// The typed requests about user groups, the users' groups, contacts and app tasks (spec 3 section
// 7; issue 18 item 2), one table: for each type a valid request on fresh rows and its effect, an id
// that names no row; every type is then checked the same way (tests/support/typed-request-cases.ts).

describe('user-group typed requests', () => {
  let t: TestApp;
  let operator: TestUser & { cookie: string };
  let caregiver: { cookie: string };
  let rows: ReturnType<typeof libraryRows>;

  const send = (type: string, payload: unknown) => sendTypedRequest(t, operator.cookie, type, payload);
  const query = <R = Record<string, unknown>>(text: string, params: unknown[] = []) => t.sql.query<R>(text, params as never[]);
  const user = async () => (await t.createUser()).id;
  const contact = async (userIds: number[] = [], userGroupIds: number[] = []) =>
    Number((await query<{ id: number }>("INSERT INTO contacts (name, user_ids, user_group_ids) VALUES ('Nurse', $1, $2) RETURNING id", [userIds, userGroupIds]))[0]!.id);
  const membership = async (userGroupId: number, userId: number, mode = 'ReadOnly', active = true) =>
    Number((await query<{ id: number }>('INSERT INTO user_group_items (user_group_id, user_id, mode, active) VALUES ($1, $2, $3, $4) RETURNING id', [userGroupId, userId, mode, active]))[0]!.id);
  const members = (userGroupIds: number[]) =>
    query('SELECT user_group_id, user_id, mode, active FROM user_group_items WHERE user_group_id = ANY($1::integer[]) ORDER BY user_group_id, user_id', [userGroupIds]);

  beforeAll(async () => {
    t = await buildTestApp();
    rows = libraryRows(t.sql);
    const op = await t.createUser({ operator: true });
    operator = { ...op, cookie: (await t.login(op)).cookie };
    caregiver = await t.login(await t.createUser());
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  /** set-users-user-group and its two siblings: the same shape on another column of users. */
  const usersGroupCase = (type: string, column: string): TypedRequestCase => ({
    type,
    audited: 'users',
    async valid() {
      const [a, b, group] = [await user(), await user(), await rows.userGroup()];
      await query(`UPDATE users SET ${column} = $2 WHERE id = $1`, [b, group]);
      return {
        payload: { userIds: [a, b], userGroupId: group },
        async check(answer) {
          expect(answer).toEqual({ changed: 1 }); // b was in the group already
          expect((await query(`SELECT ${column} AS g FROM users WHERE id = ANY($1::integer[])`, [[a, b]])).map((r) => Number(r.g))).toEqual([group, group]);
          // null takes them out again; the audit rows hold the column, never the password hash.
          expect((await send(type, { userIds: [a], userGroupId: null })).json()).toEqual({ changed: 1 });
          expect((await query(`SELECT ${column} AS g FROM users WHERE id = $1`, [a]))[0]!.g).toBeNull();
          const audits = await query<{ old_data: unknown; new_data: unknown }>('SELECT old_data, new_data FROM logging WHERE query = $1 ORDER BY id DESC LIMIT 1', [type]);
          expect(audits[0]).toEqual({ old_data: { id: a, [column]: group }, new_data: { id: a, [column]: null } });
        },
      };
    },
    missing: async () => ({ payload: { userIds: [await user()], userGroupId: absent }, field: 'userGroupId' }),
  });

  /** set-user-contact and set-user-group-contact: ids added to and taken from each contact's list. */
  const contactCase = (type: string, field: 'userIds' | 'userGroupIds', column: string, make: () => Promise<number>): TypedRequestCase => ({
    type,
    audited: 'contacts',
    async valid() {
      const [x, y] = [await make(), await make()];
      const [c1, c2] = [await contact(), field === 'userIds' ? await contact([x]) : await contact([], [x])];
      return {
        payload: { contactIds: [c1, c2], [field]: [x, y], value: true },
        async check(answer) {
          expect(answer).toEqual({ changed: 2 });
          const lists = async () => (await query(`SELECT ${column} AS ids FROM contacts WHERE id = ANY($1::integer[]) ORDER BY id`, [[c1, c2]])).map((r) => (r.ids as number[]).map(Number).sort((a, b) => a - b));
          expect(await lists()).toEqual([[x, y], [x, y]]);
          expect((await send(type, { contactIds: [c1, c2], [field]: [x, y], value: true })).json()).toEqual({ changed: 0 });
          expect((await send(type, { contactIds: [c2], [field]: [x], value: false })).json()).toEqual({ changed: 1 });
          expect(await lists()).toEqual([[x, y], [y]]);
        },
      };
    },
    missing: async () => ({ payload: { contactIds: [await contact()], [field]: [absent], value: true }, field }),
  });

  const cases: TypedRequestCase[] = [
    {
      type: 'copy-user-settings',
      audited: 'settings',
      async valid() {
        const [from, to, group] = [await user(), await user(), await rows.userGroup()];
        await query("INSERT INTO settings (user_id, key, value) VALUES ($1, 'resultsCount', '50'), ($1, 'oneClickAutoPlay', 'true'), ($2, 'resultsCount', '10'), ($2, 'sessionTargetCount', '20')", [from, to]);
        await membership(group, from, 'MessageSender');
        return {
          payload: { fromUserId: from, toUserIds: [to], settings: { userGroupItems: true } },
          async check(answer) {
            expect(answer).toEqual({ changed: 3 }); // two settings and one membership
            const settings = await query('SELECT key, value FROM settings WHERE user_id = $1 ORDER BY key', [to]);
            expect(settings).toEqual([
              { key: 'oneClickAutoPlay', value: 'true' },
              { key: 'resultsCount', value: '50' },
              { key: 'sessionTargetCount', value: '20' }, // a key the source lacks stays
            ]);
            expect(await members([group])).toEqual([
              { user_group_id: group, user_id: from, mode: 'MessageSender', active: true },
              { user_group_id: group, user_id: to, mode: 'MessageSender', active: true },
            ]);
            // Again: nothing differs, nothing is written.
            expect((await send('copy-user-settings', { fromUserId: from, toUserIds: [to] })).json()).toEqual({ changed: 0 });
          },
        };
      },
      missing: async () => ({ payload: { fromUserId: await user(), toUserIds: [absent] }, field: 'toUserIds' }),
    },
    {
      type: 'copy-user-group-contents',
      audited: 'user_group_categories',
      async valid() {
        const [g1, g2, to] = [await rows.userGroup(), await rows.userGroup(), await rows.userGroup()];
        const [c1, c2, recipe, file] = [await rows.category(), await rows.category(), await rows.recipe(), await rows.file('application/pdf')];
        await query("INSERT INTO user_group_categories (user_group_id, category_id, mode) VALUES ($1, $4, 'targetable'), ($2, $4, 'trackUsage'), ($2, $5, NULL), ($3, $5, 'trackUsage')", [g1, g2, to, c1, c2]);
        await query('INSERT INTO user_group_recipes (user_group_id, recipe_id) VALUES ($1, $2)', [g2, recipe]);
        await query('INSERT INTO user_group_files (user_group_id, file_id) VALUES ($1, $2)', [g1, file]);
        return {
          payload: { fromUserGroupIds: [g1, g2], toUserGroupId: to },
          async check(answer) {
            expect(answer).toEqual({ changed: 3 });
            // c1 from the lowest source group (g1: targetable); c2 was the group's already and keeps its mode.
            expect(await query('SELECT category_id, mode FROM user_group_categories WHERE user_group_id = $1 ORDER BY category_id', [to])).toEqual([
              { category_id: c1, mode: 'targetable' },
              { category_id: c2, mode: 'trackUsage' },
            ]);
            expect((await query('SELECT recipe_id FROM user_group_recipes WHERE user_group_id = $1', [to])).map((r) => Number(r.recipe_id))).toEqual([recipe]);
            expect((await query('SELECT file_id FROM user_group_files WHERE user_group_id = $1', [to])).map((r) => Number(r.file_id))).toEqual([file]);
            const self = await send('copy-user-group-contents', { fromUserGroupIds: [to], toUserGroupId: to });
            expect(self.json()).toMatchObject({ error: { kind: 'ValidationError', details: [{ path: 'body.toUserGroupId' }] } });
          },
        };
      },
      missing: async () => ({ payload: { fromUserGroupIds: [await rows.userGroup(), absent], toUserGroupId: await rows.userGroup() }, field: 'fromUserGroupIds' }),
    },
    {
      type: 'add-user-group-items',
      audited: 'user_group_items',
      async valid() {
        const [a, b, g1, g2] = [await user(), await user(), await rows.userGroup(), await rows.userGroup()];
        await membership(g1, a, 'ReadOnly', false);
        await membership(g2, b, 'Admin');
        return {
          payload: { userIds: [a, b], userGroupIds: [g1, g2], mode: 'Admin' },
          async check(answer) {
            expect(answer).toEqual({ changed: 3 }); // a in g1 changed, b in g1 and a in g2 added, b in g2 already so
            expect(await members([g1, g2])).toEqual([
              { user_group_id: g1, user_id: a, mode: 'Admin', active: true },
              { user_group_id: g1, user_id: b, mode: 'Admin', active: true },
              { user_group_id: g2, user_id: a, mode: 'Admin', active: true },
              { user_group_id: g2, user_id: b, mode: 'Admin', active: true },
            ]);
            const mode = await send('add-user-group-items', { userIds: [a], userGroupIds: [g1], mode: 'Superuser' });
            expect(mode.json()).toMatchObject({ error: { kind: 'ValidationError', details: [{ path: 'body.mode' }] } });
          },
        };
      },
      missing: async () => ({ payload: { userIds: [await user()], userGroupIds: [absent], mode: 'ReadOnly' }, field: 'userGroupIds' }),
    },
    {
      type: 'set-user-group-items-active',
      audited: 'user_group_items',
      async valid() {
        const group = await rows.userGroup();
        const items = [await membership(group, await user(), 'ReadWrite'), await membership(group, await user(), 'ReadOnly', false)];
        return {
          payload: { ids: items, active: false },
          async check(answer) {
            expect(answer).toEqual({ changed: 1 });
            expect((await members([group])).map((m) => [m.mode, m.active])).toEqual([
              ['ReadWrite', false],
              ['ReadOnly', false],
            ]);
          },
        };
      },
      missing: async () => ({ payload: { ids: [absent], active: true }, field: 'ids' }),
    },
    usersGroupCase('set-users-user-group', 'user_group_id'),
    usersGroupCase('set-users-instructions-user-group', 'instructions_user_group_id'),
    usersGroupCase('set-users-timings-user-group', 'timings_user_group_id'),
    contactCase('set-user-contact', 'userIds', 'user_ids', user),
    contactCase('set-user-group-contact', 'userGroupIds', 'user_group_ids', () => rows.userGroup()),
    {
      type: 'set-user-group-categories',
      audited: 'user_group_categories',
      async valid() {
        const [g1, g2, c1, c2] = [await rows.userGroup(), await rows.userGroup(), await rows.category(), await rows.category()];
        await query("INSERT INTO user_group_categories (user_group_id, category_id, mode, active) VALUES ($1, $2, 'trackUsage', false)", [g1, c1]);
        return {
          payload: { userGroupIds: [g1, g2], categoryIds: [c1, c2], value: true, mode: 'targetable' },
          async check(answer) {
            expect(answer).toEqual({ changed: 4 });
            const links = () => query('SELECT user_group_id, category_id, mode, active FROM user_group_categories WHERE user_group_id = ANY($1::integer[]) ORDER BY 1, 2', [[g1, g2]]);
            expect((await links()).map((l) => [l.mode, l.active])).toEqual(Array(4).fill(['targetable', true]));
            expect((await send('set-user-group-categories', { userGroupIds: [g1], categoryIds: [c1, c2], value: true, mode: 'targetable' })).json()).toEqual({ changed: 0 });
            expect((await send('set-user-group-categories', { userGroupIds: [g2], categoryIds: [c2], value: true })).json()).toEqual({ changed: 1 });
            expect((await send('set-user-group-categories', { userGroupIds: [g1], categoryIds: [c1, c2], value: false })).json()).toEqual({ changed: 2 });
            expect((await links()).map((l) => [l.user_group_id, l.category_id, l.mode])).toEqual([
              [g2, c1, 'targetable'],
              [g2, c2, null],
            ]);
          },
        };
      },
      missing: async () => ({ payload: { userGroupIds: [await rows.userGroup()], categoryIds: [absent], value: true }, field: 'categoryIds' }),
    },
    {
      type: 'set-user-group-recipes',
      audited: 'user_group_recipes',
      async valid() {
        const [group, r1, r2] = [await rows.userGroup(), await rows.recipe(), await rows.recipe()];
        return {
          payload: { userGroupIds: [group], recipeIds: [r1, r2], value: true },
          async check(answer) {
            expect(answer).toEqual({ changed: 2 });
            expect((await send('set-user-group-recipes', { userGroupIds: [group], recipeIds: [r1], value: false })).json()).toEqual({ changed: 1 });
            expect((await query('SELECT recipe_id FROM user_group_recipes WHERE user_group_id = $1', [group])).map((r) => Number(r.recipe_id))).toEqual([r2]);
          },
        };
      },
      missing: async () => ({ payload: { userGroupIds: [await rows.userGroup()], recipeIds: [absent], value: true }, field: 'recipeIds' }),
    },
    {
      type: 'set-user-group-files',
      audited: 'user_group_files',
      async valid() {
        const [g1, g2, file] = [await rows.userGroup(), await rows.userGroup(), await rows.file('application/pdf')];
        return {
          payload: { userGroupIds: [g1, g2], fileIds: [file], value: true },
          async check(answer) {
            expect(answer).toEqual({ changed: 2 });
            expect((await query('SELECT user_group_id FROM user_group_files WHERE file_id = $1 ORDER BY 1', [file])).map((r) => Number(r.user_group_id))).toEqual([g1, g2]);
            expect((await send('set-user-group-files', { userGroupIds: [g1, g2], fileIds: [file], value: false })).json()).toEqual({ changed: 2 });
            expect(await query('SELECT 1 FROM user_group_files WHERE file_id = $1', [file])).toEqual([]);
          },
        };
      },
      missing: async () => ({ payload: { userGroupIds: [absent], fileIds: [await rows.file()], value: true }, field: 'userGroupIds' }),
    },
    {
      type: 'add-app-task',
      audited: 'app_tasks',
      async valid() {
        const unit = await user();
        const task = { kind: 'GenerateSessionDataTask', userId: unit, day: '2026-03-02' };
        return {
          payload: { task },
          async check(answer) {
            expect(answer).toMatchObject({ kind: 'GenerateSessionDataTask', task, status: 'queued', progress: 0, createdByUserId: operator.id });
            const { id } = answer as { id: number };
            expect(await query('SELECT kind, task, status, created_by_user_id FROM app_tasks WHERE id = $1', [id])).toEqual([{ kind: 'GenerateSessionDataTask', task, status: 'queued', created_by_user_id: operator.id }]);
            // The operators' list of tasks shows it.
            const listed = await t.app.inject({ method: 'GET', url: '/api/admin/app-tasks', headers: { cookie: operator.cookie } });
            expect(listed.json<{ id: number }[]>().map((x) => x.id)).toContain(id);
            const kind = await send('add-app-task', { task: { kind: 'MusicReportTask' } });
            expect(kind.statusCode).toBe(400);
            expect(kind.json()).toMatchObject({ error: { kind: 'ValidationError' } });
            expect(JSON.stringify(kind.json())).toContain('body.task');
          },
        };
      },
      missing: async () => ({ payload: { task: { kind: 'GenerateSessionDataTask', userId: absent, day: '2026-03-02' } }, field: 'task.userId' }),
    },
  ];

  describeTypedRequestCases(() => ({ t, operator, caregiver }), cases);

  it("set-user-group-categories decides the categories with targets in the group members' usage report", async () => {
    const [group, other, category] = [await rows.userGroup(), await rows.userGroup(), await rows.category()];
    const unit = await t.createUser();
    const admin = await t.createUser();
    await query('UPDATE users SET user_group_id = $2 WHERE id = $1', [unit.id, group]);
    await query('INSERT INTO user_admins (admin_user_id, user_id) VALUES ($1, $2)', [admin.id, unit.id]);
    const [unitCookie, adminCookie] = [(await t.login(unit)).cookie, (await t.login(admin)).cookie];
    // What the report's category targets read: GET /api/categories as the report's user has them.
    const usageReport = async (cookie: string, userId?: number) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/categories?idList=${category}${userId ? `&userId=${userId}` : ''}`, headers: { cookie } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ usageReport: string | null }[]>()[0]!.usageReport;
    };
    expect(await usageReport(unitCookie)).toBeNull();
    await send('set-user-group-categories', { userGroupIds: [group], categoryIds: [category], value: true, mode: 'targetable' });
    expect(await usageReport(unitCookie)).toBe('targetable');
    expect(await usageReport(adminCookie, unit.id)).toBe('targetable');
    expect(await usageReport(adminCookie)).toBeNull(); // the administrator's own group has no such link
    await send('set-user-group-categories', { userGroupIds: [group], categoryIds: [category], value: true, mode: 'trackUsage' });
    expect(await usageReport(unitCookie)).toBe('report');
    // Another group's link is not the unit's; unlinked, the category's own usageReport holds again.
    await send('set-user-group-categories', { userGroupIds: [other], categoryIds: [category], value: true, mode: 'targetable' });
    await query("UPDATE categories SET usage_report = 'targetable' WHERE id = $1", [category]);
    expect(await usageReport(unitCookie)).toBe('report');
    await send('set-user-group-categories', { userGroupIds: [group], categoryIds: [category], value: false });
    expect(await usageReport(unitCookie)).toBe('targetable');
    // Only the user and their administrators may read the categories as the user has them.
    const stranger = await t.app.inject({ method: 'GET', url: `/api/categories?userId=${unit.id}`, headers: { cookie: caregiver.cookie } });
    expect(stranger.statusCode).toBe(403);
    const bad = await t.app.inject({ method: 'GET', url: '/api/categories?userId=x', headers: { cookie: caregiver.cookie } });
    expect(bad.json()).toMatchObject({ error: { kind: 'ValidationError', details: [{ path: 'querystring.userId' }] } });
  });

  it('refuses copying a user onto themselves, and writes nothing', async () => {
    const from = await user();
    await query("INSERT INTO settings (user_id, key, value) VALUES ($1, 'resultsCount', '50')", [from]);
    const response = await send('copy-user-settings', { fromUserId: from, toUserIds: [from] });
    expect(response.json()).toMatchObject({ error: { kind: 'ValidationError', details: [{ path: 'body.toUserIds' }] } });
  });
});
