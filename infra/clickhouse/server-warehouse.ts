import { createClient } from '@clickhouse/client';
import { analystSettings, defaultAnalystLimits, oneAtATime, type AnalystLimits } from './analyst-lane.ts';
import { sharedSettings, type Warehouse, type WarehouseParams } from './clickhouse.ts';

/**
 * A ClickHouse server (or cluster endpoint) over HTTP; the URL may carry user, password and database.
 * Analysts' SQL goes through its own client: as the read-only `analyst` user when `analystUrl` is
 * given (its profile holds readonly and the limits, under constraints: docker/clickhouse),
 * else as the app's user with readonly=2 and the limits sent with every request.
 */
export function createServerWarehouse(url: string, options: { analystUrl?: string; analystLimits?: AnalystLimits } = {}): Warehouse {
  const client = createClient({ url, clickhouse_settings: { ...sharedSettings } });
  const limits = options.analystLimits ?? defaultAnalystLimits;
  // The analyst user may not change its profile's limits, not even to the same value: send none.
  const analystClient = createClient({
    url: options.analystUrl ?? url,
    clickhouse_settings: options.analystUrl ? { ...sharedSettings } : { ...sharedSettings, readonly: '2', ...analystSettings(limits) },
  });
  // One analyst query at a time; a parse does not wait for a running query.
  const parses = oneAtATime();
  const queries = oneAtATime();

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
    analyst: {
      limits,
      // exec, not query: query appends `FORMAT ...` to the text, and EXPLAIN AST would print it as
      // part of the explained statement (which the check then refuses as a FORMAT of its own).
      parse: (sql, params = {}) =>
        parses(async () => {
          const { stream } = await analystClient.exec({ query: sql, query_params: params, clickhouse_settings: { default_format: 'TabSeparatedRaw' } });
          const chunks: Buffer[] = [];
          for await (const chunk of stream) chunks.push(Buffer.from(chunk));
          return Buffer.concat(chunks).toString('utf8');
        }),
      query: (sql) => queries(async () => (await analystClient.query({ query: sql, format: 'JSONEachRow' })).json<Record<string, unknown>>()),
    },
    async close() {
      await analystClient.close();
      await client.close();
    },
  };
}
