import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { migrate } from '../../infra/db/migrate.ts';
import { createPostgresEventStore } from '../../infra/event-store/postgres-event-store.ts';
import { createPgSql } from '../../infra/sql/pg-sql.ts';
import { createPgliteSql, type PgliteSql } from '../../infra/sql/pglite-sql.ts';
import type { Sql } from '../../infra/sql/sql.ts';
import { setUpReadModels } from '../../projections/engine/read-model.ts';
import { projectors } from '../../projections/projectors.ts';
import { createTestDatabase } from './postgres-server.ts';

// Databases for integration tests, made once per run instead of once per file: a PGlite's initdb
// (WASM, 4-12 s on this machine) and the migrations with the read models' setup happen once, in
// the global setup; each file then opens a copy. PGlite copies a data-directory tarball
// (dumpDataDir/loadDataDir), Postgres a template database (CREATE DATABASE ... TEMPLATE).

/** Where the global setup left the PGlite tarballs, and the Postgres template's name. */
const blankEnv = 'SOINTU_PGLITE_BLANK';
const migratedEnv = 'SOINTU_PGLITE_MIGRATED';
export const migratedTemplate = 'sointu_migrated';

/** What the server does to a new database before it serves: migrations, read models, event store. */
export async function prepareDatabase(sql: Sql): Promise<void> {
  await migrate(sql);
  // The read models' tables and views, as the server's projection runner makes them at start-up.
  await setUpReadModels(sql, projectors);
  await createPostgresEventStore(sql).setup();
}

/** For the global setup: a blank and a migrated PGlite, dumped into `dir` for every worker. */
export async function makePgliteSnapshots(dir: string): Promise<void> {
  const sql = await createPgliteSql();
  try {
    const blank = join(dir, 'pglite-blank.tar');
    writeFileSync(blank, Buffer.from(await (await sql.dumpDataDir()).arrayBuffer()));
    await prepareDatabase(sql);
    const migrated = join(dir, 'pglite-migrated.tar');
    writeFileSync(migrated, Buffer.from(await (await sql.dumpDataDir()).arrayBuffer()));
    process.env[blankEnv] = blank;
    process.env[migratedEnv] = migrated;
  } finally {
    await sql.close();
  }
}

/** For the global setup: the migrated template database on each Postgres server. */
export async function makeTemplates(serverUrls: readonly string[]): Promise<void> {
  await Promise.all(
    serverUrls.map(async (url) => {
      const sql = createPgSql(await createTestDatabase(url, migratedTemplate));
      try {
        await prepareDatabase(sql);
      } finally {
        await sql.close();
      }
    }),
  );
}

const snapshots = new Map<string, Blob>();

/** A PGlite started from the global setup's tarball, or from a fresh initdb (and `prepare`) without one. */
async function pgliteFrom(env: string, prepare?: (sql: Sql) => Promise<void>): Promise<PgliteSql> {
  const file = process.env[env];
  if (!file) {
    const sql = await createPgliteSql();
    await prepare?.(sql);
    return sql;
  }
  let snapshot = snapshots.get(file);
  if (!snapshot) snapshots.set(file, (snapshot = new Blob([readFileSync(file)])));
  return createPgliteSql(undefined, { loadDataDir: snapshot });
}

/** An empty in-memory PGlite (what `createPgliteSql()` gives), without paying initdb again. */
export const emptyPglite = (): Promise<PgliteSql> => pgliteFrom(blankEnv);

/** An in-memory PGlite as the server leaves a new database: migrated, read models and event store set up. */
export const migratedPglite = (): Promise<PgliteSql> => pgliteFrom(migratedEnv, prepareDatabase);

/** A new database on the test Postgres server, copied from the migrated template. */
export async function migratedPostgresUrl(serverUrl = process.env.TEST_DATABASE_URL!): Promise<string> {
  const exists = await templateExists(serverUrl);
  const url = await createTestDatabase(serverUrl, undefined, exists ? migratedTemplate : undefined);
  if (!exists) {
    const sql = createPgSql(url);
    await prepareDatabase(sql).finally(() => sql.close());
  }
  return url;
}

async function templateExists(serverUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [migratedTemplate])).rowCount === 1;
  } finally {
    await client.end();
  }
}
