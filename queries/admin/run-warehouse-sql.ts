import type { Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import { AppError, invalidRequest, validationError } from '../../infra/errors.ts';
import { requireOperator } from '../../infra/http/auth.ts';
import type { App } from '../../infra/http/zod.ts';
import { WarehouseSqlRequest, WarehouseSqlResult } from '../../schemas/api/warehouse-sql.ts';

// Read-only SQL on the usage warehouse, for analysts: POST /api/admin/warehouse-sql (administrators)
// and `npm run sql` (infra/cli/sql.ts). Two fences: the text is checked here (one statement, a
// reading statement, no SETTINGS or FORMAT of its own), and ClickHouse itself runs it with
// readonly=1, a time limit and a row limit appended as the statement's last SETTINGS, so even a
// statement the check misjudged cannot write, run long or flood the answer.

export interface SqlLimits {
  maxRows: number;
  maxExecutionSeconds: number;
}
export const defaultSqlLimits: SqlLimits = { maxRows: 10_000, maxExecutionSeconds: 30 };

const readingStatements = new Set(['SELECT', 'WITH', 'SHOW', 'DESCRIBE', 'DESC', 'EXPLAIN', 'EXISTS']);
// SETTINGS would override the limits; FORMAT and INTO OUTFILE change where and how rows go.
const refusedWords = new Set(['SETTINGS', 'FORMAT', 'OUTFILE', 'INFILE']);

const refuse = (message: string) => validationError([{ path: 'body.sql', message }]);

/**
 * The statement without a trailing semicolon, or a ValidationError saying why it is refused.
 * Strings, quoted names and comments are blanked before looking for words and semicolons, so
 * `SELECT 'a;b'` is one statement and `SELECT 'SETTINGS'` is allowed.
 */
export function checkReadOnlySql(text: string): string {
  const code = blankLiterals(text).trimEnd();
  const statement = code.endsWith(';') ? text.trimEnd().slice(0, -1) : text.trimEnd();
  const body = code.endsWith(';') ? code.slice(0, -1) : code;
  if (body.trim() === '') throw refuse('Empty statement');
  if (body.includes(';')) throw refuse('Only one statement at a time');
  const words = body.toUpperCase().match(/[A-Z_][A-Z0-9_]*/g) ?? [];
  const first = words[0] ?? '';
  if (!readingStatements.has(first) || !/^\s*\(*\s*[A-Za-z]/.test(body)) {
    throw refuse(`Only ${[...readingStatements].join(', ')} statements are allowed, not ${first || 'this'}`);
  }
  const refused = words.find((w) => refusedWords.has(w));
  if (refused) throw refuse(`${refused} is not allowed: limits and output format are fixed`);
  return statement;
}

/** Strings, quoted identifiers and comments replaced by spaces; an unclosed one is refused. */
function blankLiterals(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === '\\' ? 2 : 1;
      if (j >= text.length) throw refuse('Unclosed quote');
      out += ' '.repeat(j + 1 - i);
      i = j + 1;
    } else if ((c === '-' && next === '-') || c === '#') {
      const end = text.indexOf('\n', i);
      const j = end === -1 ? text.length : end;
      out += ' '.repeat(j - i);
      i = j;
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      if (end === -1) throw refuse('Unclosed comment');
      out += ' '.repeat(end + 2 - i);
      i = end + 2;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

export async function runWarehouseSql(warehouse: Warehouse, text: string, limits: SqlLimits = defaultSqlLimits): Promise<WarehouseSqlResult> {
  const statement = checkReadOnlySql(text);
  // On its own line: a trailing `-- comment` in the statement must not swallow the limits.
  const limited = `${statement}\nSETTINGS readonly = 1, max_execution_time = ${limits.maxExecutionSeconds}, max_result_rows = ${limits.maxRows}, result_overflow_mode = 'break'`;
  const started = performance.now();
  let rows: Record<string, unknown>[];
  try {
    rows = await warehouse.query<Record<string, unknown>>(limited);
  } catch (error) {
    // Only ClickHouse's own answer is the analyst's to fix; a lost connection stays a server error.
    if (/Code:\s*\d+|DB::Exception/.test(String(error))) throw warehouseRefusal(error);
    throw error;
  }
  // 'break' stops at a block boundary, so up to a block more than the limit can arrive.
  const truncated = rows.length > limits.maxRows;
  const kept = truncated ? rows.slice(0, limits.maxRows) : rows;
  return {
    columns: kept[0] ? Object.keys(kept[0]) : [],
    rows: kept,
    rowCount: kept.length,
    truncated,
    maxRows: limits.maxRows,
    elapsedMs: Math.round(performance.now() - started),
  };
}

/** ClickHouse's own refusal (syntax, unknown table, readonly, timeout) is the analyst's to fix: InvalidRequest. */
function warehouseRefusal(error: unknown): AppError {
  const message = String(error instanceof Error ? error.message : error);
  const firstLine = message.split('\n')[0]!.replace(/^.*?DB::Exception:\s*/, '').slice(0, 500);
  const code = /Code:\s*(\d+)/.exec(message)?.[1];
  return invalidRequest(`ClickHouse refused the query: ${firstLine}`, code ? { clickhouseCode: Number(code) } : undefined);
}

export function runWarehouseSqlRoute(app: App): void {
  app.post('/api/admin/warehouse-sql', { schema: { body: WarehouseSqlRequest, response: { 200: WarehouseSqlResult } } }, async (request) => {
    await requireOperator(request);
    if (!app.deps.warehouse) throw invalidRequest('This server runs without a usage warehouse');
    return runWarehouseSql(app.deps.warehouse, request.body.sql);
  });
}
