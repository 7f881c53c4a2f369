import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { AppendRequest } from '../../../infra/event-store/event-store.ts';
import type { Queryable } from '../../../infra/sql/sql.ts';
import type { PostgresProjector } from '../../../projections/engine/projector.ts';
import { readModels } from '../../../projections/projectors.ts';
import { SointuEvent, type EventType } from '../../../schemas/events/index.ts';
import { generateWorkload } from '../../../tools/generate/generate-workload.ts';
import { demoUnits } from '../../../tools/seed/demo-units.ts';
import { seedDemoData } from '../../../tools/seed/seed-demo-data.ts';
import type { TestApp } from '../../support/build-test-app.ts';
import { streamOf, validEventOf } from '../../support/arbitrary-events.ts';

// A realistic log for the read models: the demo seed (users, favorite lists, messages), a few days
// of the workload generator's usage (logins, plays, sessions, clicks), and schema-valid arbitrary
// events of every type a read model handles (evaluations and targets, which neither of the others
// writes, and the odd corners of the rest), from a fixed seed so a failure repeats.

/** Types some read model handles. */
export const readModelTypes = (): EventType[] => [...new Set(Object.values(readModels).flatMap((make) => make(1).handles))];

export async function writeReadModelLog(t: TestApp, { arbitraryPerType = 12, days = 2 } = {}): Promise<{ events: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-read-model-log-'));
  try {
    await seedDemoData({ sql: t.sql, dataDir });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  await generateWorkload({ app: t.app, unitNames: demoUnits.map((u) => u.name), days, seed: 13, via: 'direct' });
  const requests: AppendRequest[] = [];
  readModelTypes().forEach((type, i) => {
    const schema = SointuEvent.options.find((o) => o.shape.type.value === type)!;
    for (const event of fc.sample(validEventOf(schema), { numRuns: arbitraryPerType, seed: 1000 + i })) requests.push({ stream: streamOf(event), events: [event] });
  });
  await t.store.appendMany(requests);
  const [row] = await t.sql.query<{ n: number | string }>('SELECT count(*) AS n FROM events');
  return { events: Number(row!.n) };
}

/** Every row of every table of a read-model version, in a stable order, for comparing two versions. */
export async function readModelRows(db: Queryable, projector: PostgresProjector): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const { view, table } of projector.views) {
    const rows = await db.query<{ row: string }>(`SELECT to_jsonb(t)::text AS row FROM ${table} t ORDER BY 1`);
    result[view] = rows.map((r) => r.row);
  }
  return result;
}
