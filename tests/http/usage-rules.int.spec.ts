import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectWarehouse, type Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import { rebuildsOf } from '../../projections/warehouse/rebuild.ts';
import { UsageRulesResponse } from '../../schemas/api/rebuild.ts';
import { streams } from '../../schemas/events/index.ts';
import { defaultUsageRules, UsageRulesChanged } from '../../schemas/events/usage-rules.ts';
import { buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';

// The usage rules are events (DOMAIN.md sections 2 and 3): PUT /api/admin/usage-rules appends
// UsageRulesChanged to the `usage-rules` stream, read back here from the event store itself, and
// a refused change appends nothing.

const now = new Date('2026-11-20T10:00:00.000Z');
const chdbDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-usage-rules-'));
let warehouse: Warehouse;
let t: TestApp;
let admin: TestUser;
/** Administers the unit but is no operator: usage rules are not theirs to change (DOMAIN.md section 4). */
let unitAdmin: TestUser;
let unit: TestUser;
const headers = new Map<TestUser, Record<string, string>>();

const put = (user: TestUser, rules: unknown) => t.app.inject({ method: 'PUT', url: '/api/admin/usage-rules', headers: headers.get(user), payload: { rules } });
const recorded = () => t.store.readStream(streams.usageRules());

beforeAll(async () => {
  warehouse = await connectWarehouse({ dataDir: chdbDir });
  t = await buildTestApp({ now: () => new Date(now), warehouse });
  admin = await t.createUser({ operator: true });
  unit = await t.createUser();
  unitAdmin = await t.createUser();
  for (const u of [admin, unit, unitAdmin]) headers.set(u, { cookie: (await t.login(u)).cookie });
  await t.sql.query('INSERT INTO user_admins (admin_user_id, user_id) VALUES ($1, $2), ($3, $2)', [admin.id, unit.id, unitAdmin.id]);
}, 60_000);

afterAll(async () => {
  if (t) {
    // The rebuild's runner may still be starting; a stop during its start is missed (runner.ts).
    const rebuilds = rebuildsOf(t.app.deps);
    await rebuilds.runnerStatuses();
    await rebuilds.stop();
  }
  await t?.close();
  await warehouse?.close();
  fs.rmSync(chdbDir, { recursive: true, force: true });
});

describe('PUT /api/admin/usage-rules', () => {
  it('should append nothing for rules in force, invalid rules, a unit administrator or a caller who administers nobody', async () => {
    const before = (await recorded()).length;
    expect((await put(admin, defaultUsageRules)).json()).toMatchObject({ error: { kind: 'InvalidRequest' } });
    expect((await put(admin, { ...defaultUsageRules, guidedSources: ['Radio'] })).json()).toMatchObject({ error: { kind: 'ValidationError' } });
    expect((await put(unit, { ...defaultUsageRules, shortSessionSeconds: 60 })).statusCode).toBe(403);
    expect((await put(unitAdmin, { ...defaultUsageRules, shortSessionSeconds: 60 })).statusCode).toBe(403);
    expect(await recorded()).toHaveLength(before);
  });

  it('should append UsageRulesChanged with the new rules, and nothing for a second change while they build', async () => {
    const rules = { ...defaultUsageRules, shortSessionSeconds: 60, maxPauseSeconds: 300, guidedSources: ['Recipe', 'Favorites'], contentTypeMerge: { Video: 'Theme' } };
    const before = await recorded();
    const response = await put(admin, rules);
    expect(response.statusCode, response.body).toBe(200);
    expect(UsageRulesResponse.parse(response.json())).toMatchObject({ rules, currentRules: defaultUsageRules });

    const after = await recorded();
    expect(after).toHaveLength(before.length + 1);
    const event = after.at(-1)!;
    expect(event).toMatchObject({ streamId: streams.usageRules(), streamVersion: before.length });
    // Stored as the schema says, with every field of the new rules, who changed them and when.
    expect(UsageRulesChanged.parse(event)).toEqual({ type: 'UsageRulesChanged', data: { rules, changedByUserId: admin.id, at: now.toISOString() } });

    // Version 2 is building under these rules: another change has to wait (Conflict).
    expect((await put(admin, { ...rules, shortSessionSeconds: 30 })).statusCode).toBe(409);
    expect(await recorded()).toHaveLength(after.length);
  });
});
