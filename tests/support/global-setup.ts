import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startPostgresServer, type PostgresServer } from './postgres-server.ts';
import { makePgliteSnapshots, makeTemplates } from './test-databases.ts';

// Once per run, before the integration tests: one Postgres server per worker (files run side by
// side, and the event store's log order reads the cluster-wide transaction ids that another
// file's writes would interleave with; docs in tests/README.md), each with the migrated template
// database, and the PGlite snapshots (tests/support/test-databases.ts).
let servers: PostgresServer[] = [];
let snapshotDir: string | undefined;

export async function setup(project: TestProject): Promise<void> {
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  snapshotDir = mkdtempSync(join(tmpdir(), 'sointu-db-snapshots-'));
  const snapshots = makePgliteSnapshots(snapshotDir);
  servers = process.env.TEST_DATABASE_URL ? [await startPostgresServer()] : await Promise.all(Array.from({ length: workers }, () => startPostgresServer()));
  // A server given in TEST_DATABASE_URL is the user's: nothing is left on it, each file migrates its own database.
  if (!process.env.TEST_DATABASE_URL) await makeTemplates(servers.map((server) => server.url));
  process.env.TEST_DATABASE_SERVERS = servers.map((server) => server.url).join(' ');
  process.env.TEST_DATABASE_URL ??= servers[0]!.url;
  await snapshots;
}

export async function teardown(): Promise<void> {
  await Promise.all(servers.map((server) => server.stop()));
  if (snapshotDir) rmSync(snapshotDir, { recursive: true, force: true });
}
