import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Warehouse } from '../../../infra/clickhouse/clickhouse.ts';
import { migrate } from '../../../infra/db/migrate.ts';
import { createPostgresEventStore, type PostgresEventStore } from '../../../infra/event-store/postgres-event-store.ts';
import type { Sql } from '../../../infra/sql/sql.ts';
import { connectTestWarehouse } from '../../support/test-warehouse.ts';

/** What every projector needs, on real parts: a migrated database with the event store, and a warehouse. */
export interface ProjectionBed {
  sql: Sql;
  store: PostgresEventStore;
  warehouse: Warehouse;
  close(): Promise<void>;
}

export async function openProjectionBed(connect: () => Promise<Sql>): Promise<ProjectionBed> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-projection-bed-'));
  const sql = await connect();
  await migrate(sql);
  const store = createPostgresEventStore(sql);
  await store.setup();
  const warehouse = await connectTestWarehouse(path.join(dir, 'chdb'));
  return {
    sql,
    store,
    warehouse,
    async close() {
      await warehouse.close();
      await store.close();
      await sql.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
