import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../infra/db/migrate.ts';
import { createPostgresEventStore } from '../../infra/event-store/postgres-event-store.ts';
import { createPgSql } from '../../infra/sql/pg-sql.ts';
import type { Sql } from '../../infra/sql/sql.ts';
import { createProjectionRunner, type ProjectionRunner } from '../../projections/engine/runner.ts';
import { createTestDatabase } from '../support/postgres-server.ts';
import { countingProjector } from './support/counting-projector.ts';
import { loggedIn } from './support/test-events.ts';

// Projection leases (projections/engine/leases.ts), runner by runner on one Postgres server: two
// runners of the same projection apply each event once, on the one holding the lease; a lease
// still held by someone else (a dead instance's, until it runs out) keeps a runner from projecting;
// and a runner that lost its lease stops applying at its next batch.

const ttlMs = 1200;
const leases = { ttlMs, renewEveryMs: 150 };

describe('projection leases', () => {
  let sql: Sql;
  let store: ReturnType<typeof createPostgresEventStore>;
  const runners: ProjectionRunner[] = [];
  const user = 4242;

  beforeAll(async () => {
    sql = createPgSql(await createTestDatabase(process.env.TEST_DATABASE_URL!));
    await migrate(sql);
    store = createPostgresEventStore(sql);
    await store.setup();
  });
  afterAll(async () => {
    for (const runner of runners) await runner.stop();
    await store?.close();
    await sql?.close();
  });

  const startRunner = async (name: string) => {
    const runner = createProjectionRunner({ log: store, sql, projectors: [countingProjector({ name, handles: ['LoggedIn'] })], pollIntervalMs: 50, leases });
    runners.push(runner);
    await runner.start();
    return runner;
  };
  const append = async (n: number) => {
    const run = randomUUID();
    for (let i = 0; i < n; i++) await store.append(`usage-${user}`, [loggedIn(user, i, run)]);
  };
  const counted = async () => Number((await sql.query<{ n: string }>('SELECT n FROM counted_total WHERE id = 1'))[0]?.n ?? 0);
  const holders = (name: string) => sql.query<{ holder: string }>('SELECT holder FROM projection_leases WHERE name = $1 AND expires_at > now()', [name]);
  const until = async (check: () => Promise<boolean>, timeoutMs = 15_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((done) => setTimeout(done, 50));
    }
  };

  it('should let two runners of one projection apply each event once, on the lease holder', async () => {
    const first = await startRunner('counting');
    const second = await startRunner('counting');
    await append(30);
    await until(async () => (await counted()) >= 30);
    await first.waitUntilCaughtUp(15_000);
    await second.waitUntilCaughtUp(15_000);
    expect(await counted()).toBe(30);
    expect(await holders('counting')).toHaveLength(1);
    // The holder stops cleanly and gives the lease up: the other takes over and goes on.
    await first.stop();
    await append(10);
    await until(async () => (await counted()) >= 40);
    await second.waitUntilCaughtUp(15_000);
    expect(await counted()).toBe(40);
    await second.stop();
  });

  it('should wait while another holder has the lease, and take it over once it runs out', async () => {
    await sql.query(`INSERT INTO projection_leases (name, version, holder, expires_at) VALUES ('counting', 1, 'a dead instance', now() + interval '2 seconds')
      ON CONFLICT (name, version) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at`);
    const before = await counted();
    await append(5);
    const started = Date.now();
    const runner = await startRunner('counting');
    await new Promise((done) => setTimeout(done, 800));
    expect(await counted()).toBe(before);
    await until(async () => (await counted()) === before + 5);
    expect(Date.now() - started).toBeGreaterThan(1500);
    await runner.stop();
  });

  it('should stop applying as soon as its lease is taken', async () => {
    const runner = await startRunner('counting');
    await runner.waitUntilCaughtUp(15_000);
    const before = await counted();
    // Someone else holds it now (what a takeover looks like from the old holder's side).
    await sql.query(`UPDATE projection_leases SET holder = 'another instance', expires_at = now() + interval '1 hour' WHERE name = 'counting'`);
    await new Promise((done) => setTimeout(done, 400));
    await append(5);
    await new Promise((done) => setTimeout(done, 1000));
    expect(await counted()).toBe(before);
    // It is back when that holder lets go.
    await sql.query(`DELETE FROM projection_leases WHERE name = 'counting'`);
    await until(async () => (await counted()) === before + 5);
    await runner.stop();
  });
});
