import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import type { AppendRequest } from '../../infra/event-store/event-store.ts';
import type { PostgresEventStore } from '../../infra/event-store/postgres-event-store.ts';
import { createPgSql } from '../../infra/sql/pg-sql.ts';
import { emptyPglite } from '../support/test-databases.ts';
import type { Sql } from '../../infra/sql/sql.ts';
import { createProjectionRunner } from '../../projections/engine/runner.ts';
import { projectors } from '../../projections/projectors.ts';
import { isSafeText } from '../../schemas/common/safe.ts';
import { eventCatalogue, SointuEvent } from '../../schemas/events/index.ts';
import { createTestDatabase } from '../support/postgres-server.ts';
import { openProjectionBed, type ProjectionBed } from './support/projection-bed.ts';
import { streamOf, validEventOf } from '../support/arbitrary-events.ts';

// Issue 12, deliverable 3: every event the schemas accept can be projected. Arbitrary schema-valid
// events of every type in the catalogue are appended to the real store (PGlite) and run through
// every projector of projections/projectors.ts (Postgres read models and the chDB warehouse);
// each must reach the end of the log with no error and nothing parked. On PGlite (the embedded
// default) and on a Postgres server. Bounded: a few hundred events each, under a minute in all;
// PROPERTY_RUNS=200 searches longer, PROPERTY_SEED repeats a run.

const engines: [string, () => Promise<Sql>][] = [
  ['PGlite', () => emptyPglite()],
  ['a Postgres server', async () => createPgSql(await createTestDatabase(process.env.TEST_DATABASE_URL!))],
];

const eventArbitrary = fc.constantFrom(...SointuEvent.options).chain(validEventOf);

describe.each(engines)('every schema-valid event is projectable, on %s', (_engine, connect) => {
  let bed: ProjectionBed;
  let sql: Sql;
  let store: PostgresEventStore;
  let warehouse: Warehouse;
  beforeAll(async () => {
    bed = await openProjectionBed(connect);
    ({ sql, store, warehouse } = bed);
  }, 60_000);
  afterAll(async () => {
    await bed?.close();
  });

  it('should take arbitrary events of every type through every projector, Postgres and chDB', async () => {
    const runner = createProjectionRunner({ log: store, sql, warehouse, projectors, pollIntervalMs: 20, retry: { initialMs: 20, maxMs: 200 } });
    await runner.start();
    let appended = 0;
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(eventArbitrary, { minLength: 1, maxLength: 40 }), async (events) => {
          const requests: AppendRequest[] = events.map((event) => ({ stream: streamOf(event), events: [event] }));
          appended += (await store.appendMany(requests)).reduce((n, r) => n + r.appended, 0);
          try {
            await runner.waitUntilCaughtUp(15_000);
          } catch {
            const stuck = (await runner.status()).filter((s) => s.lastError);
            const culprits = await Promise.all(stuck.map(async (s) => ({ ...s, event: s.failingEvent ? (await store.readAll({ tx: s.failingEvent.position.tx, seq: s.failingEvent.position.seq - 1 }, 1))[0] : null })));
            throw new Error(`projectors stuck: ${JSON.stringify(culprits, null, 1)}`);
          }
        }),
        { numRuns: Number(process.env.PROPERTY_RUNS ?? 60), endOnFailure: true, seed: Number(process.env.PROPERTY_SEED ?? Date.now() % 1e9) },
      );
      // Random choice may miss a type in a short run, so every type also gets one event of its own.
      const onePerType = SointuEvent.options.map((schema) => fc.sample(validEventOf(schema), 1)[0]!);
      await store.appendMany(onePerType.map((event) => ({ stream: streamOf(event), events: [event] })));
      await runner.waitUntilCaughtUp(15_000);
      const statuses = await runner.status();
      for (const s of statuses) expect(s, s.name).toMatchObject({ lagEvents: 0, lastError: null, failingEvent: null, parkedEvents: 0 });
      expect(appended).toBeGreaterThan(12);
      const types = await sql.query<{ type: string }>('SELECT DISTINCT type FROM events');
      expect(types.length).toBe(Object.keys(eventCatalogue).length);
    } finally {
      await runner.stop();
    }
  }, 240_000);

  it('should round-trip any valid string through the warehouse insert paths (JSONEachRow, JSONCompactEachRow)', async () => {
    await warehouse.exec('CREATE TABLE IF NOT EXISTS poison_strings (id UInt32, s String, a Array(String)) ENGINE = MergeTree ORDER BY id');
    const strings = fc.array(fc.oneof(fc.string({ unit: 'binary', maxLength: 30 }), fc.string({ unit: 'grapheme', maxLength: 30 }), fc.constantFrom('\\', '"', "'", '\t\n', '\\N', '😀', '\u2028')).filter(isSafeText), { minLength: 1, maxLength: 20 });
    let next = 0;
    await fc.assert(
      fc.asyncProperty(strings, async (values) => {
        const first = next;
        const rows = values.map((s, i) => ({ id: first + i, s, a: [s, s] }));
        next += rows.length;
        const half = Math.ceil(rows.length / 2);
        await warehouse.insert('poison_strings', rows.slice(0, half));
        await warehouse.insertCompact('poison_strings', ['id', 's', 'a'], rows.slice(half).map((r) => [r.id, r.s, r.a]));
        const back = await warehouse.query<{ id: number; s: string; a: string[] }>(`SELECT id, s, a FROM poison_strings WHERE id >= ${first} AND id < ${next} ORDER BY id`);
        expect(back.map((r) => ({ ...r, id: Number(r.id) }))).toEqual(rows);
      }),
      { numRuns: 30, endOnFailure: true },
    );
  }, 120_000);
});
