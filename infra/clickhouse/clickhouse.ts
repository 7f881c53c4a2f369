import path from 'node:path';
import type { AnalystLane, AnalystLimits } from './analyst-lane.ts';

// The usage warehouse behind one small interface: chDB (ClickHouse in-process) on the embedded
// default, a ClickHouse server through @clickhouse/client when CLICKHOUSE_URL is set. Both take
// parameters in ClickHouse's own `{name:Type}` syntax and both return JSONEachRow rows, so the
// projections and report queries are the same SQL on either (target ClickHouse 24+).

export type WarehouseParams = Record<string, unknown>;

export interface Warehouse {
  readonly kind: 'chdb' | 'server';
  /** A statement without a result (DDL, ALTER, OPTIMIZE...). */
  exec(sql: string, params?: WarehouseParams): Promise<void>;
  query<T = Record<string, unknown>>(sql: string, params?: WarehouseParams): Promise<T[]>;
  /**
   * Rows as positional arrays in the order of the SELECT (JSONCompactEachRow): for large results,
   * about half the cost of `query` to produce and to parse, since no key is repeated per row.
   */
  queryCompact(sql: string, params?: WarehouseParams): Promise<unknown[][]>;
  /** One INSERT of many rows (JSONEachRow); callers batch, never one insert per event. */
  insert(table: string, rows: readonly object[]): Promise<void>;
  /**
   * One INSERT of many positional rows (JSONCompactEachRow), values in the order of `columns`:
   * no key names repeated per row, so building, sending and parsing the payload costs less.
   * Columns left out take their defaults.
   */
  insertCompact(table: string, columns: readonly string[], rows: readonly (readonly unknown[])[]): Promise<void>;
  /** Analysts' SQL: its own connection, one statement at a time, read-only, limited by ClickHouse. */
  readonly analyst: AnalystLane;
  close(): Promise<void>;
}

/** Settings both implementations apply, so results look the same on both. */
export const sharedSettings = {
  // Counts are UInt64; numbers (not strings) in JSON keep query code identical on both.
  output_format_json_quote_64bit_integers: 0,
} as const;

export interface WarehouseOptions {
  clickhouseUrl?: string;
  /** The read-only `analyst` user of the server, for analysts' SQL (CLICKHOUSE_ANALYST_URL). */
  clickhouseAnalystUrl?: string;
  dataDir: string;
  /** Limits of analysts' SQL (chDB; on a server, the analyst user's profile holds them). */
  analystLimits?: AnalystLimits;
}

/** A server when `clickhouseUrl` is given, otherwise chDB under `${dataDir}/chdb`. */
export async function connectWarehouse(options: WarehouseOptions): Promise<Warehouse> {
  // Imported lazily: the chDB native addon is large and must not load when a server is used.
  if (options.clickhouseUrl) {
    const { createServerWarehouse } = await import('./server-warehouse.ts');
    return createServerWarehouse(options.clickhouseUrl, { analystUrl: options.clickhouseAnalystUrl, analystLimits: options.analystLimits });
  }
  const { createChdbWarehouse } = await import('./chdb-warehouse.ts');
  return createChdbWarehouse(path.join(options.dataDir, 'chdb'), { analystLimits: options.analystLimits });
}

/** ISO-8601 (any offset) to the UTC text a DateTime64(3, 'UTC') column parses on every version. */
export function toClickHouseTime(iso: string | Date): string {
  return new Date(iso).toISOString().replace('T', ' ').replace('Z', '');
}

/** A ClickHouse string literal, for values inlined into SQL (backslashes and quotes escaped). */
export const quoteString = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
