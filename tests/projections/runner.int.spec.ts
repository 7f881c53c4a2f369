import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectWarehouse, type Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import { comparePositions, LOG_START, type NewEvent } from '../../infra/event-store/event-store.ts';
import { createPostgresEventStore, type PostgresEventStore } from '../../infra/event-store/postgres-event-store.ts';
import { createPgSql } from '../../infra/sql/pg-sql.ts';
import { emptyPglite } from '../support/test-databases.ts';
import type { Sql } from '../../infra/sql/sql.ts';
import type { EventOf } from '../../schemas/events/index.ts';
import { hashSessionToken } from '../../infra/auth/sessions.ts';
import { loginLogProjector } from '../../projections/warehouse/login-log.ts';
import { readCheckpoint, setCurrentVersion } from '../../projections/engine/checkpoint-store.ts';
import type { Projector } from '../../projections/engine/projector.ts';
import { createProjectionRunner, type ProjectionRunner, type ProjectionRunnerOptions } from '../../projections/engine/runner.ts';
import { lastActivityProjector } from '../../projections/postgres/last-activity.ts';
import { createTestDatabase } from '../support/postgres-server.ts';
import { countingProjector } from './support/counting-projector.ts';
import { loggedIn, playSampled } from './support/test-events.ts';

// The runner on both Postgres flavours, with real projectors, a fresh database per test and one
// chDB warehouse for the file (libchdb opens one data directory per process).

const chdbDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-runner-chdb-'));
let warehouse: Warehouse;
beforeAll(async () => {
  warehouse = await connectWarehouse({ dataDir: chdbDir });
});
afterAll(async () => {
  await warehouse.close();
  fs.rmSync(chdbDir, { recursive: true, force: true });
});

