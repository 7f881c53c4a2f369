import path from 'node:path';
import { parseArgs } from 'node:util';
import { runWarehouseSql } from '../../queries/admin/run-warehouse-sql.ts';
import type { WarehouseSqlResult } from '../../schemas/api/warehouse-sql.ts';
import { defaultAnalystLimits, type AnalystLimits } from '../../infra/clickhouse/analyst-lane.ts';
import { connectWarehouse, type Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import { loadConfig, type Config } from '../../infra/config.ts';
import { AppError } from '../../infra/errors.ts';

// npm run sql -- "SELECT ..." [--max-rows N] [--timeout SECONDS] [--json]: read-only SQL on the
// usage warehouse for analysts, under the same check and ClickHouse limits as
// POST /api/admin/warehouse-sql (its analyst lane: CLICKHOUSE_ANALYST_URL's user on a server, whose
// profile fixes the limits; on chDB the lane's session carries --max-rows and --timeout).
// Uses CLICKHOUSE_URL when set, else chDB under DATA_DIR/chdb.

const usage = 'usage: npm run sql -- "SELECT ..." [--max-rows N] [--timeout SECONDS] [--json]';

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      'max-rows': { type: 'string' },
      timeout: { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || positionals.length !== 1) {
    console.error(usage);
    return values.help ? 0 : 64;
  }
  const maxRows = positiveInt(values['max-rows'], defaultAnalystLimits.maxRows, '--max-rows');
  const maxExecutionSeconds = positiveInt(values.timeout, defaultAnalystLimits.maxExecutionSeconds, '--timeout');
  if (maxRows === null || maxExecutionSeconds === null) return 64;

  const config = loadConfig();
  const warehouse = await openWarehouse(config, { ...defaultAnalystLimits, maxRows, maxExecutionSeconds });
  if (!warehouse) return 2;
  try {
    const result = await runWarehouseSql(warehouse, positionals[0]!);
    console.log(values.json ? JSON.stringify(result.rows, null, 2) : formatTable(result));
    if (result.truncated) console.error(`(cut at ${maxRows} rows; narrow the query or pass --max-rows)`);
    return 0;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const details = Array.isArray(error.details) ? error.details.map((d: { message: string }) => d.message).join('; ') : '';
    console.error(`${error.kind}: ${details || error.message}`);
    return 1;
  } finally {
    await warehouse.close();
  }
}

async function openWarehouse(config: Config, analystLimits: AnalystLimits): Promise<Warehouse | null> {
  const { clickhouseUrl, clickhouseAnalystUrl, dataDir } = config;
  try {
    return await connectWarehouse({ clickhouseUrl, clickhouseAnalystUrl, dataDir, analystLimits });
  } catch (error) {
    if (clickhouseUrl) throw error;
    // libchdb locks its data directory (status file): a running server holds it for its lifetime.
    console.error(
      `The embedded warehouse ${path.resolve(dataDir, 'chdb')} is held by another process, most likely the running Sointu server ` +
        '(chDB lets one process open a data directory). Stop the server, or ask it instead: ' +
        'POST /api/admin/warehouse-sql {"sql": "..."} as an operator.',
    );
    console.error(`(${String(error instanceof Error ? error.message : error).split('\n')[0]})`);
    return null;
  }
}

function positiveInt(text: string | undefined, fallback: number, name: string): number | null {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (Number.isInteger(n) && n > 0) return n;
  console.error(`${name} must be a positive whole number, not ${text}`);
  return null;
}

/** Columns padded to their widest value; numbers right-aligned. */
export function formatTable(result: WarehouseSqlResult): string {
  if (result.columns.length === 0) return '(no rows)';
  const cell = (v: unknown) => (v === null || v === undefined ? 'NULL' : typeof v === 'object' ? JSON.stringify(v) : String(v));
  const cells = result.rows.map((row) => result.columns.map((c) => cell(row[c])));
  const widths = result.columns.map((c, i) => Math.max(c.length, ...cells.map((r) => r[i]!.length)));
  const numeric = result.columns.map((c) => result.rows.every((row) => typeof row[c] === 'number'));
  const line = (values: string[]) => values.map((v, i) => (numeric[i] ? v.padStart(widths[i]!) : v.padEnd(widths[i]!))).join(' | ').trimEnd();
  return [
    line(result.columns),
    widths.map((w) => '-'.repeat(w)).join('-+-'),
    ...cells.map(line),
    `(${result.rowCount} row${result.rowCount === 1 ? '' : 's'}, ${result.elapsedMs} ms)`,
  ].join('\n');
}

process.exitCode = await main();
