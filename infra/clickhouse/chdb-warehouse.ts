import fs from 'node:fs';
import path from 'node:path';
import { drainPending, Session } from 'chdb';
import { analystSettings, defaultAnalystLimits, oneAtATime, type AnalystLane, type AnalystLimits } from './analyst-lane.ts';
import { quoteString, sharedSettings, type Warehouse, type WarehouseParams } from './clickhouse.ts';
import { inlineParams } from './inline-params.ts';

// libchdb binds one data directory per process: open one warehouse per process and close it
// before another process opens the same directory.
//
// A chdb session runs its statements one at a time, so one session makes every statement wait
// for the one before (two single-threaded queries at once take twice as long). Sessions on the
// same directory are connections to the same engine and run side by side, so statements go to
// the least busy of a few: the derivation's loads and inserts, and a batch's inserts into the nine
// raw tables, then overlap. A write is visible to every session once its promise resolves.
//
// Analysts' SQL never uses these sessions: it has two of its own (analystLane below).
export function createChdbWarehouse(dataPath: string, options: { sessionCount?: number; analystLimits?: AnalystLimits } = {}): Warehouse {
  fs.mkdirSync(dataPath, { recursive: true });
  const fence = fencedPaths(dataPath);
  const open = (settings: Record<string, number | string>) =>
    new Session(dataPath, {
      connectionArgs: ['--async_load_databases=0', ...fence, ...Object.entries({ ...sharedSettings, ...settings }).map(([name, value]) => `--${name}=${value}`)],
    });
  const sessions = Array.from({ length: options.sessionCount ?? 3 }, () => ({ session: open({}), running: 0 }));
  const analyst = analystLane(open, options.analystLimits ?? defaultAnalystLimits);
  async function run<T>(statement: (session: Session) => Promise<T>): Promise<T> {
    const least = sessions.reduce((a, b) => (b.running < a.running ? b : a));
    least.running += 1;
    try {
      return await statement(least.session);
    } finally {
      least.running -= 1;
    }
  }

  // Payloads of inserts, each in a file of its own while ClickHouse reads it; what a crash left
  // behind is removed here.
  const inserts = path.join(dataPath, 'inserts');
  fs.rmSync(inserts, { recursive: true, force: true });
  fs.mkdirSync(inserts);
  let insertCount = 0;
  /**
   * `INSERT ... FROM INFILE` reads a payload 2-3x faster than chdb's `Session.insert`, which passes
   * it inside the statement (230k derived plays, 68 MB of JSONCompactEachRow: 0.6 s instead of
   * 1.6 s on the benchmark VM).
   */
  async function insertFromFile(table: string, columns: string, format: string, payload: string): Promise<void> {
    const file = path.join(inserts, `${++insertCount}.${format}`);
    await fs.promises.writeFile(file, payload);
    try {
      await run((s) => s.queryAsync(`INSERT INTO ${table}${columns} FROM INFILE ${quoteString(file)} COMPRESSION 'none' FORMAT ${format}`));
    } finally {
      await fs.promises.rm(file, { force: true });
    }
  }

  return {
    kind: 'chdb',
    async exec(sql, params = {}) {
      await run((s) => statement(s, sql, params, 'CSV'));
    },
    async query<T>(sql: string, params: WarehouseParams = {}) {
      const result = await run((s) => statement(s, sql, params, 'JSONEachRow'));
      return parseJsonEachRow<T>(result.text());
    },
    async queryCompact(sql, params = {}) {
      const result = await run((s) => statement(s, sql, params, 'JSONCompactEachRow'));
      return parseJsonEachRow<unknown[]>(result.text());
    },
    async insert(table, rows) {
      if (rows.length === 0) return;
      await insertFromFile(table, '', 'JSONEachRow', rows.map((row) => JSON.stringify(row)).join('\n'));
    },
    async insertCompact(table, columns, rows) {
      if (rows.length === 0) return;
      await insertFromFile(table, ` (${columns.join(', ')})`, 'JSONCompactEachRow', compactLines(rows));
    },
    analyst: analyst.lane,
    async close() {
      for (const { session } of sessions) session.close();
      analyst.close();
      await drainPending();
    },
  };
}

/**
 * chdb runs every parameterised statement of the process (`queryBindAsync`, whatever the session)
 * one after another on a single chain, since binding parameters is not safe in parallel; only
 * `queryAsync` runs side by side on the sessions. A statement without parameters (the projector's
 * loads, whose values are inlined numbers we produce) goes that way, and so does one whose
 * parameters are all numbers, dates and times (inline-params.ts: a report's queries): a warehouse
 * round's loads and the reports overlap each other instead of queueing behind one another.
 */
function statement(session: Session, sql: string, params: WarehouseParams, format: string) {
  const inlined = Object.keys(params).length === 0 ? sql : inlineParams(sql, params);
  return inlined === null ? session.queryBindAsync(sql, params, { format }) : session.queryAsync(inlined, { format });
}

/**
 * Every folder a ClickHouse function could read files from (file(), executable(), format schemas,
 * dictionary libraries) points to an empty folder of the warehouse's own, never DATA_DIR or `/`.
 * These are server configuration, not settings: the first session of the process sets them, so
 * every session passes the same. Known limit: clickhouse-local (so chDB) lets `file()` read
 * absolute paths whatever user_files_path says; there the SQL check and readonly are the fence.
 */
function fencedPaths(dataPath: string): string[] {
  const empty = path.join(dataPath, 'analyst-files');
  fs.mkdirSync(empty, { recursive: true });
  const names = ['user_files_path', 'user_scripts_path', 'format_schema_path', 'dictionaries_lib_path', 'top_level_domains_path'];
  return names.map((name) => `--${name}=${empty}`);
}

/**
 * Two sessions for analysts: `parser` (readonly=2: it may apply a statement's own SETTINGS while
 * printing its AST, never write) and `runner` (readonly=1 and the limits as session settings, which
 * readonly=1 then forbids changing, even by a SETTINGS clause that got past the check). Each takes
 * one statement at a time: analysts' queries queue behind each other, and a parse (microseconds)
 * does not wait for a running query, so a typo is answered at once.
 */
function analystLane(open: (settings: Record<string, number | string>) => Session, limits: AnalystLimits): { lane: AnalystLane; close(): void } {
  const parser = open({ readonly: 2 });
  // One thread: on the embedded default the machine is small, and an analyst's scan must leave the
  // other cores to the projector and the reports. readonly last, after the settings it then freezes.
  const runner = open({ ...analystSettings(limits), max_threads: 1, readonly: 1 });
  const parses = oneAtATime();
  const queries = oneAtATime();
  return {
    lane: {
      limits,
      parse: (sql, params = {}) => parses(async () => (await parser.queryBindAsync(sql, params, { format: 'TSVRaw' })).text()),
      query: (sql) => queries(async () => parseJsonEachRow<Record<string, unknown>>((await runner.queryAsync(sql, { format: 'JSONEachRow' })).text())),
    },
    close() {
      parser.close();
      runner.close();
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