const until = async (check: () => Promise<boolean>, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe.each(['pglite', 'postgres'] as const)('projection runner on %s', (database) => {
  let sql: Sql;
  let store: PostgresEventStore;
  let runner: ProjectionRunner | undefined;
  let run: string;
  // Users unique to the test: the warehouse table is shared by every test of the file.
  let user: number;

  beforeEach(async () => {
    sql = database === 'pglite' ? await emptyPglite() : createPgSql(await createTestDatabase(process.env.TEST_DATABASE_URL!));
    store = createPostgresEventStore(sql);
    await store.setup();
    run = `${database}-${Date.now()}-${Math.random()}`;
    user = 1 + Math.floor(Math.random() * 1_000_000) * 10;
  });
  afterEach(async () => {
    await runner?.stop();
    runner = undefined;
    await store.close();
    await sql.close();
  });

  const startRunner = async (projectors: Projector[], options: Partial<ProjectionRunnerOptions> = {}) => {
    runner = createProjectionRunner({ log: store, sql, warehouse, projectors, batchSize: 100, pollIntervalMs: 50, retry: { initialMs: 20, maxMs: 200 }, ...options });
    await runner.start();
    return runner;
  };
  const restartFromZero = async (projectors: Projector[], options: Partial<ProjectionRunnerOptions> = {}) => {
    await runner?.stop();
    await sql.query('UPDATE projection_checkpoints SET position_tx = 0, position_seq = 0');
    return startRunner(projectors, options);
  };
  type UsageEvent = NewEvent<EventOf<'LoggedIn' | 'PlaySampled'>>;
  const appendEach = async (events: UsageEvent[]) => {
    for (const event of events) await store.append(`usage-${event.data.userId}`, [event]);
    return store.readAll(LOG_START, 10_000);
  };
  const count = async (table: string) => Number((await sql.query<{ n: number }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n);

  it('should apply each batch and move its checkpoint in one transaction', async () => {
    let failing = true;
    let batches = 0;
    const counting = countingProjector({
      afterWrite: () => {
        batches += 1;
        if (batches >= 2 && failing) throw new Error('boom in batch two');
      },
    });
    const log = await appendEach(Array.from({ length: 10 }, (_, n) => loggedIn(user, n, run)));
    await startRunner([counting], { batchSize: 4 });

    await until(async () => (await runner!.status())[0]!.state === 'failing');
    const [failed] = await runner!.status();
    // The failing batch wrote its rows before throwing: they were rolled back with the checkpoint.
    expect(failed).toMatchObject({ position: log[3]!.position, eventsProcessed: 4, lagEvents: 6, lastError: 'boom in batch two' });
    expect(await count('counted_events')).toBe(4);

    failing = false;
    await runner!.waitUntilCaughtUp();
    const [done] = await runner!.status();
    expect(done).toMatchObject({ state: 'live', position: log[9]!.position, eventsProcessed: 10, lagEvents: 0, lagSeconds: 0, lastError: null });
    expect(await count('counted_events')).toBe(10);
    expect(await sql.query('SELECT n FROM counted_total')).toEqual([{ n: 10 }]);
  });

  it('should retry a failing set-up, show its error, and recover when it succeeds', async () => {
    let broken = true;
    const counting = countingProjector();
    const flaky = { ...counting, setup: async (db: Sql) => (broken ? Promise.reject(new Error('warehouse unreachable')) : counting.setup(db)) };
    await startRunner([flaky]);
    await until(async () => (await runner!.status())[0]!.lastError === 'warehouse unreachable');
    expect((await runner!.status())[0]!.state).toBe('failing');
    broken = false;
    await until(async () => (await runner!.status())[0]!.state === 'live');
    expect((await runner!.status())[0]!.lastError).toBeNull();
  });

  it('should move the checkpoint past events the projector does not handle', async () => {
    const log = await appendEach([playSampled(user, 1, run), loggedIn(user, 2, run), playSampled(user, 3, run), playSampled(user, 4, run)]);
    await startRunner([countingProjector({ handles: ['LoggedIn'] })], { batchSize: 2 });
    await runner!.waitUntilCaughtUp();
    const [status] = await runner!.status();
    expect(status).toMatchObject({ position: log[3]!.position, eventsProcessed: 1, lagEvents: 0 });
    expect(await sql.query('SELECT event_id::text AS id FROM counted_events')).toEqual([{ id: log[1]!.id }]);
  });

  it('should hold back the checkpoint write over live events it does not handle, and make it within the poll', async () => {
    // Every append wakes every projector: one it does not concern writes no checkpoint at once
    // (issue 21 item 2), yet its status is caught up and the stored checkpoint follows shortly.
    await startRunner([countingProjector({ handles: ['LoggedIn'] })], { pollIntervalMs: 300 });
    await runner!.waitUntilCaughtUp();
    const stored = async () => (await readCheckpoint(sql, 'counting', 1)).position;
    const before = await stored();
    const played = (await appendEach([playSampled(user, 1, run)])).at(-1)!;
    const appendedAt = Date.now();
    await until(async () => comparePositions((await runner!.status())[0]!.position, played.position) === 0, 5_000);
    const heldBack = await stored();
    // Within the second the write is held back (a machine slower than that may already have made it).
    if (Date.now() - appendedAt < 900) expect(heldBack).toEqual(before);
    await until(async () => comparePositions(await stored(), played.position) === 0, 5_000);
    expect(await count('counted_events')).toBe(0);
    // A handled event after held-back ones moves the stored checkpoint from where it was, at once.
    const login = (await appendEach([playSampled(user, 2, run), loggedIn(user, 3, run)])).at(-1)!;
    await until(async () => (await count('counted_events')) === 1, 5_000);
    expect(await stored()).toEqual(login.position);
  });

  it('should write a held-back checkpoint when stopped', async () => {
    // A clean stop leaves the stored checkpoint where the loop got to, not up to a second behind
    // (the kill-and-restart test's catch-up found one event short when its last batch had nothing
    // for one projector).
    await startRunner([countingProjector({ handles: ['LoggedIn'] })], { pollIntervalMs: 10_000 });
    await runner!.waitUntilCaughtUp();
    const played = (await appendEach([playSampled(user, 1, run)])).at(-1)!;
    await until(async () => comparePositions((await runner!.status())[0]!.position, played.position) === 0, 5_000);
    await runner!.stop();
    expect((await readCheckpoint(sql, 'counting', 1)).position).toEqual(played.position);
  });

  it('should wake on an append without waiting for the poll', async () => {
    await startRunner([countingProjector()], { pollIntervalMs: 600_000 });
    await until(async () => (await runner!.status())[0]!.state === 'live');
    await new Promise((resolve) => setTimeout(resolve, 100)); // now it is asleep on the wake-up
    await store.append(`usage-${user}`, [loggedIn(user, 1, run)]);
    await until(async () => (await count('counted_events')) === 1, 5_000);
  });

  it('should read the log once per append where a read sees every commit, and again to be sure on a server', async () => {
    // A short answer read after the last append told of is the end of the log on PGlite
    // (page-cache.ts): the loop waits for the next notice instead of reading to find nothing. On a
    // server a commit may still be held back by an older transaction, so it reads again.
    let reads = 0;
    const log = { ...store, readAll: (...args: Parameters<typeof store.readAll>) => ((reads += 1), store.readAll(...args)) };
    await startRunner([countingProjector()], { log, pollIntervalMs: 600_000 });
    await until(async () => (await runner!.status())[0]!.state === 'live');
    await new Promise((resolve) => setTimeout(resolve, 100));
    reads = 0;
    await store.append(`usage-${user}`, [loggedIn(user, 1, run)]);
    await until(async () => (await count('counted_events')) === 1, 5_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    if (database === 'pglite') expect(reads).toBe(1);
    else expect(reads).toBeGreaterThanOrEqual(2);
    // The next append is seen at once all the same.
    await store.append(`usage-${user}`, [loggedIn(user, 2, run)]);
    await until(async () => (await count('counted_events')) === 2, 5_000);
  });

  it('should tell how far its read models hold the log, and when it next moves past a batch', async () => {
    // What the read-your-writes barrier asks instead of polling checkpoints (server/http/read-your-writes.ts).
    await startRunner([countingProjector(), loginLogProjector], { pollIntervalMs: 600_000 });
    await until(async () => (await runner!.status()).every((s) => s.state === 'live'));
    const moved = runner!.nextBatch();
    const login = (await appendEach([loggedIn(user, 1, run)])).at(-1)!;
    await moved;
    await until(async () => comparePositions(runner!.projectedTo('counting', 1) ?? LOG_START, login.position) >= 0, 5_000);
    // Up to that position the read model's rows are committed.
    expect(await count('counted_events')).toBe(1);
    // Not for a warehouse projector (its checkpoint trails its reads), nor one it does not run.
    expect(runner!.projectedTo(loginLogProjector.name, loginLogProjector.version)).toBeUndefined();
    expect(runner!.projectedTo('counting', 2)).toBeUndefined();
  });

  it('should report position and lag in events and in seconds', async () => {
    const log = await appendEach(Array.from({ length: 5 }, (_, n) => loggedIn(user, n, run)));
    runner = createProjectionRunner({ log: store, sql, warehouse, projectors: [countingProjector(), loginLogProjector] });
    await new Promise((resolve) => setTimeout(resolve, 1_100));

    const before = await runner.status();
    expect(before.map((s) => [s.name, s.version, s.state, s.position, s.lagEvents])).toEqual([
      ['counting', 1, 'stopped', LOG_START, 5],
      ['login-log', 1, 'stopped', LOG_START, 5],
    ]);
    for (const s of before) expect(s.lagSeconds).toBeGreaterThanOrEqual(1);

    await runner.start();
    await runner.waitUntilCaughtUp();
    const after = await runner.status();
    expect(after.map((s) => [s.name, s.kind, s.current, s.state, s.position, s.lagEvents, s.lagSeconds, s.eventsProcessed])).toEqual([
      ['counting', 'postgres', true, 'live', log[4]!.position, 0, 0, 5],
      ['login-log', 'warehouse', true, 'live', log[4]!.position, 0, 0, 5],
    ]);
  });

  it('should keep one checkpoint per version and switch the current version in one step', async () => {
    const v2 = { ...lastActivityProjector, version: 2 };
    await appendEach([loggedIn(user, 1, run), loggedIn(user, 2, run)]);
    await startRunner([v2, lastActivityProjector]);
    await runner!.waitUntilCaughtUp();
    const current = async () => (await runner!.status()).map((s) => [s.version, s.current, s.eventsProcessed]);
    expect(await current()).toEqual([[2, false, 2], [1, true, 2]]);
    await setCurrentVersion(sql, 'last-activity', 2);
    expect(await current()).toEqual([[2, true, 2], [1, false, 2]]);
  });

  describe('last-activity', () => {
    const at = (hhmm: string) => new Date(`2026-02-03T${hhmm}:00.000Z`);
    const readRow = async () =>
      (await sql.query<Record<string, unknown>>('SELECT * FROM last_activity WHERE user_id = $1', [user])).map((row) => ({
        ...row,
        user_id: Number(row.user_id),
        last_login_at: (row.last_login_at as Date).toISOString(),
        last_play_at: (row.last_play_at as Date).toISOString(),
      }));
    const play = (n: number, hhmm: string): UsageEvent => {
      const event = playSampled(user, n, run);
      return { ...event, data: { ...event.data, clientTime: at(hhmm).toISOString() } };
    };

    it('should keep the latest login and play, never moving back for an older event', async () => {
      await appendEach([loggedIn(user, 1, run, at('10:00')), play(2, '10:05'), loggedIn(user, 3, run, at('11:00')), play(4, '11:10'), play(5, '10:30'), loggedIn(user, 6, run, at('09:00'))]);
      await startRunner([lastActivityProjector], { batchSize: 1 });
      await runner!.waitUntilCaughtUp();
      expect(await readRow()).toEqual([
        {
          user_id: user,
          last_login_at: at('11:00').toISOString(),
          last_session_token: `${run}-token-3`,
          last_play_at: at('11:10').toISOString(),
          last_play_session_token: `${run}-token-3`,
        },
      ]);
    });

    it('should be idempotent if run twice', async () => {
      await appendEach([loggedIn(user, 1, run, at('10:00')), play(2, '10:05'), loggedIn(user, 3, run, at('10:20')), play(4, '10:07'), loggedIn(user + 1, 5, run)]);
      await startRunner([lastActivityProjector], { batchSize: 1 });
      await runner!.waitUntilCaughtUp();
      const once = await readRow();
      expect(once[0]).toMatchObject({ last_play_at: at('10:07').toISOString(), last_play_session_token: `${run}-token-3` });

      // Replayed from position 0, in other batches: the same rows.
      await restartFromZero([lastActivityProjector], { batchSize: 100 });
      await runner!.waitUntilCaughtUp();
      expect(await readRow()).toEqual(once);
      expect(await count('last_activity')).toBe(2);
    });
  });

  describe('login-log', () => {
    const readLogins = (users: number[]) =>
      warehouse.query<{ rows: number; ids: number; tokens: string[] }>(
        'SELECT count() AS rows, uniqExact(event_id) AS ids, arraySort(groupArray(session_token_hash)) AS tokens FROM login_log FINAL WHERE user_id IN {users:Array(UInt64)}',
        { users },
      );

    it('should be idempotent if run twice', async () => {
      const users = [user, user + 1, user + 2];
      const log = await appendEach(users.flatMap((u, i) => [loggedIn(u, i * 2, run), loggedIn(u, i * 2 + 1, run), playSampled(u, i, run)]));
      await startRunner([loginLogProjector], { batchSize: 2 });
      await runner!.waitUntilCaughtUp();
      const expected = [{ rows: 6, ids: 6, tokens: [0, 1, 2, 3, 4, 5].map((n) => hashSessionToken(`${run}-token-${n}`)).sort() }];
      expect(await readLogins(users)).toEqual(expected);

      await restartFromZero([loginLogProjector], { batchSize: 100 });
      await runner!.waitUntilCaughtUp();
      expect(await readLogins(users)).toEqual(expected);
      const [first] = await warehouse.query('SELECT user_id, client_time, admin, method FROM login_log FINAL WHERE event_id = {id:UUID}', { id: log[0]!.id });
      expect(first).toEqual({ user_id: user, client_time: '2026-01-01 08:00:00.000', admin: true, method: 'password' });
    });
  });
});
