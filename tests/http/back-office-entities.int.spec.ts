import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityRegistry } from '../../domain/reference-data/entity-registry.ts';
import { isUnitScoped } from '../../domain/reference-data/entity-access.ts';
import type { ReferenceField, ReferenceTable } from '../../domain/reference-data/reference-table.ts';
import { projectAll } from '../../projections/engine/project-all.ts';
import { evaluationsProjector } from '../../projections/postgres/evaluations.ts';
import { favoritesProjector } from '../../projections/postgres/favorites.ts';
import { messagesProjector } from '../../projections/postgres/messages.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import type { SqlParam } from '../../infra/sql/sql.ts';
import { usageWarehouseProjector } from '../../projections/warehouse/usage-warehouse-projector.ts';
import { usageLogBody } from '../../schemas/api/usage-log.ts';
import { buildTestApp, routeDatabases, type TestApp } from '../support/build-test-app.ts';
import { connectTestWarehouse } from '../support/test-warehouse.ts';
import { callers, entityCases, firstUsageRow, type Caller, type EntityCase, type EntityWorld, type Outcome } from './support/entity-cases.ts';

// Issue 18: the back office's generic data pattern, one table-driven walk generated from the entity
// registry. Every entity goes through create, update, fetch and query as each kind of caller
// (operator, the unit's administrator, another unit's administrator, the unit, a relative,
// anonymous); bad input (wrong types, unknown fields, rows that do not exist, values outside their
// lists) is a ValidationError naming the field, and a refused request writes nothing, not even an
// audit row. A new entity without a row in tests/http/support/entity-cases.ts fails the first test.

type Method = 'GET' | 'POST' | 'PUT';
type Headers = Record<string, string>;

const missingId = 2_147_483_000;

