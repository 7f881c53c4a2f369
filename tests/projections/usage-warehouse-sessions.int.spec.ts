import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import { migrate } from '../../infra/db/migrate.ts';
import { eventId } from '../../infra/event-store/event-ids.ts';
import type { NewEvent } from '../../infra/event-store/event-store.ts';
import { createPostgresEventStore, type PostgresEventStore } from '../../infra/event-store/postgres-event-store.ts';
import { emptyPglite } from '../support/test-databases.ts';
import type { Sql } from '../../infra/sql/sql.ts';
import { projectAll } from '../../projections/engine/project-all.ts';
import { warehouseTables } from '../../projections/warehouse/tables.ts';
import { createUsageWarehouseProjector } from '../../projections/warehouse/usage-warehouse-projector.ts';
import type { EventOf } from '../../schemas/events/index.ts';
import { defaultUsageRules } from '../../schemas/events/usage-rules.ts';
import { seededRandom } from '../../tools/seeded-random.ts';
import { connectTestWarehouse } from '../support/test-warehouse.ts';
import { usageReportFigures } from '../support/usage-report-figures.ts';
import { byStream, dumpDerived, seedReference } from './usage-warehouse-support.ts';

// DOMAIN.md section 3's invariant through the REAL projector on chDB: the report of every day and
// of the period is the same whatever order, batches, repetitions and delays the events come in.
//
// Each seed is one user's random five days (around the end of daylight saving time) with explicit
// sessions (some never stopped, some overlapping: started while another is open, some stopped far
// from any play, some stopped days later), and plays between and inside them. Two event logs get
// the same events: the reference one once, in client-time order, projected in one run; the other
// shuffled, partly repeated (the same id again, or the same fact under another id), a fifth held
// back and delivered last (an offline tablet), in chunks, each chunk appended in random posts and
// projected by a NEW projector (a restart) with a random page size, so both the live path (a page
// that is not full) and the catch-up path (full pages, derived at the end) run. Many users share a
// warehouse run, so a run derives them together, as production does.
//
// Seeds: 200 in CI; `npm run test:sessions -- --seeds 5000` (SESSION_PROPERTY_SEEDS) for longer
// runs, `--first N` to start elsewhere. A failure names its seeds: a seed is a user id here.

const seedCount = Number(process.env.SESSION_PROPERTY_SEEDS ?? 200);
const firstSeed = Number(process.env.SESSION_PROPERTY_FIRST_SEED ?? 1);
const usersPerRun = 100;
const now = new Date('2026-11-22T00:00:00Z');
const first = '2026-10-24';
const last = '2026-10-29';

type UsageNewEvent = NewEvent<EventOf<'PlaySampled' | 'UsageSessionStarted' | 'UsageSessionStopped' | 'VideoActionLogged'>>;

const iso = (ms: number) => new Date(ms).toISOString();
const base = (userId: number, time: number) => ({ userId, clientTime: iso(time), receivedAt: iso(time) });

