import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import { eventId } from '../../infra/event-store/event-ids.ts';
import type { NewEvent } from '../../infra/event-store/event-store.ts';
import { postgresProjector, warehouseProjector, type ProjectedEvent } from '../../projections/engine/projector.ts';
import { createProjectionRunner, type ProjectionRunner } from '../../projections/engine/runner.ts';
import { usageLogBody } from '../../schemas/api/usage-log.ts';
import type { EventOf } from '../../schemas/events/index.ts';
import { buildTestApp, type TestApp } from '../support/build-test-app.ts';
import { connectTestWarehouse } from '../support/test-warehouse.ts';

// Issue 12, deliverable 3: a value no projector can take (a NUL byte, an unpaired UTF-16
// surrogate, a time in year 0000 or 9999) is refused at the edge with a 400 naming the field, and
// so is nesting deeper than any schema needs: never a 500, never an event.

const json = { 'content-type': 'application/json' };

describe('poison input at the edge', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await buildTestApp();
    ({ cookie } = await t.login(await t.createUser()));
  });
  afterAll(() => t.close());

  const post = (url: string, payload: string | object, method: 'POST' | 'PUT' = 'POST') =>
    t.app.inject({ method, url, headers: { cookie, ...json }, payload: typeof payload === 'string' ? payload : JSON.stringify(payload) });
  const logCount = async () => Number((await t.sql.query<{ n: number }>('SELECT count(*) AS n FROM events'))[0]!.n);

  it('should refuse a NUL byte or a lone surrogate in a string field with a ValidationError naming it', async () => {
    for (const title of ['a\u0000b', 'x\ud800', '\udc00y']) {
      const response = await post('/api/messages', { title });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ kind: 'ValidationError', details: [{ path: 'body.title' }] });
    }
    // JSON.parse turns the escape into the character itself: checked after parsing.
    const escaped = await post('/api/messages', '{"title":"ok\\ud83d"}');
    expect(escaped.json().error).toMatchObject({ kind: 'ValidationError', details: [{ path: 'body.title' }] });
    // A valid pair (an emoji) and ordinary awkward text are fine.
    const fine = await post('/api/messages', { title: 'Kahvi ☕ 😀 "quoted" \\ \t tab; DROP TABLE x; --' });
    expect(fine.statusCode).toBe(200);
  });

  it('should refuse usage-log data with a NUL byte, a lone surrogate or an insane time, and append nothing', async () => {
    const before = await logCount();
    const now = new Date().toISOString();
    const cases = [
      [{ page: 'search', time: now, query: 'a\u0000', musicPieces: true, musicCategories: false, audioPrograms: false, recipes: false }, 'data.query'],
      [{ page: 'version', time: now, version: '1.0\ud800' }, 'data.version'],
      [{ page: 'buttonAction', time: now, button: 'b', params: { nested: { deeper: ['ok', 'bad\u0000'] } } }, 'data.params.nested'],
      [{ page: 'login', time: '0000-01-01T00:00:00Z' }, 'data.time'],
      [{ page: 'login', time: '9999-12-31T23:59:59Z' }, 'data.time'],
      [{ page: 'login', time: '1969-12-31T23:59:59Z' }, 'data.time'],
      [{ page: 'login', time: new Date(Date.now() + 3 * 86_400_000).toISOString() }, 'data.time'],
    ] as const;
    for (const [data, path] of cases) {
      const response = await post('/api/usage-log', usageLogBody(data as never));
      expect(response.statusCode, JSON.stringify(data)).toBe(400);
      expect(response.json().error.kind).toBe('ValidationError');
      expect(response.json().error.details[0].path).toContain(path);
    }
    expect(await logCount()).toBe(before);
  });

  it('should refuse a NUL byte or lone surrogate in an object key, a query parameter and a path parameter', async () => {
    const key = await post('/api/settings', '{"key":"resultsCount","value":"5","a\\u0000":1}', 'PUT');
    expect(key.statusCode).toBe(400);
    expect(key.json().error).toMatchObject({ kind: 'ValidationError', details: [{ path: 'body.a\\u0000' }] });
    const surrogateKey = await post('/api/settings', '{"key":"resultsCount","value":"5","\\udfff":1}', 'PUT');
    expect(surrogateKey.json().error).toMatchObject({ kind: 'ValidationError', details: [{ path: 'body.\\udfff' }] });
    const query = await t.app.inject({ method: 'GET', url: '/api/evaluations?startTime=x%00', headers: { cookie } });
    expect(query.statusCode).toBe(400);
    expect(query.json().error).toMatchObject({ kind: 'ValidationError', details: [{ path: 'querystring.startTime' }] });
    const param = await t.app.inject({ method: 'GET', url: '/api/residents/1%00', headers: { cookie } });
    expect(param.statusCode).toBe(400);
    expect(param.json().error).toMatchObject({ kind: 'ValidationError', details: [{ path: 'params.id' }] });
  });

  it('should answer 400 InvalidRequest, not 500, for nesting 10,000 deep in any route', async () => {
    const deep = `{"a":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    for (const [url, method] of [['/api/settings', 'PUT'], ['/api/messages', 'POST'], ['/api/get/residents', 'POST']] as const) {
      const response = await post(url, deep, method);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.kind).toBe('InvalidRequest');
    }
    // Nesting inside the usage log's data string is refused by the schema, also without a 500.
    const data = `{"page":"buttonAction","time":"${new Date().toISOString()}","button":"b","params":{"deep":${'['.repeat(10_000)}${']'.repeat(10_000)}}}`;
    const inner = await post('/api/usage-log', { data });
    expect(inner.statusCode).toBe(400);
  });

  it('should refuse poison events at the door of the store, whoever appends them', async () => {
    const at = '2026-01-01T00:00:00.000Z';
    const base = { userId: 1, clientTime: at, receivedAt: at };
    const id = '6f1c3a52-5a4e-4f55-9a2b-0d6e1c3a5201';
    await expect(t.store.append('usage-1', [{ id, type: 'SearchLogged', data: { ...base, query: 'x\u0000', categoryIds: [], musicPieces: false, musicCategories: false, audioPrograms: false, recipes: false } }])).rejects.toMatchObject({ kind: 'ValidationError' });
    await expect(t.store.append('usage-1', [{ id, type: 'ClientVersionReported', data: { ...base, clientTime: '9999-01-01T00:00:00Z', version: '1' } }])).rejects.toMatchObject({ kind: 'ValidationError' });
    await expect(t.store.append('usage-1', [{ id, type: 'ButtonActionLogged', data: { ...base, button: 'b', params: { ['k\ud800']: 1 } } }])).rejects.toMatchObject({ kind: 'ValidationError' });
  });
});

// A projector with a bug that only one event triggers, standing in for any projector that cannot
// take one event (the runner cannot tell a bug from bad data). Version 2 is the fixed code.
const probe = (version: number) =>
  postgresProjector({
    name: 'poison-probe',
    version,
    handles: ['SearchLogged'],
    // A test stand-in: no stable names for queries to read.
    views: [],
    async setup(sql) {
      await sql.exec(`CREATE TABLE IF NOT EXISTS poison_probe_v${version} (event_id uuid PRIMARY KEY, query text NOT NULL)`);
    },
    async apply(tx, events) {
      for (const e of events) {
        if (version === 1 && e.data.query === 'boom') throw new Error(`probe cannot take ${e.data.query}`);
        await tx.query(`INSERT INTO poison_probe_v${version} (event_id, query) VALUES ($1, $2)`, [e.id, e.data.query]);
      }
    },
  });

describe('one event a projector cannot take', () => {
  let t: TestApp;
  let runner: ProjectionRunner;
  const run = `park-${Date.now()}`;
  const at = '2026-03-01T10:00:00.000Z';
  const search = (n: number, query: string): NewEvent<EventOf<'SearchLogged'>> => ({
    id: eventId(run, n),
    type: 'SearchLogged',
    data: { userId: 7, clientTime: at, receivedAt: at, query, categoryIds: [], musicPieces: true, musicCategories: false, audioPrograms: false, recipes: false },
  });
  const queries = Array.from({ length: 40 }, (_, n) => (n === 27 ? 'boom' : `q${n}`));
  const badId = eventId(run, 27);
  const rows = async (version: number) => (await t.sql.query<{ query: string }>(`SELECT query FROM poison_probe_v${version} ORDER BY query`)).map((r) => r.query);
  const api = (cookie: string, url: string, payload?: object) => t.app.inject({ method: payload ? 'POST' : 'GET', url, headers: { cookie }, payload });
  const statusOf = async (cookie: string, version = 1) => (await api(cookie, '/api/admin/projections')).json().find((s: { name: string; version: number }) => s.name === 'poison-probe' && s.version === version);

  beforeAll(async () => {
    t = await buildTestApp();
    // 40 events in one append and one batch: the runner must find the 28th on its own.
    await t.store.append('usage-7', queries.map((q, n) => search(n, q)));
    runner = createProjectionRunner({ log: t.store, sql: t.sql, projectors: [probe(1)], pollIntervalMs: 20, retry: { initialMs: 20, maxMs: 100 } });
    t.app.deps.projections = runner;
  });
  afterAll(async () => {
    await runner.stop();
    await t.close();
  });

  it('should apply every event before it, name it in the status, and let only an operator park it', async () => {
    const { cookie } = await t.login(await t.createUser({ operator: true }));
    const { cookie: relative } = await t.login(await t.createUser());
    await runner.start();
    await expect.poll(async () => (await statusOf(cookie))?.failingEvent?.id, { timeout: 20_000 }).toBe(badId);
    const stuck = await statusOf(cookie);
    expect(stuck).toMatchObject({ state: 'failing', lastError: 'probe cannot take boom', parkedEvents: 0 });
    // Everything before the bad event is projected; nothing after it yet.
    expect(await rows(1)).toEqual(queries.slice(0, 27).sort());
    expect(stuck.position).toEqual({ tx: stuck.failingEvent.position.tx, seq: stuck.failingEvent.position.seq - 1 });

    // A retry skips nothing: the projection is still stuck on the same event.
    const retried = await api(cookie, '/api/admin/projections/poison-probe/retry', {});
    expect(retried.json()).toEqual({ name: 'poison-probe', version: 1, woken: true });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await statusOf(cookie)).failingEvent?.id).toBe(badId);

    const denied = await api(relative, '/api/admin/projections/poison-probe/park', { eventId: badId });
    expect(denied.statusCode).toBe(403);
    const wrong = await api(cookie, '/api/admin/projections/poison-probe/park', { eventId: eventId(run, 3) });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().error.kind).toBe('Conflict');
    const unknown = await api(cookie, '/api/admin/projections/no-such/park', { eventId: badId });
    expect(unknown.statusCode).toBe(404);

    const parked = await api(cookie, '/api/admin/projections/poison-probe/park', { eventId: badId });
    expect(parked.statusCode).toBe(200);
    expect(parked.json()).toMatchObject({ projectionName: 'poison-probe', projectionVersion: 1, eventId: badId, eventType: 'SearchLogged', error: 'probe cannot take boom', position: stuck.failingEvent.position });
    await runner.waitUntilCaughtUp(20_000);
    expect(await rows(1)).toEqual(queries.filter((q) => q !== 'boom').sort());
    expect(await statusOf(cookie)).toMatchObject({ state: 'live', lastError: null, failingEvent: null, parkedEvents: 1, lagEvents: 0 });
  });

  it('should skip a parked event again when the same version is rebuilt, and project it in a new version', async () => {
    await runner.stop();
    // A rebuild of version 1 from the start: its tables and checkpoint go back to nothing.
    await t.sql.exec('DELETE FROM poison_probe_v1');
    await t.sql.query(`UPDATE projection_checkpoints SET position_tx = 0, position_seq = 0, events_processed = 0 WHERE name = 'poison-probe' AND version = 1`);
    runner = createProjectionRunner({ log: t.store, sql: t.sql, projectors: [probe(1), probe(2)], pollIntervalMs: 20, retry: { initialMs: 20, maxMs: 100 } });
    await runner.start();
    await runner.waitUntilCaughtUp(20_000);
    await runner.stop();
    expect(await rows(1)).toEqual(queries.filter((q) => q !== 'boom').sort());
    expect(await rows(2)).toEqual([...queries].sort());
  });
});

// The same for a warehouse projector that defers work while catching up (as the usage warehouse
// derives once per run): the failure shows only when the deferred run is finished, many batches
// after the bad event was read, and the runner must still find that one event.
const deferringProbe = () => {
  let pending: ProjectedEvent<'SearchLogged'>[] = [];
  return warehouseProjector({
    name: 'poison-probe-warehouse',
    version: 1,
    handles: ['SearchLogged'],
    async setup(warehouse) {
      pending = [];
      await warehouse.exec('CREATE TABLE IF NOT EXISTS poison_probe_wh (event_id UUID, query String) ENGINE = ReplacingMergeTree ORDER BY event_id');
    },
    async apply(warehouse, events, context) {
      pending.push(...events);
      if (context?.catchingUp) return 'deferred';
      const run = pending;
      pending = [];
      if (run.some((e) => e.data.query === 'boom')) throw new Error('probe cannot derive boom');
      if (run.length > 0) await warehouse.insert('poison_probe_wh', run.map((e) => ({ event_id: e.id, query: e.data.query })));
    },
  });
};

describe('one event a deferring warehouse projector cannot take', () => {
  let t: TestApp;
  let warehouse: Warehouse;
  let dir: string;
  const run = `park-wh-${Date.now()}`;
  const at = '2026-03-01T10:00:00.000Z';
  const queries = Array.from({ length: 60 }, (_, n) => (n === 41 ? 'boom' : `w${n}`));
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-park-wh-'));
    t = await buildTestApp();
    warehouse = await connectTestWarehouse(path.join(dir, 'chdb'));
    for (let i = 0; i < queries.length; i += 10) {
      await t.store.append('usage-8', queries.slice(i, i + 10).map((query, k) => ({
        id: eventId(run, i + k),
        type: 'SearchLogged' as const,
        data: { userId: 8, clientTime: at, receivedAt: at, query, categoryIds: [], musicPieces: true, musicCategories: false, audioPrograms: false, recipes: false },
      })));
    }
  });
  afterAll(async () => {
    await t.close();
    await warehouse.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('should narrow a failing deferred run down to the event, then skip it once parked', async () => {
    const runner = createProjectionRunner({ log: t.store, sql: t.sql, warehouse, projectors: [deferringProbe()], warehouseBatchSize: 16, pollIntervalMs: 20, retry: { initialMs: 20, maxMs: 100 } });
    t.app.deps.projections = runner;
    await runner.start();
    try {
      const status = async () => (await runner.status())[0]!;
      await expect.poll(async () => (await status()).failingEvent?.id, { timeout: 30_000 }).toBe(eventId(run, 41));
      expect((await status()).lastError).toBe('probe cannot derive boom');
      const { cookie } = await t.login(await t.createUser({ operator: true }));
      const parked = await t.app.inject({ method: 'POST', url: '/api/admin/projections/poison-probe-warehouse/park', headers: { cookie }, payload: { eventId: eventId(run, 41) } });
      expect(parked.statusCode).toBe(200);
      await runner.waitUntilCaughtUp(30_000);
      expect(await status()).toMatchObject({ lastError: null, failingEvent: null, parkedEvents: 1, lagEvents: 0 });
    } finally {
      await runner.stop();
    }
    const rows = await warehouse.query<{ query: string }>('SELECT query FROM poison_probe_wh FINAL ORDER BY query');
    expect(rows.map((r) => r.query)).toEqual(queries.filter((q) => q !== 'boom').sort());
  });
});
