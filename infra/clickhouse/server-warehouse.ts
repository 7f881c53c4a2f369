import { createClient } from '@clickhouse/client';
import { sharedSettings, type Warehouse, type WarehouseParams } from './clickhouse.ts';

/** A ClickHouse server (or cluster endpoint) over HTTP; the URL may carry user, password and database. */
export function createServerWarehouse(url: string): Warehouse {
  const client = createClient({ url, clickhouse_settings: { ...sharedSettings } });

  return {
    kind: 'server',
    async exec(sql, params = {}) {
      await client.command({ query: sql, query_params: params });
    },
    async query<T>(sql: string, params: WarehouseParams = {}) {
      const result = await client.query({ query: sql, query_params: params, format: 'JSONEachRow' });
      return result.json<T>();
    },
    async queryCompact(sql, params = {}) {
      const result = await client.query({ query: sql, query_params: params, format: 'JSONCompactEachRow' });
      return result.json<unknown[]>();
    },
    async insert(table, rows) {
      if (rows.length === 0) return;
      await client.insert({ table, values: [...rows], format: 'JSONEachRow' });
    },
    async insertCompact(table, columns, rows) {
      if (rows.length === 0) return;
      await client.insert({ table, columns: [...columns] as [string, ...string[]], values: [...rows], format: 'JSONCompactEachRow' });
    },
    async close() {
      await client.close();
    },
  };
}
