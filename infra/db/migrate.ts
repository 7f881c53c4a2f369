import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Sql } from '../sql/sql.ts';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

const MIGRATION_LOCK = 7_020_027;

/** Applies the numbered SQL files of infra/db/migrations once each, in order. */
export async function migrate(sql: Sql): Promise<string[]> {
  await sql.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  });
  const applied = new Set((await sql.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
  const pending = fs.readdirSync(migrationsDir).filter((f) => f.endsWith('.sql') && !applied.has(f)).sort();
  for (const name of pending) {
    const text = fs.readFileSync(path.join(migrationsDir, name), 'utf8');
    await sql.transaction(async (tx) => {
      // Several app instances starting at once on one fresh database: one applies each file, the
      // others wait for it and then find it applied.
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      if ((await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [name])).length > 0) return;
      for (const statement of splitStatements(text)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
    });
  }
  return pending;
}

/** Splits on semicolons at line ends; our migrations keep function bodies out of these files. */
function splitStatements(text: string): string[] {
  return text
    .split(/;\s*$/m)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter(Boolean);
}