/** One user's five days of usage, as the browser would post it. */
function workload(userId: number): UsageNewEvent[] {
  const random = seededRandom(userId * 7919);
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  const events: UsageNewEvent[] = [];
  const start = (time: number) => {
    const sessionId = eventId('prop-session', userId, time);
    events.push({
      id: eventId('prop-start', userId, time),
      type: 'UsageSessionStarted',
      data: { ...base(userId, time), sessionId, residentIds: random() < 0.5 ? [userId * 10 + 1] : [], activityIds: [], outdoors: random() < 0.2 },
    });
    return sessionId;
  };
  // Older clients wrote the session open on arrival into a stop (sometimes the wrong one): never read.
  const stop = (time: number, sessionId: string | null) =>
    events.push({ id: eventId('prop-stop', userId, time), type: 'UsageSessionStopped', data: { ...base(userId, time), sessionId: random() < 0.7 ? null : sessionId } });
  // Client time of the latest sample: a switch writes the old file's last sample and the new
  // file's first in the same millisecond.
  let lastSample = 0;
  const play = (time: number): number => {
    const audioFileId = pick([1, 1, 2]);
    const manualStart = random() < 0.5;
    const playSource = pick([null, null, 'Search', 'MusicChannel'] as const);
    let position = random() < 0.2 ? 30 : 0;
    let t = time;
    for (let n = 2 + Math.floor(random() * 25); n > 0; n--) {
      lastSample = t;
      events.push({
        // The index keeps two samples of one instant apart (a switch to the same file at its position).
        id: eventId('prop-sample', userId, t, audioFileId, position, events.length),
        type: 'PlaySampled',
        data: { ...base(userId, t), audioFileId, position, playSource, itemType: 'Audio', recipeId: null, favoriteListId: null, categoryId: null, manualStart, exercise: false },
      });
      const r = random();
      // Mostly 5-15 s steps; sometimes a pause longer than maxPause, a seek back, a restart near 0.
      const step = r < 0.04 ? 901_000 + Math.floor(random() * 600_000) : 5_000 + Math.floor(random() * 10_000);
      t += step;
      position = r < 0.1 ? Math.max(position - 40, 0) : r < 0.13 ? Math.floor(random() * 4) : position + Math.round(step / 1000);
    }
    return t;
  };
  const video = (time: number): number => {
    let t = time;
    let position = 0;
    for (const action of ['play', 'pause', 'play', 'ended'] as const) {
      events.push({
        id: eventId('prop-video', userId, t, action, position),
        type: 'VideoActionLogged',
        data: { ...base(userId, t), playerId: 'p1', fileId: 900, fileName: 'Autumn walk.mp4', position, playSource: null, totalLength: 300, action },
      });
      t += Math.floor(random() * 120_000);
      position += Math.floor(random() * 60);
    }
    return t;
  };
  const plays = (from: number, count: number): number => {
    let t = from;
    for (let i = 0; i < count; i++) {
      const switched = i > 0 && random() < 0.25;
      t = play(switched ? lastSample : t + Math.floor(random() * 600_000)) + (switched ? 0 : Math.floor(random() * 1_200_000));
    }
    return t;
  };

  let t = Date.parse('2026-10-24T04:00:00Z') + Math.floor(random() * 3_600_000);
  for (let visit = 0, visits = 6 + Math.floor(random() * 8); visit < visits; visit++) {
    t += 600_000 + Math.floor(random() * 8 * 3_600_000);
    const r = random();
    if (r < 0.25) {
      t = plays(t, 1 + Math.floor(random() * 3)); // implicit use only
    } else if (r < 0.4) {
      const id = start(t); // never stopped
      t = plays(t + Math.floor(random() * 1_200_000), Math.floor(random() * 3));
      void id;
    } else if (r < 0.5) {
      start(t); // overlapping: a second start while the first is open (with or without plays)
      t = random() < 0.5 ? plays(t + 60_000, 1) : t + Math.floor(random() * 600_000);
      const id = start(t + 1000);
      t = plays(t + 60_000, 1 + Math.floor(random() * 2));
      stop(t + 30_000, id);
    } else if (r < 0.6) {
      const id = start(t); // stopped far from any play: a session without plays
      stop(t + 1_200_000 + Math.floor(random() * 3_600_000), id);
      t += 5 * 3_600_000;
    } else if (r < 0.67) {
      const id = start(t); // stopped days later, far from other activity
      const end = plays(t + 60_000, Math.floor(random() * 2));
      stop(end + (1 + Math.floor(random() * 2)) * 86_400_000 + Math.floor(random() * 3_600_000), id);
      t = end;
    } else {
      const id = start(t); // the usual: start, plays, stop (sometimes twice)
      t = plays(t + Math.floor(random() * 300_000), 1 + Math.floor(random() * 3));
      stop(t + Math.floor(random() * 600_000), id);
      if (random() < 0.2) stop(t + 900_000 + Math.floor(random() * 3_600_000), id);
      t += 600_000;
    }
    if (random() < 0.2) t = video(t + 60_000);
    if (random() < 0.05) stop(t + 120_000, null); // a stop after the session's own stop: ignored
  }
  return events;
}

function shuffled<T>(xs: readonly T[], random: () => number): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Random cuts of `xs` into `n` consecutive, possibly empty, parts. */
function cut<T>(xs: readonly T[], n: number, random: () => number): T[][] {
  const points = Array.from({ length: n - 1 }, () => Math.floor(random() * (xs.length + 1))).sort((a, b) => a - b);
  return [0, ...points].map((p, i) => xs.slice(p, [...points, xs.length][i]));
}

interface Log {
  sql: Sql;
  store: PostgresEventStore;
}

async function openLog(userIds: readonly number[]): Promise<Log> {
  const sql = await emptyPglite();
  await migrate(sql);
  const store = createPostgresEventStore(sql);
  await store.setup();
  await seedReference(sql, userIds.map((id) => ({ id, timeZone: id % 5 === 0 ? 'America/New_York' : undefined })));
  return { sql, store };
}

const clientTime = (e: UsageNewEvent) => Date.parse(e.data.clientTime);

const chdbDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-session-property-'));
let warehouse: Warehouse;
beforeAll(async () => {
  warehouse = await connectTestWarehouse(chdbDir);
});
afterAll(async () => {
  await warehouse.close();
  fs.rmSync(chdbDir, { recursive: true, force: true });
});

const runs = Array.from({ length: Math.ceil(seedCount / usersPerRun) }, (_, i) => {
  const from = firstSeed + i * usersPerRun;
  return Array.from({ length: Math.min(usersPerRun, firstSeed + seedCount - from) }, (_, j) => from + j);
});

