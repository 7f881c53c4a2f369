import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityRegistry } from '../../domain/reference-data/entity-registry.ts';
import { projectAll } from '../../projections/engine/project-all.ts';
import { evaluationsProjector } from '../../projections/postgres/evaluations.ts';
import { favoritesProjector } from '../../projections/postgres/favorites.ts';
import { messagesProjector } from '../../projections/postgres/messages.ts';
import { usageWarehouseProjector } from '../../projections/warehouse/usage-warehouse-projector.ts';
import type { Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import { demoUsageSeed } from '../../tools/generate/demo-usage.ts';
import { generateWorkload } from '../../tools/generate/generate-workload.ts';
import { connectTestWarehouse } from '../support/test-warehouse.ts';
import { demoPassword } from '../../tools/seed/demo-units.ts';
import { seedDemoData } from '../../tools/seed/seed-demo-data.ts';
import { buildTestApp, type TestApp } from '../support/build-test-app.ts';

// Issue 18 item 8: the demo seed fills every entity of the back office, so the operator console
// and the unit's screens show something in each list. Operator entities are read as the demo
// operator, a unit's as the demo caregiver.

describe('demo data of the back office', () => {
  let t: TestApp;
  let dataDir: string;
  let warehouse: Warehouse;
  const cookies: Record<'operator' | 'caregiver' | 'kotikallio-b', string> = { operator: '', caregiver: '', 'kotikallio-b': '' };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-demo-back-office-'));
    warehouse = await connectTestWarehouse(dataDir);
    t = await buildTestApp({ warehouse });
    await seedDemoData({ sql: t.sql, dataDir });
    // The usage a demo server generates at its first start (tools/generate/demo-usage.ts), here a
    // week of the caregiver's: the usage entities read it from the warehouse.
    await generateWorkload({ app: t.app, unitNames: ['caregiver'], days: 7, seed: demoUsageSeed, via: 'direct' });
    await projectAll({ log: t.store, sql: t.sql, warehouse, projectors: [messagesProjector, favoritesProjector, evaluationsProjector, usageWarehouseProjector] });
    for (const name of ['operator', 'caregiver', 'kotikallio-b'] as const) {
      const [user] = await t.sql.query<{ id: number }>('SELECT id FROM users WHERE name = $1', [name]);
      cookies[name] = (await t.login({ id: user!.id, name, password: demoPassword })).cookie;
    }
  }, 600_000);
  afterAll(async () => {
    await t?.close();
    await warehouse?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  for (const definition of entityRegistry) {
    it(`has rows of ${definition.name}`, async () => {
      // The demo's default recipient is the second unit's: one on the caregiver would turn its lists into greetings.
      const as = definition.access.kind === 'operator' ? 'operator' : definition.name === 'default-message-recipients' ? 'kotikallio-b' : 'caregiver';
      const response = await t.app.inject({ method: 'POST', url: `/api/get/${definition.name}`, payload: {}, headers: { cookie: cookies[as] } });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().totalCount, `${definition.name} as ${as}`).toBeGreaterThan(0);
    });
  }
});
