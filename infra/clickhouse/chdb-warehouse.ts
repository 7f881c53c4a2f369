import fs from 'node:fs';
import { drainPending, Session } from 'chdb';
import { sharedSettings, type Warehouse, type WarehouseParams } from './clickhouse.ts';

// libchdb binds one data directory per process: open one warehouse per process and close it
// before another process opens the same directory.
export function createChdbWarehouse(dataPath: string): Warehouse {
  fs.mkdirSync(dataPath, { recursive: true });
  const session = new Session(dataPath, {
    connectionArgs: [
      '--async_load_databases=0',
      ...Object.entries(sharedSettings).map(([name, value]) => `--${name}=${value}`),
    ],
  });

  return {
    kind: 'chdb',
    async exec(sql, params = {}) {
      await session.queryBindAsync(sql, params);
    },
    async query<T>(sql: string, params: WarehouseParams = {}) {
      const result = await session.queryBindAsync(sql, params, { format: 'JSONEachRow' });
      return parseJsonEachRow<T>(result.text());
    },
    async queryCompact(sql, params = {}) {
      const result = await session.queryBindAsync(sql, params, { format: 'JSONCompactEachRow' });
      return parseJsonEachRow<unknown[]>(result.text());
    },
    async insert(table, rows) {
      if (rows.length === 0) return;
      const payload = Buffer.from(rows.map((row) => JSON.stringify(row)).join('\n'));
      await session.insert({ table, values: payload, format: 'JSONEachRow' });
    },
    async insertCompact(table, columns, rows) {
      if (rows.length === 0) return;
      await session.insert({ table, columns, values: Buffer.from(compactLines(rows)), format: 'JSONCompactEachRow' });
    },
    async close() {
      session.close();
      await drainPending();
    },
  };
}

/** One JSON array per line; JSON.stringify of an array of plain values is V8's fast path. */
function compactLines(rows: readonly (readonly unknown[])[]): string {
  const lines = new Array<string>(rows.length);
  for (let i = 0; i < rows.length; i++) lines[i] = JSON.stringify(rows[i]);
  return lines.join('\n');
}

function parseJsonEachRow<T>(text: string): T[] {
  const rows: T[] = [];
  for (const line of text.split('\n')) if (line.trim() !== '') rows.push(JSON.parse(line) as T);
  return rows;
}
