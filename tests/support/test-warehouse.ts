import { connectWarehouse, type Warehouse } from '../../infra/clickhouse/clickhouse.ts';

// The warehouse an integration test works on: chDB under the test's own directory by default;
// with TEST_CLICKHOUSE_URL (a ClickHouse 24+ server, e.g. http://default:@127.0.0.1:8123) a fresh
// database on that server, dropped again on close, so test files never see each other's tables -
// as createTestDatabase does for Postgres. See docs/operations.md.

export async function connectTestWarehouse(dataDir: string, serverUrl = process.env.TEST_CLICKHOUSE_URL): Promise<Warehouse> {
  if (!serverUrl) return connectWarehouse({ dataDir });

  const database = `t_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = await connectWarehouse({ clickhouseUrl: serverUrl, dataDir });
  try {
    await admin.exec(`CREATE DATABASE ${database}`);
  } finally {
    await admin.close();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  const warehouse = await connectWarehouse({ clickhouseUrl: url.toString(), dataDir });
  return {
    ...warehouse,
    async close() {
      try {
        await warehouse.exec(`DROP DATABASE IF EXISTS ${database}`);
      } finally {
        await warehouse.close();
      }
    },
  };
}
