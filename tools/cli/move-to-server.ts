import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../infra/config.ts';
import { migrate } from '../../infra/db/migrate.ts';
import { createPostgresEventStore } from '../../infra/event-store/postgres-event-store.ts';
import { claimDataDir } from '../../infra/files/data-dir-lock.ts';
import { createFileStore } from '../../infra/files/file-store.ts';
import { createS3FileStore } from '../../infra/files/s3-file-store.ts';
import { createPgSql } from '../../infra/sql/pg-sql.ts';
import { createPgliteSql } from '../../infra/sql/pglite-sql.ts';
import { copyDatabase } from '../move/copy-database.ts';
import { copyFiles } from '../move/copy-files.ts';

// npm run move-to-server -- --to postgres://user:password@host:5432/sointu [--files]
// Moves the embedded default's data (the event log and reference tables in PGlite under
// DATA_DIR) into a fresh database on a Postgres server; with --files also DATA_DIR/files into the
// object store of S3_BUCKET/S3_URL. The server must be stopped: PGlite opens in one process only.
// The warehouse is not copied: the first start on the server builds it, and every read model, from
// the log (docs/operations.md, "From the embedded default to servers").

const usage = 'usage: DATA_DIR=./data npm run move-to-server -- --to postgres://user:password@host:5432/sointu [--files]';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { to: { type: 'string' }, files: { type: 'boolean' }, help: { type: 'boolean' } }, allowPositionals: false });
  if (values.help || !values.to) {
    console.error(usage);
    return values.help ? 0 : 64;
  }
  const config = loadConfig();
  const claim = claimDataDir(config.dataDir);
  if (!claim.ok) {
    console.error(`Process ${claim.holderPid} (the Sointu server?) holds ${config.dataDir}: stop it first.`);
    return 2;
  }
  if (values.files && !config.s3) {
    console.error('--files copies into the object store: set S3_BUCKET (and S3_URL, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY).');
    return 64;
  }
  const source = await createPgliteSql(path.join(config.dataDir, 'pglite'));
  const target = createPgSql(values.to);
  try {
    // Both at this code's schema: the source may be a data directory of an older version.
    await migrate(source);
    await migrate(target);
    await createPostgresEventStore(target).setup();
    const summary = await copyDatabase(source, target, { log: (line) => console.log(line) });
    console.log(`Moved ${summary.events} events and ${Object.keys(summary.tables).length} tables; ${summary.sequences} sequences continue where they stood.`);
    if (values.files && config.s3) {
      const store = createS3FileStore(config.s3, config.dataDir);
      try {
        await store.ensureBucket();
        const files = await copyFiles(createFileStore(config.dataDir), store, (line) => console.log(line));
        console.log(`Files: ${files.copied} copied to bucket ${config.s3.bucket}, ${files.present} there already.`);
      } finally {
        store.close();
      }
    }
    console.log('Start the app with DATABASE_URL (and CLICKHOUSE_URL): it builds the read models and the warehouse from the log; follow GET /api/admin/projections.');
    return 0;
  } finally {
    await source.close();
    await target.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
