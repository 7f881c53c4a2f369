import path from 'node:path';
import { createPgSql } from './pg-sql.ts';
import { createPgliteSql } from './pglite-sql.ts';
import type { Sql } from './sql.ts';

/** A Postgres server when DATABASE_URL is set, otherwise PGlite under `${dataDir}/pglite`. */
export async function connectSql(options: { databaseUrl?: string; dataDir: string }): Promise<Sql> {
  if (options.databaseUrl) return createPgSql(options.databaseUrl);
  return createPgliteSql(path.join(options.dataDir, 'pglite'));
}
