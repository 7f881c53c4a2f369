import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../infra/db/migrate.ts';
import { LOG_START } from '../../infra/event-store/event-store.ts';
import { createPostgresEventStore } from '../../infra/event-store/postgres-event-store.ts';
import { createPgSql } from '../../infra/sql/pg-sql.ts';
import { emptyPglite } from '../support/test-databases.ts';
import type { Sql } from '../../infra/sql/sql.ts';
import { projectAll } from '../../projections/engine/project-all.ts';
import { projectors } from '../../projections/projectors.ts';
import { seedDemoData } from '../../tools/seed/seed-demo-data.ts';
import { copyDatabase } from '../../tools/move/copy-database.ts';
import { createTestDatabase } from '../support/postgres-server.ts';

// From the embedded default to a Postgres server (issue 20, item 5; `npm run move-to-server`):
// the demo's log and reference rows move into a fresh server database in one transaction, the log
// in its order and readable at once, and the read models the server builds from it equal the ones
// the embedded database had.

const readModels = projectors.filter((p) => p.kind === 'postgres');
const viewsCompared = ['favorite_lists', 'favorite_audio_files', 'messages', 'message_items'];

describe('moving the embedded database to a Postgres server', () => {
  let source: Sql;
  let target: Sql;
  let sourceStore: ReturnType<typeof createPostgresEventStore>;
  let targetStore: ReturnType<typeof createPostgresEventStore>;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-move-'));
    source = await emptyPglite();
    await migrate(source);
    sourceStore = createPostgresEventStore(source);
    await sourceStore.setup();
    await seedDemoData({ sql: source, dataDir });
    await projectAll({ log: sourceStore, sql: source, projectors: readModels });

    target = createPgSql(await createTestDatabase(process.env.TEST_DATABASE_URL!));
    await migrate(target);
    targetStore = createPostgresEventStore(target);
    await targetStore.setup();
    await copyDatabase(source, target);
  }, 180_000);
  afterAll(async () => {
    await sourceStore?.close();
    await targetStore?.close();
    await source?.close();
    await target?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const logOf = async (sql: Sql) => (await (sql === source ? sourceStore : targetStore).readAll(LOG_START, 100_000)).map((e) => [e.id, e.streamId, e.streamVersion, e.type]);
  const rowsOf = (sql: Sql, table: string) => sql.query(`SELECT row_to_json(t)::text AS row FROM ${table} t ORDER BY 1`);

  it('should hold the whole log in its order, readable at once on the server', async () => {
    const moved = await logOf(target);
    expect(moved.length).toBeGreaterThan(10);
    expect(moved).toEqual(await logOf(source));
  });

  it('should copy the reference rows as they were', async () => {
    for (const table of ['users', 'user_groups', 'user_admins', 'residents', 'files', 'audio_files', 'recipes', 'streams']) {
      expect(await rowsOf(target, table), table).toEqual(await rowsOf(source, table));
    }
  });

  it('should go on from where the source stood: ids and appends come after what was moved', async () => {
    const [sourceMax] = await source.query<{ id: number }>('SELECT max(id) AS id FROM users');
    const [next] = await target.query<{ id: number }>(`SELECT nextval(pg_get_serial_sequence('users', 'id')) AS id`);
    expect(Number(next!.id)).toBeGreaterThan(Number(sourceMax!.id));
    // A new fact on a moved stream: appended after the moved log, and seen by a reader at once.
    const store = targetStore;
    const [first] = await store.readAll(LOG_START, 1);
    const id = '5b0d4a36-4bd9-4b5a-8a7c-3f1e2d3c4b5a';
    await store.append(first!.streamId, [{ id, type: first!.type, data: first!.data } as never]);
    const log = await logOf(target);
    expect(log.at(-1)?.slice(0, 2)).toEqual([id, first!.streamId]);
  });

  it('should build the same read models on the server from the moved log', async () => {
    const [{ n } = { n: '1' }] = await target.query<{ n: string }>('SELECT count(*) AS n FROM projection_checkpoints WHERE position_seq <> 0');
    expect(Number(n)).toBe(0);
    await projectAll({ log: targetStore, sql: target, projectors: readModels });
    for (const view of viewsCompared) expect(await rowsOf(target, view), view).toEqual(await rowsOf(source, view));
  });

  it('should refuse to move into a database that holds events, and change nothing there', async () => {
    const before = (await logOf(target)).length;
    await expect(copyDatabase(source, target)).rejects.toThrow(/already holds/);
    expect((await logOf(target)).length).toBe(before);
  });
});
