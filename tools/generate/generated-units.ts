import { hashPassword } from '../../infra/auth/password.ts';
import { demoPassword } from '../seed/demo-units.ts';
import { insertAudited } from '../seed/insert-audited.ts';
import type { Sql } from '../../infra/sql/sql.ts';

// Extra care units for generated workloads: `gen-unit-001`… with residents and activities, the
// demo password, the unit flags of the demo units. Created once; a later run reuses them.

const firstNames = ['Aino', 'Eino', 'Helmi', 'Toivo', 'Lempi', 'Väinö', 'Saima', 'Onni', 'Martta', 'Veikko', 'Elli', 'Urho'];
const lastNames = ['Virtanen', 'Korhonen', 'Mäkinen', 'Nieminen', 'Laine', 'Heikkinen', 'Koskinen', 'Salminen'];
const activityNames = ['Morning exercise', 'Sing-along', 'Reminiscence', 'Music listening'];
const unitConfig = { canStartSession: true, usageReport: true, canCreateResidents: true, canCreateActivities: true };

export const generatedUnitName = (n: number) => `gen-unit-${String(n).padStart(3, '0')}`;

/** Names of units 1..count, creating the missing ones. */
export async function ensureGeneratedUnits(sql: Sql, count: number): Promise<string[]> {
  const names = Array.from({ length: count }, (_, i) => generatedUnitName(i + 1));
  if (count === 0) return names;
  const existing = new Set((await sql.query<{ name: string }>('SELECT name FROM users WHERE name = ANY($1::text[])', [names])).map((r) => r.name));
  const missing = names.filter((name) => !existing.has(name));
  if (missing.length === 0) return names;
  const passwordHash = await hashPassword(demoPassword);
  await sql.transaction(async (tx) => {
    const users = await insertAudited<{ id: number; name: string }>(tx, 'users',
      { name: 'text', password_hash: 'text', organization: 'text', client_name: 'text', config: 'jsonb' },
      missing.map((name) => ({ name, password_hash: passwordHash, organization: 'Generated care home', client_name: name, config: unitConfig })), 'id, name');
    await insertAudited(tx, 'residents', { first_name: 'text', last_name: 'text', identification: 'text', user_id: 'integer' },
      users.flatMap((user, u) => Array.from({ length: 6 }, (_, i) => ({
        first_name: firstNames[(u + i) % firstNames.length], last_name: lastNames[(u * 3 + i) % lastNames.length], identification: `${i + 1}`, user_id: user.id,
      }))));
    await insertAudited(tx, 'activities', { name: 'text', user_id: 'integer', active: 'boolean' },
      users.flatMap((user) => activityNames.map((name) => ({ name, user_id: user.id, active: true }))));
  });
  return names;
}
