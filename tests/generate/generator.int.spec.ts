import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectWarehouse, type Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import { generateWorkload, type GenerateResult, type GenerateVia } from '../../tools/generate/generate-workload.ts';
import { ensureGeneratedUnits } from '../../tools/generate/generated-units.ts';
import { seedDemoData } from '../../tools/seed/seed-demo-data.ts';
import { createUsageWarehouseProjector } from '../../projections/warehouse/usage-warehouse-projector.ts';
import { UsageSessions, UsageTotals } from '../../schemas/api/usage-report.ts';
import { defaultUsageRules } from '../../schemas/events/usage-rules.ts';
import { buildTestApp, type TestApp } from '../support/build-test-app.ts';
import { projectAll } from '../../projections/engine/project-all.ts';

// The workload generator on PGlite + chDB: one generated unit over 3 days, posted through the
// real HTTP command path, projected by the real usage-warehouse projector and read back through
// the report endpoints. The same seed must give the same events (count and ids) on a fresh
// database, and the direct path must give the same usage events as HTTP.

const now = new Date('2026-01-20T12:00:00.000Z');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-generator-'));
const opened: Array<{ close(): Promise<void> }> = [];

async function generatedApp(via: GenerateVia, seed: number, warehouse?: Warehouse): Promise<{ t: TestApp; result: GenerateResult; unitId: number; ids: string[] }> {
  const t = await buildTestApp({ now: () => new Date(now), warehouse });
  opened.push(t);
  await seedDemoData({ sql: t.sql, dataDir });
  const unitNames = await ensureGeneratedUnits(t.sql, 1);
  const result = await generateWorkload({ app: t.app, unitNames, days: 3, until: '2026-01-19', seed, via });
  const [unit] = await t.sql.query<{ id: number }>('SELECT id FROM users WHERE name = $1', [unitNames[0]!]);
  // The HTTP path's own login is a LoggedIn with a random session token, and the demo seed makes
  // favorite lists, messages and the demo caregiver's evaluations: none is part of the workload.
  const rows = await t.sql.query<{ event_id: string }>(
    `SELECT event_id FROM events WHERE type <> 'LoggedIn' AND stream_id NOT LIKE 'favorite%' AND stream_id NOT LIKE 'message-%'
        AND stream_id NOT IN (SELECT 'evaluations-' || id FROM users WHERE name = 'caregiver') ORDER BY event_id`,
  );
  return { t, result, unitId: Number(unit!.id), ids: rows.map((r) => r.event_id) };
}

let warehouse: Warehouse;
let first: Awaited<ReturnType<typeof generatedApp>>;
let cookie: string;

beforeAll(async () => {
  warehouse = await connectWarehouse({ dataDir: path.join(dataDir, 'chdb') });
  first = await generatedApp('http', 42, warehouse);
  await projectAll({
    log: first.t.store,
    sql: first.t.sql,
    warehouse,
    projectors: [createUsageWarehouseProjector({ version: 1, rules: defaultUsageRules, clock: () => now.getTime() })],
  });
  cookie = (await first.t.login({ id: first.unitId, name: 'gen-unit-001', password: 'sointu-demo' })).cookie;
}, 180_000);

afterAll(async () => {
  for (const t of opened) await t.close();
  await warehouse?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('generateWorkload', () => {
  it('should write sessions with residents that the usage report shows', async () => {
    expect(first.result.events).toBeGreaterThan(100);
    expect(first.result.events).toBe(first.ids.length);

    const sessions = await first.t.app.inject({ method: 'GET', url: `/api/usage-sessions/${first.unitId}/2026-01-17/2026-01-19`, headers: { cookie } });
    expect(sessions.statusCode, sessions.body).toBe(200);
    const listed = UsageSessions.parse(sessions.json()).sessions;
    const withResidents = listed.filter((s) => s.kind === 'explicit' && s.participants.length > 0 && s.plays.length > 0);
    expect(withResidents.length).toBeGreaterThanOrEqual(3);
    expect(new Set(listed.map((s) => s.day))).toEqual(new Set(['2026-01-17', '2026-01-18', '2026-01-19']));

    const totals = await first.t.app.inject({ method: 'GET', url: `/api/usage/${first.unitId}/2026-01-17/2026-01-19`, headers: { cookie } });
    expect(totals.statusCode, totals.body).toBe(200);
    const report = UsageTotals.parse(totals.json());
    expect(report.sessionWithParticipantsCount).toBeGreaterThanOrEqual(3);
    expect(report.totalUsage).toBeGreaterThan(0);
  });

  it('should write the same events for the same seed, and other events for another seed', async () => {
    const again = await generatedApp('http', 42);
    expect(again.result.events).toBe(first.result.events);
    expect(again.ids).toEqual(first.ids);

    const other = await generatedApp('http', 43);
    expect(other.ids).not.toEqual(first.ids);
  }, 120_000);

  it('should write the same events through the direct path as through HTTP', async () => {
    const direct = await generatedApp('direct', 42);
    expect(direct.result.events).toBe(first.result.events);
    expect(direct.ids).toEqual(first.ids);
  }, 120_000);
});
