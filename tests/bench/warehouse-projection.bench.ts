import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createChdbWarehouse } from '../../infra/clickhouse/chdb-warehouse.ts';
import type { RecordedEvent } from '../../infra/event-store/event-store.ts';
import type { EventOf } from '../../schemas/events/index.ts';
import { defaultUsageRules } from '../../schemas/events/usage-rules.ts';
import { catalogue } from '../support/derivation-fixtures.ts';
import { staticReferenceData } from '../../projections/warehouse/reference.ts';
import { warehouseTables } from '../../projections/warehouse/tables.ts';
import { createUsageWarehouseProjector } from '../../projections/warehouse/usage-warehouse-projector.ts';

// `npx tsx tests/bench/warehouse-projection.bench.ts [events] [batchSize]`: throughput of the usage
// warehouse projector alone (raw inserts, window loads, derivation, derived inserts) into chDB in a
// temp dir. Default 500k PlaySampled events of 200 users in log order (a rebuild's shape: each
// batch holds a few minutes of every user), a sample every 10 s, visits of 5-40 minutes, a third
// of them explicit sessions. The event store read is not included (see append.bench.ts). Not a test.

const total = Number(process.argv[2] ?? 500_000);
const batchSize = Number(process.argv[3] ?? 20_000);
const users = 200;

type Sampled = RecordedEvent<EventOf<'PlaySampled' | 'UsageSessionStarted' | 'UsageSessionStopped'>>;

function* generate(): Generator<Sampled> {
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 4294967296;
  const state = Array.from({ length: users }, () => ({ next: Date.parse('2026-01-01T06:00:00Z') + Math.floor(random() * 3_600_000), left: 0, position: 0, file: 1, session: '' }));
  let seq = 0;
  const recorded = (e: Omit<Sampled, 'schemaVersion' | 'streamId' | 'streamVersion' | 'position' | 'metadata' | 'recordedAt' | 'id'>, userId: number): Sampled => {
    seq += 1;
    return { ...e, id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`, schemaVersion: 1, streamId: `usage-${userId}`, streamVersion: seq, position: { tx: 1000 + Math.floor(seq / batchSize), seq }, metadata: {}, recordedAt: new Date(0) } as Sampled;
  };
  // Users take turns a minute of their clock at a time, so the log is roughly in time order.
  for (let minute = 0; seq < total; minute++) {
    for (let userId = 1; userId <= users && seq < total; userId++) {
      const u = state[userId - 1]!;
      const until = Date.parse('2026-01-01T06:00:00Z') + (minute + 1) * 60_000;
      while (u.next < until && seq < total) {
        const iso = new Date(u.next).toISOString();
        const base = { userId, clientTime: iso, receivedAt: iso };
        if (u.left === 0) {
          if (u.session) yield recorded({ type: 'UsageSessionStopped', data: { ...base, sessionId: u.session } }, userId);
          u.session = '';
          u.next += 20 * 60_000 + Math.floor(random() * 4 * 3_600_000);
          u.left = 30 + Math.floor(random() * 210);
          if (random() < 0.33) {
            // The care worker starts the session as the visit begins.
            const at = new Date(u.next - 5_000).toISOString();
            u.session = `7d4f2a10-0000-4000-8000-${String(seq).padStart(12, '0')}`;
            yield recorded({ type: 'UsageSessionStarted', data: { userId, clientTime: at, receivedAt: at, sessionId: u.session, residentIds: [1, 2], activityIds: [3], outdoors: false } }, userId);
          }
          continue;
        }
        if (u.left % 20 === 0) {
          u.file = 1 + Math.floor(random() * 4);
          u.position = 0;
        }
        yield recorded({ type: 'PlaySampled', data: { ...base, audioFileId: u.file, position: u.position, playSource: 'Search', itemType: 'Audio', recipeId: null, favoriteListId: null, categoryId: null, manualStart: random() < 0.5, exercise: false } }, userId);
        u.left -= 1;
        u.position += 10;
        u.next += 10_000;
      }
    }
  }
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-warehouse-bench-'));
  const warehouse = createChdbWarehouse(dir);
  const projector = createUsageWarehouseProjector({ version: 1, rules: defaultUsageRules, reference: staticReferenceData(catalogue), clock: () => Date.parse('2026-11-22T00:00:00Z') });
  try {
    await projector.setup(warehouse);
    const events = [...generate()];
    const load = os.loadavg()[0]!;
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (let i = 0; i < events.length; i += batchSize) await projector.apply(warehouse, events.slice(i, i + batchSize));
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    // CPU seconds of every thread of this process (Node and chDB): on a shared machine the wall
    // time follows the others' load, the CPU time much less.
    const cpuSeconds = (used.user + used.system) / 1e6;
    const t = warehouseTables(1);
    const [counts] = await warehouse.query<{ plays: number; sessions: number }>(
      `SELECT (SELECT count() FROM ${t.plays} FINAL) AS plays, (SELECT count() FROM ${t.sessions} FINAL) AS sessions`,
    );
    console.log(
      `${events.length} events (${users} users) in ${seconds.toFixed(1)} s, batches of ${batchSize}: ${Math.round(events.length / seconds)} events/s; ` +
        `${cpuSeconds.toFixed(1)} CPU s (${Math.round(events.length / cpuSeconds)} events per CPU second); load ${load.toFixed(2)} -> ${os.loadavg()[0]!.toFixed(2)}`,
    );
    console.log(`derived ${counts!.plays} plays and ${counts!.sessions} sessions; ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? 'unknown cpu'}`);
  } finally {
    await warehouse.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
