import type { Warehouse } from '../../infra/clickhouse/clickhouse.ts';

// Report queries read warehouse tables the projection runner creates. Before it has (a fresh
// CLICKHOUSE_URL database, a server started with the runner failing, the moment between a version
// switch and its tables' creation), nothing is projected yet: the honest answer is empty figures,
// not a 500. Only a missing table is read as empty; every other failure still surfaces.

/**
 * ClickHouse error 60 UNKNOWN_TABLE: from @clickhouse/client a code '60' (servers 22+), from chDB
 * and older servers only the message ('Code: 60. ...', 'Code: 60, e.displayText() = ...').
 */
export function isUnknownTable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, type, message } = error as { code?: unknown; type?: unknown; message?: unknown };
  return code === '60' || type === 'UNKNOWN_TABLE' || (typeof message === 'string' && /\(UNKNOWN_TABLE\)|^Code: 60[.,]/.test(message));
}

/** The warehouse for report reads: a query on a table that does not exist yet answers no rows. */
export function missingTablesAsEmpty(warehouse: Warehouse): Warehouse {
  // Both implementations are plain objects of closures, so spreading keeps every other method.
  return {
    ...warehouse,
    async query<T>(sql: string, params?: Record<string, unknown>): Promise<T[]> {
      try {
        return await warehouse.query<T>(sql, params);
      } catch (error) {
        if (isUnknownTable(error)) return [];
        throw error;
      }
    },
  };
}