describe.each(routeDatabases)('back office entities on %s', (database) => {
  let t: TestApp;
  let w: EntityWorld;
  let warehouse: Warehouse;
  const headers = {} as Record<Caller, Headers>;

  beforeAll(async () => {
    // The usage entities read the warehouse: chDB in the test's own directory.
    warehouse = await connectTestWarehouse(fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-back-office-')));
    t = await buildTestApp({ database, warehouse });
    const { sql } = t;
    const unit = await t.createUser({ config: { canCreateResidents: true, canCreateActivities: true, evaluateAudioFiles: true, canCreateFavoriteLists: true } });
    const unitAdmin = await t.createUser({ config: { canCreateResidents: true, canCreateActivities: true } });
    const otherUnit = await t.createUser({ config: { canCreateResidents: true, canCreateActivities: true } });
    const otherAdmin = await t.createUser({ config: { canCreateResidents: true, canCreateActivities: true } });
    const relative = await t.createUser();
    const operator = await t.createUser({ operator: true });
    await sql.query('INSERT INTO user_admins (admin_user_id, user_id) VALUES ($1, $2), ($3, $4)', [unitAdmin.id, unit.id, otherAdmin.id, otherUnit.id]);
    await sql.query('UPDATE users SET inserted_by_user_id = $1 WHERE id = $2', [unit.id, relative.id]);
    const users = { operator, unitAdmin, otherAdmin, caregiver: unit, relative };
    for (const [caller, user] of Object.entries(users)) headers[caller as Exclude<Caller, 'anonymous'>] = { cookie: (await t.login(user)).cookie };
    headers.anonymous = {};

    const id = async (text: string, params: SqlParam[] = []) => Number((await sql.query<{ id: number }>(text, params))[0]!.id);
    const file = await id("INSERT INTO files (name, content_type, object_key) VALUES ('song.mp3', 'audio/mpeg', $1) RETURNING id", [`back-office/${process.pid}-${Date.now()}`]);
    const newCategory = () => id("INSERT INTO categories (name, type) VALUES ('Songs', 'Music') RETURNING id");
    const audioFile = await id("INSERT INTO audio_files (name, file_id, length) VALUES ('Song', $1, 120) RETURNING id", [file]);
    const category = await newCategory();
    // The unit's usage an hour ago: a play of a minute, then a search, projected when a usage entity is walked.
    const at = (seconds: number) => new Date(Date.now() - 3_600_000 + seconds * 1000).toISOString();
    const logged = [
      usageLogBody({ page: 'player', playLog: [0, 30, 60].map((s) => ({ time: at(s), audioFileId: audioFile, playPosition: s })) }),
      usageLogBody({ page: 'search', time: at(90), query: 'valssi', categoryIds: [category], musicPieces: true, musicCategories: false, audioPrograms: false, recipes: false }),
    ];
    for (const payload of logged) {
      const response = await t.app.inject({ method: 'POST', url: '/api/usage-log', headers: headers.caregiver, payload });
      expect(response.statusCode, response.body).toBe(200);
    }
    w = {
      sql,
      unit: unit.id,
      userGroup: await id("INSERT INTO user_groups (name) VALUES ('Group A') RETURNING id"),
      category,
      recipe: await id("INSERT INTO recipes (name) VALUES ('Morning') RETURNING id"),
      audioFile,
      file,
      resident: await id("INSERT INTO residents (first_name, last_name, user_id) VALUES ('Aino', 'Virtanen', $1) RETURNING id", [unit.id]),
      newUser: async () => (await t.createUser()).id,
      newCategory,
      usageRow: async (entity) => {
        await projectAll({ log: t.store, sql, warehouse, projectors: [usageWarehouseProjector] });
        return firstUsageRow(t, headers.caregiver, unit.id, entity);
      },
    };
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await warehouse?.close();
  });

  const call = (caller: Caller, method: Method, url: string, payload?: object) => t.app.inject({ method, url, headers: headers[caller], ...(payload ? { payload } : {}) });
  const outcome = (status: number): Outcome | `status ${number}` => (status === 200 ? 'ok' : status === 403 ? 'denied' : status === 401 ? 'unauth' : `status ${status}`);
  const ok = async (caller: Caller, method: Method, url: string, payload?: object) => {
    const response = await call(caller, method, url, payload);
    expect(response.statusCode, `${method} ${url} as ${caller}: ${response.body}`).toBe(200);
    return response.json();
  };
  const counts = async (definition: ReferenceTable) => {
    // A usage entity's rows are the warehouse's: what must stay unwritten in Postgres is the audit log.
    if (definition.warehouse) return { rows: 0, audits: Number((await t.sql.query<{ n: number }>('SELECT count(*)::integer AS n FROM logging'))[0]!.n) };
    const [row] = await t.sql.query<{ rows: number; audits: number }>(`SELECT (SELECT count(*)::integer FROM ${definition.from ?? `"${definition.table}"`} AS r) AS rows, (SELECT count(*)::integer FROM logging) AS audits`);
    return row!;
  };
  const caseOf = (definition: ReferenceTable): EntityCase => {
    const found = entityCases[definition.name];
    if (!found) throw new Error(`no row for ${definition.name} in tests/http/support/entity-cases.ts`);
    return found;
  };
  /** Who writes the entity's rows in the walk: the first caller its matrix lets in. */
  const writerOf = (c: EntityCase): Caller => callers.find((caller) => c.access[caller] === 'ok')!;
  const queryFor = (definition: ReferenceTable, id: number | string) => ({
    ...(isUnitScoped(definition) ? { userIds: [w.unit] } : {}),
    ...(typeof id === 'number' ? { ids: [id] } : {}),
  });
  const asUnit = async (method: 'POST' | 'PUT', url: string, payload: object) => ok('caregiver', method, url, payload);

  it('has a row for every entity of the registry, and none for an entity it does not have', () => {
    const names = entityRegistry.map((d) => d.name);
    expect(names.filter((name) => !(name in entityCases)), 'entities without a row').toEqual([]);
    expect(Object.keys(entityCases).filter((name) => !names.includes(name)), 'rows without an entity').toEqual([]);
  });

  for (const definition of entityRegistry) {
    const { name } = definition;
    const writable = Boolean(definition.schemas.create);

    describe(name, () => {
      if (writable) {
        it('creates, updates, fetches and queries, each change audited', async () => {
          const c = caseOf(definition);
          const writer = writerOf(c);
          const body = await c.create!(w);
          const created = await ok(writer, 'POST', `/api/${name}`, body);
          expect(created).toMatchObject(body);
          const changes = c.change!(w);
          const updated = await ok(writer, 'PUT', `/api/${name}/${created.id}`, changes);
          expect(updated).toEqual({ ...created, ...changes, ...('modifiedAt' in created ? { modifiedAt: updated.modifiedAt } : {}) });
          expect(await ok(writer, 'GET', `/api/${name}/${created.id}`)).toEqual(updated);
          const list = await ok(writer, 'POST', `/api/get/${name}`, queryFor(definition, created.id));
          expect(list).toEqual({ items: [updated], totalCount: 1 });

          const audit = await t.sql.query<{ action: string; user_id: number; old_data: unknown; new_data: { id: number } }>(
            `SELECT action, user_id, old_data, new_data FROM logging WHERE "table" = $1 AND (new_data->>'id')::integer = $2 ORDER BY id`,
            [definition.table, created.id],
          );
          expect(audit.map((a) => a.action)).toEqual(['INSERT', 'UPDATE']);
          expect(audit[1]!.old_data).not.toBeNull();
          // An unchanged put changes nothing and writes no audit row.
          const before = await counts(definition);
          await ok(writer, 'PUT', `/api/${name}/${created.id}`, changes);
          expect(await counts(definition)).toEqual(before);
        });

        it('answers create, update, fetch and query per caller as its matrix says, writing nothing when refused', async () => {
          const c = caseOf(definition);
          const made = await ok(writerOf(c), 'POST', `/api/${name}`, await c.create!(w));
          for (const caller of callers) {
            const expected = c.access[caller];
            const before = await counts(definition);
            const create = await call(caller, 'POST', `/api/${name}`, await c.create!(w));
            expect(outcome(create.statusCode), `create as ${caller}: ${create.body}`).toBe(expected);
            const update = await call(caller, 'PUT', `/api/${name}/${made.id}`, c.change!(w));
            expect(outcome(update.statusCode), `update as ${caller}: ${update.body}`).toBe(expected);
            if (expected !== 'ok') expect(await counts(definition), `${caller} wrote`).toEqual(before);
            const fetched = await call(caller, 'GET', `/api/${name}/${made.id}`);
            expect(outcome(fetched.statusCode), `fetch as ${caller}: ${fetched.body}`).toBe(expected);
            const queried = await call(caller, 'POST', `/api/get/${name}`, queryFor(definition, made.id));
            expect(outcome(queried.statusCode), `query as ${caller}: ${queried.body}`).toBe(expected);
          }
        });

        it('refuses wrong types, unknown fields, missing rows and values outside their lists, naming the field and writing nothing', async () => {
          const c = caseOf(definition);
          const writer = writerOf(c);
          const valid = await c.create!(w);
          const made = await ok(writer, 'POST', `/api/${name}`, await c.create!(w));
          const textField = Object.keys(valid).find((key) => typeof valid[key] === 'string')!;
          const references = Object.entries<ReferenceField>(definition.fields).filter(([field, f]) => f.references && field in valid);
          const bad: { body: Record<string, unknown>; field: string }[] = [
            { body: { ...valid, bogusField: 1 }, field: 'bogusField' },
            { body: { ...valid, [textField]: 42 }, field: textField },
            ...references.map(([field]) => ({ body: { ...valid, [field]: Array.isArray(valid[field]) ? [missingId] : missingId }, field })),
            ...(c.outOfList && c.outOfList !== 'none' ? [{ body: { ...valid, [c.outOfList.field]: c.outOfList.value }, field: c.outOfList.field }] : []),
          ];
          const before = await counts(definition);
          for (const { body, field } of bad) {
            for (const [method, url] of [
              ['POST', `/api/${name}`],
              ['PUT', `/api/${name}/${made.id}`],
            ] as const) {
              const response = await call(writer, method, url, body);
              expect(response.statusCode, `${method} ${url} with bad ${field}: ${response.body}`).toBe(400);
              const { error } = response.json();
              expect(error.kind).toBe('ValidationError');
              expect(error.details.map((d: { path: string }) => d.path), response.body).toContain(`body.${field}`);
            }
          }
          expect(await counts(definition)).toEqual(before);
          expect(await ok(writer, 'GET', `/api/${name}/${made.id}`)).toEqual(made);
        });
      } else {
        it('answers fetch and query per caller as its matrix says, and has no create or update', async () => {
          const c = caseOf(definition);
          const id = await c.seed!(w, asUnit);
          await projectAll({ log: t.store, sql: t.sql, projectors: [messagesProjector, favoritesProjector, evaluationsProjector] });
          for (const caller of callers) {
            const expected = c.access[caller];
            const fetched = await call(caller, 'GET', `/api/${name}/${id}`);
            expect(outcome(fetched.statusCode), `fetch as ${caller}: ${fetched.body}`).toBe(expected);
            if (expected === 'ok') expect(fetched.json().id).toBe(id);
            const queried = await call(caller, 'POST', `/api/get/${name}`, queryFor(definition, id));
            expect(outcome(queried.statusCode), `query as ${caller}: ${queried.body}`).toBe(expected);
            if (expected === 'ok') expect(queried.json().items.map((item: { id: unknown }) => item.id)).toContain(id);
            // Its changes are events of its own commands (or, for the log, every audited write):
            // no generic write route, or the command's own, which refuses an empty body.
            const before = await counts(definition);
            const post = await call(caller, 'POST', `/api/${name}`, {});
            expect(post.statusCode, post.body).toBe(c.writtenBy ? 400 : 404);
            const put = await call(caller, 'PUT', `/api/${name}/${id}`, {});
            expect(put.statusCode, put.body).toBe(c.writtenBy && !c.noChange ? 400 : 404);
            expect(await counts(definition)).toEqual(before);
          }
        });
      }

      it('answers each of its sorts, and refuses an unknown sort or query field naming it', async () => {
        const c = caseOf(definition);
        const reader = writerOf(c);
        const scope = isUnitScoped(definition) ? { userIds: [w.unit] } : {};
        for (const sort of Object.keys(definition.sorts)) {
          await ok(reader, 'POST', `/api/get/${name}`, { ...scope, sort, query: 'a', active: true, offset: 0, limit: 5 });
        }
        const unknown = await call(reader, 'POST', `/api/get/${name}`, { ...scope, sortBy: 'name' });
        expect(unknown.statusCode, unknown.body).toBe(400);
        expect(unknown.json().error.details.map((d: { path: string }) => d.path)).toContain('body.sortBy');
        const badSort = await call(reader, 'POST', `/api/get/${name}`, { ...scope, sort: 'shoe-size-asc' });
        expect(badSort.statusCode, badSort.body).toBe(400);
        expect(badSort.json().error.details.map((d: { path: string }) => d.path)).toContain('body.sort');
      });
    });
  }

  it('reads the audit log with filters: table, action, row, who and when', async () => {
    const artist = await ok('operator', 'POST', '/api/artists', { name: 'Olavi Virta' });
    await ok('operator', 'PUT', `/api/artists/${artist.id}`, { active: false });
    const since = new Date(Date.now() - 60_000).toISOString();
    const found = await ok('operator', 'POST', '/api/get/logging', { tables: ['artists'], actions: ['UPDATE'], rowIds: [artist.id], startTime: since });
    expect(found.totalCount).toBe(1);
    expect(found.items[0]).toMatchObject({ table: 'artists', action: 'UPDATE', oldData: { active: true }, newData: { active: false }, query: `PUT /api/artists/${artist.id}` });
    const both = await ok('operator', 'POST', '/api/get/logging', { tables: ['artists'], rowIds: [artist.id], sort: 'id-asc' });
    expect(both.items.map((a: { action: string }) => a.action)).toEqual(['INSERT', 'UPDATE']);
    const none = await ok('operator', 'POST', '/api/get/logging', { tables: ['artists'], rowIds: [artist.id], endTime: since });
    expect(none.totalCount).toBe(0);
    const bad = await call('operator', 'POST', '/api/get/logging', { actions: ['TRUNCATE'] });
    expect(bad.statusCode).toBe(400);
  });

  it('reads the usage entities from the warehouse: plays, their counts and last play, sessions and searches, with their filters', async () => {
    await w.usageRow('audio-file-logs');
    const list = (entity: string, query: object = {}) => ok('caregiver', 'POST', `/api/get/${entity}`, query);
    const logs = await list('audio-file-logs');
    expect(logs.totalCount).toBe(1);
    const [play] = logs.items;
    expect(play).toMatchObject({ audioFileId: w.audioFile, audioFileName: 'Song', userId: w.unit, userName: expect.any(String) });
    expect(await ok('unitAdmin', 'GET', `/api/audio-file-logs/${play.id}`)).toEqual(play);
    const lastPlay = play.time;
    const usage = { id: `${w.unit}-${w.audioFile}`, userId: w.unit, userGroupId: null, audioFileId: w.audioFile, audioFileName: 'Song', listencount: 1, lastPlay };
    expect(await list('usage-reports')).toEqual({ items: [usage], totalCount: 1 });
    expect(await ok('caregiver', 'GET', `/api/usage-reports/${usage.id}`)).toEqual(usage);
    expect(await list('user-reports')).toEqual({ items: [{ id: w.unit, userId: w.unit, userGroupId: null, audioFilesCount: 1, lastPlay }], totalCount: 1 });
    const [sessions] = (await list('detailed-usage-reports')).items;
    expect(sessions).toMatchObject({ id: w.unit, userId: w.unit, sessionCount: 1, playCount: 1 });
    expect(sessions.sessionSeconds).toBeGreaterThan(50);
    const searches = await list('search-logs');
    expect(searches.items).toEqual([
      expect.objectContaining({ userId: w.unit, query: 'valssi', categories: [{ id: w.category, name: 'Songs' }], musicPieces: true, musicCategories: false, audioPrograms: false, recipes: false }),
    ]);

    // The period bounds the plays before they are counted; the query text matches names (or the search's text).
    const after = new Date(new Date(lastPlay).getTime() + 1).toISOString();
    for (const entity of ['audio-file-logs', 'usage-reports', 'user-reports', 'detailed-usage-reports']) {
      expect((await list(entity, { startTime: after })).totalCount, entity).toBe(0);
      expect((await list(entity, { endTime: after })).totalCount, entity).toBe(1);
    }
    expect((await list('audio-file-logs', { query: 'son' })).totalCount).toBe(1);
    expect((await list('audio-file-logs', { query: 'nobody plays this' })).totalCount).toBe(0);
    expect((await list('usage-reports', { audioFileIds: [w.audioFile + 1] })).totalCount).toBe(0);
    expect((await list('search-logs', { query: 'VALS' })).totalCount).toBe(1);
    expect((await list('search-logs', { query: 'tango' })).totalCount).toBe(0);
    expect((await list('user-reports', { active: false })).totalCount).toBe(0);

    // Groups are the units' own (users.user_group_id), read now.
    expect((await list('user-reports', { userGroupIds: [w.userGroup] })).totalCount).toBe(0);
    await t.sql.query('UPDATE users SET user_group_id = $1 WHERE id = $2', [w.userGroup, w.unit]);
    expect((await list('user-reports', { userGroupIds: [w.userGroup] })).items[0]).toMatchObject({ userId: w.unit, userGroupId: w.userGroup });
    await t.sql.query('UPDATE users SET user_group_id = NULL WHERE id = $1', [w.unit]);

    const badTime = await call('caregiver', 'POST', '/api/get/usage-reports', { startTime: 'yesterday' });
    expect(badTime.statusCode, badTime.body).toBe(400);
    expect(badTime.json().error.details.map((d: { path: string }) => d.path)).toContain('body.startTime');
    const badId = await call('caregiver', 'GET', '/api/usage-reports/12');
    expect(badId.statusCode, badId.body).toBe(400);
    expect((await call('caregiver', 'GET', `/api/usage-reports/${w.unit}-${missingId}`)).statusCode).toBe(404);
  });

  it('reads favorites one by one (user-tags) and a discussion\'s replies (message-item-replies) from their read models, with their filters', async () => {
    const project = () => projectAll({ log: t.store, sql: t.sql, projectors: [messagesProjector, favoritesProjector] });
    await ok('caregiver', 'PUT', '/api/set-audio-file-favorite', { userTagGroupId: 0, audioFileId: w.audioFile, value: true });
    await ok('caregiver', 'PUT', '/api/set-recipe-favorite', { userTagGroupId: 0, recipeId: w.recipe, value: true });
    await project();
    const tags = await ok('caregiver', 'POST', '/api/get/user-tags', { userTagGroupIds: [0] });
    expect(tags.items).toEqual([
      expect.objectContaining({ id: `a-0-${w.unit}-${w.audioFile}`, userId: w.unit, userTagGroupId: 0, audioFileId: w.audioFile, recipeId: null, deletionTime: null, admin: false }),
      expect.objectContaining({ id: `r-0-${w.unit}-${w.recipe}`, userId: w.unit, userTagGroupId: 0, audioFileId: null, recipeId: w.recipe, order: null }),
    ]);
    expect((await ok('caregiver', 'POST', '/api/get/user-tags', { recipeIds: [w.recipe] })).items.map((tag: { id: string }) => tag.id)).toEqual([`r-0-${w.unit}-${w.recipe}`]);
    // Removing the favorite through its command removes the row.
    await ok('caregiver', 'PUT', '/api/set-recipe-favorite', { userTagGroupId: 0, recipeId: w.recipe, value: false });
    await project();
    expect((await call('caregiver', 'GET', `/api/user-tags/r-0-${w.unit}-${w.recipe}`)).statusCode).toBe(404);
    expect((await call('caregiver', 'GET', '/api/user-tags/0-1')).statusCode).toBe(400);

    const message = await ok('caregiver', 'POST', '/api/messages', { title: 'Discussion', usageReport: false, game: false, recipientCanModify: false, recipientCanReply: true, replyToMessageId: null });
    const reply = await ok('caregiver', 'POST', '/api/message-replies', { messageId: message.id, reply: 'Tervetuloa kaikki' });
    await project();
    const replies = await ok('unitAdmin', 'POST', '/api/get/message-item-replies', { userIds: [w.unit], messageIds: [message.id] });
    expect(replies).toEqual({ items: [{ id: reply.id, messageId: message.id, ownerId: w.unit, userId: w.unit, name: 'Tervetuloa kaikki', fileId: null, time: reply.time, active: true }], totalCount: 1 });
    expect((await ok('caregiver', 'POST', '/api/get/message-item-replies', { messageIds: [message.id], query: 'TERVE' })).totalCount).toBe(1);
    expect((await ok('caregiver', 'POST', '/api/get/message-item-replies', { messageIds: [message.id], startTime: new Date(Date.now() + 60_000).toISOString() })).totalCount).toBe(0);
  });

  it('answers the entities\' own filters', async () => {
    const ids = (list: { items: { id: number }[] }) => list.items.map((item) => item.id);
    await t.sql.query('INSERT INTO audio_file_categories (audio_file_id, category_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [w.audioFile, w.category]);
    const program = await ok('operator', 'POST', '/api/audio-files2', { name: 'Morning stretch', type: 'AudioProgram' });
    expect(ids(await ok('operator', 'POST', '/api/get/audio-files2', { categoryIds: [w.category] }))).toEqual([w.audioFile]);
    expect(ids(await ok('operator', 'POST', '/api/get/audio-files2', { type: ['AudioProgram'], ids: [w.audioFile, program.id] }))).toEqual([program.id]);
    expect((await ok('operator', 'GET', `/api/audio-files2/${w.audioFile}`)).categoryIds).toEqual([w.category]);
    expect((await ok('operator', 'GET', `/api/categories2/${w.category}`)).audioFileCount).toBe(1);

    const group = await ok('operator', 'POST', '/api/user-groups', { name: 'Filter group' });
    const member = await ok('operator', 'POST', '/api/users', { name: `filter-${process.pid}-${Date.now()}`, userGroupId: group.id });
    expect(ids(await ok('operator', 'POST', '/api/get/users', { userGroupIds: [group.id] }))).toEqual([member.id]);

    const christmas = await ok('operator', 'POST', '/api/ug-recipe-timings', { userGroupId: group.id, recipeId: w.recipe, day: '2026-12-24' });
    await ok('operator', 'POST', '/api/ug-recipe-timings', { userGroupId: group.id, recipeId: w.recipe, day: '2027-01-06' });
    expect(ids(await ok('operator', 'POST', '/api/get/ug-recipe-timings', { userGroupIds: [group.id], firstDay: '2026-12-01', lastDay: '2026-12-31' }))).toEqual([christmas.id]);

    const party = await ok('caregiver', 'POST', '/api/events', { time: '2026-12-24T15:00:00.000Z', userId: w.unit, userGroupId: group.id });
    const between = { userGroupIds: [group.id], startTime: '2026-12-24T00:00:00.000Z', endTime: '2026-12-25T00:00:00.000Z' };
    expect(ids(await ok('caregiver', 'POST', '/api/get/events', between))).toEqual([party.id]);
    expect(party.createdByUserId).toBe(w.unit);

    const contact = await ok('operator', 'POST', '/api/contacts', { name: 'Filter contact', userGroups: [group.id] });
    expect(ids(await ok('operator', 'POST', '/api/get/contacts', { userGroupIds: [group.id] }))).toEqual([contact.id]);
    expect(ids(await ok('operator', 'POST', '/api/get/contacts', { userGroupIds: [group.id], query: 'nobody' }))).toEqual([]);
  });

  it('ends the sessions of a user an operator deactivates', async () => {
    const user = await t.createUser();
    const { cookie } = await t.login(user);
    expect((await t.app.inject({ method: 'GET', url: '/api/', headers: { cookie } })).statusCode).toBe(200);
    await ok('operator', 'PUT', `/api/users/${user.id}`, { active: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/', headers: { cookie } })).statusCode).toBe(401);
  });

  it('names the field of a refused unique pair or combination, writing nothing', async () => {
    const member = await w.newUser();
    await ok('operator', 'POST', '/api/user-group-items', { userGroupId: w.userGroup, userId: member });
    const before = await t.sql.query('SELECT count(*)::integer AS n FROM logging');
    const twice = await call('operator', 'POST', '/api/user-group-items', { userGroupId: w.userGroup, userId: member });
    expect(twice.statusCode, twice.body).toBe(400);
    expect(twice.json().error.details).toEqual([{ path: 'body.userId', message: 'Already exists' }]);
    const both = await call('operator', 'POST', '/api/ug-recurring-recipe-timings', { userGroupId: w.userGroup, recipeId: w.recipe, month: 1, day: 1, week: 2 });
    expect(both.statusCode, both.body).toBe(400);
    expect(both.json().error.details).toEqual([{ path: 'body.week', message: 'Not allowed with the other fields' }]);
    expect(await t.sql.query('SELECT count(*)::integer AS n FROM logging')).toEqual(before);
    const taken = (await t.sql.query<{ name: string }>('SELECT name FROM users WHERE id = $1', [member]))[0]!.name;
    const sameName = await call('operator', 'POST', '/api/users', { name: taken });
    expect(sameName.json().error?.details, sameName.body).toEqual([{ path: 'body.name', message: 'Already exists' }]);
    const recipient = { srcUserId: w.unit, dstUserId: member };
    await ok('caregiver', 'POST', '/api/default-message-recipients', recipient);
    const before2 = await t.sql.query('SELECT count(*)::integer AS n FROM logging');
    const again = await call('caregiver', 'POST', '/api/default-message-recipients', recipient);
    expect(again.json().error?.details, again.body).toEqual([{ path: 'body.dstUserId', message: 'Already exists' }]);
    expect(await t.sql.query('SELECT count(*)::integer AS n FROM logging')).toEqual(before2);
  });
});
