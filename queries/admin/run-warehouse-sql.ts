import type { Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import { invalidRequest, validationError } from '../../infra/errors.ts';
import { requireOperator } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { WarehouseSqlRequest, WarehouseSqlResult } from '../../schemas/api/warehouse-sql.ts';
import { checkAnalystSql, clickhouseMessage } from './check-analyst-sql.ts';

// Read-only SQL on the usage warehouse for service operators: POST /api/admin/warehouse-sql and
// `npm run sql` (tools/cli/sql.ts). Two fences. The statement is checked on ClickHouse's own parse
// of it (check-analyst-sql.ts: one SELECT over the documented tables, allowlisted functions, no
// SETTINGS). It then runs on the warehouse's analyst lane, one at a time and apart from the
// projector and the reports, where ClickHouse itself holds readonly and the limits (rows, bytes,
// time, memory): a statement the check misjudged still cannot write, change the limits or flood
// the answer.

export async function runWarehouseSql(warehouse: Warehouse, text: string): Promise<WarehouseSqlResult> {
  const lane = warehouse.analyst;
  const statement = await checkAnalystSql(lane, text);
  const started = performance.now();
  let rows: Record<string, unknown>[];
  try {
    rows = await lane.query(statement);
  } catch (error) {
    throw warehouseRefusal(error, lane.limits.maxResultBytes);
  }
  // ClickHouse returns at most maxRows + 1 (the `limit` setting): the one more says rows were cut.
  const { maxRows } = lane.limits;
  const truncated = rows.length > maxRows;
  const kept = truncated ? rows.slice(0, maxRows) : rows;
  // A backstop only: ClickHouse counts a constant column once (`SELECT repeat('x', 100000) FROM
  // numbers(10000)`), so max_result_bytes can miss a result that is large only once printed.
  if (JSON.stringify(kept).length > 2 * lane.limits.maxResultBytes) throw tooLarge(lane.limits.maxResultBytes);
  return {
    columns: kept[0] ? Object.keys(kept[0]) : [],
    rows: kept,
    rowCount: kept.length,
    truncated,
    maxRows,
    elapsedMs: Math.round(performance.now() - started),
  };
}

/**
 * ClickHouse's refusal of a running statement (unknown table or column, timeout, result too large)
 * is the analyst's to fix: InvalidRequest with ClickHouse's message and code. Anything else (a lost
 * connection) stays a server error.
 */
function warehouseRefusal(error: unknown, maxResultBytes: number): unknown {
  const message = String(error instanceof Error ? error.message : error);
  if (!/Code:\s*\d+|DB::Exception/.test(message)) return error;
  const code = Number(/Code:\s*(\d+)/.exec(message)?.[1]);
  // 396 TOO_MANY_ROWS_OR_BYTES: only the byte limit can throw it, `limit` keeps rows under theirs.
  if (code === 396) return tooLarge(maxResultBytes);
  return invalidRequest(`ClickHouse refused the query: ${clickhouseMessage(message)}`, Number.isFinite(code) ? { clickhouseCode: code } : undefined);
}

const tooLarge = (maxResultBytes: number) =>
  validationError([{ path: 'body.sql', message: `The result is too large (over ${Math.round(maxResultBytes / 1_000_000)} MB): narrow it with WHERE, fewer columns, LIMIT or an aggregate` }]);

export function runWarehouseSqlRoute(app: App): void {
  app.post('/api/admin/warehouse-sql', { schema: { body: WarehouseSqlRequest, response: { 200: WarehouseSqlResult } } }, async (request) => {
    await requireOperator(request);
    if (!app.deps.warehouse) throw invalidRequest('This server runs without a usage warehouse');
    return runWarehouseSql(app.deps.warehouse, request.body.sql);
  });
}