describe('sessions by client time, through the real projector', () => {
  it.each(runs.map((seeds, i) => [i, seeds] as const))('run %i: any arrival order gives the report of client-time order', async (run, seeds) => {
    const began = Date.now();
    const random = seededRandom(seeds[0]! * 31 + 7);
    const events = seeds.flatMap(workload);
    const inOrder = await openLog(seeds);
    const delivered = await openLog(seeds);
    const expectedVersion = 100 + run * 2;
    const actualVersion = expectedVersion + 1;
    try {
      // The reference: client-time order, one delivery, one run.
      const sorted = [...events].sort((a, b) => clientTime(a) - clientTime(b) || (a.id < b.id ? -1 : 1));
      for (const part of cut(sorted, 20, () => 0.5 * random() + 0.25).filter((p) => p.length > 0)) await inOrder.store.appendMany(byStream(part));
      await projectAll({ log: inOrder.store, sql: inOrder.sql, warehouse, projectors: [createUsageWarehouseProjector({ version: expectedVersion, rules: defaultUsageRules, clock: () => now.getTime() })] });

      // The same facts as tablets deliver them: shuffled, repeated, a fifth held back to the end.
      const again = events.filter(() => random() < 0.1);
      const underOtherIds = events.filter(() => random() < 0.05).map((e) => ({ ...e, id: eventId('prop-retry', e.id) }) as UsageNewEvent);
      const mixed = shuffled([...events, ...underOtherIds], random);
      const late = mixed.filter(() => random() < 0.2);
      const lateSet = new Set(late);
      const chunks = cut(mixed.filter((e) => !lateSet.has(e)), 3 + Math.floor(random() * 3), random);
      chunks.push(late, again);
      for (const chunk of chunks) {
        // A post holds one stream's events; ids already stored (a repeated post) are skipped.
        for (const post of cut(chunk, 1 + Math.floor(random() * 8), random)) {
          const seen = new Set<string>();
          const fresh = post.filter((e) => !seen.has(e.id) && seen.add(e.id));
          if (fresh.length > 0) await delivered.store.appendMany(byStream(fresh));
        }
        // A page of a few percent of the run (many full pages: the catch-up path), or one page for
        // the whole chunk (not full: the live path).
        const batchSize = pick(random, [Math.ceil(events.length / 30), Math.ceil(events.length / 6), 1_000_000]);
        await projectAll({
          log: delivered.store,
          sql: delivered.sql,
          warehouse,
          projectors: [createUsageWarehouseProjector({ version: actualVersion, rules: defaultUsageRules, clock: () => now.getTime() })],
          batchSize,
          retry: { initialMs: 20, maxMs: 200 },
        });
      }

      if (process.env.SESSION_PROPERTY_TIMING) console.log(`run ${run}: ${events.length} events projected after ${Date.now() - began} ms`);
      const users = seeds.map((id) => ({ id, name: `user-${id}`, timeZone: id % 5 === 0 ? 'America/New_York' : 'Europe/Helsinki' }));
      const scope = { sql: inOrder.sql, warehouse, users, first, last, now };
      const expected = await usageReportFigures({ ...scope, version: expectedVersion });
      const actual = await usageReportFigures({ ...scope, version: actualVersion });
      if (process.env.SESSION_PROPERTY_TIMING) console.log(`run ${run}: reports after ${Date.now() - began} ms`);
      const failing = seeds.filter((seed) => !isDeepStrictEqual(actual[seed], expected[seed]));
      if (failing.length > 0) expect(actual[failing[0]!], `seeds ${failing.join(', ')} differ; the first one`).toEqual(expected[failing[0]!]);
      // Beneath the report, the derived tables themselves: no row the earlier derivations wrote is
      // left over (each replaced row got its tombstone), none is missing.
      const expectedTables = Object.entries(await dumpDerived(warehouse, warehouseTables(expectedVersion), seeds));
      const actualTables = Object.values(await dumpDerived(warehouse, warehouseTables(actualVersion), seeds));
      for (const [i, [name, rows]] of expectedTables.entries()) expect(actualTables[i], `rows of ${name}`).toEqual(rows);
      // The workloads did exercise what they claim to (counted sessions of every kind of ending).
      const closedBy = await warehouse.query<{ closed_by: string | null; n: number }>(
        `SELECT closed_by, count() AS n FROM sessions_v${expectedVersion} FINAL GROUP BY closed_by ORDER BY closed_by`,
      );
      expect(closedBy.map((r) => r.closed_by)).toEqual(expect.arrayContaining(['stop', 'idle', 'nextSession', 'implicit', null]));
    } finally {
      for (const log of [inOrder, delivered]) {
        await log.store.close();
        await log.sql.close();
      }
    }
  }, 600_000);
});

function pick<T>(random: () => number, xs: readonly T[]): T {
  return xs[Math.floor(random() * xs.length)]!;
}
