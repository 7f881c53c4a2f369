import fs from 'node:fs';
import path from 'node:path';
import { drainPending, Session } from 'chdb';
import { quoteString, sharedSettings, type Warehouse, type WarehouseParams } from './clickhouse.ts';

// libchdb binds one data directory per process: open one warehouse per process and close it
// before another process opens the same directory.
//
// A chdb session runs its statements one at a time, so one session makes every statement wait
// for the one before (two single-threaded queries at once take twice as long). Sessions on the
// same directory are connections to the same engine and run side by side, so statements go to
// the least busy of a few: the derivation's loads and inserts, and a batch's inserts into the nine
// raw tables, then overlap. A write is visible to every session once its promise resolves.
export function createChdbWarehouse(dataPath: string, sessionCount = 3): Warehouse {
  fs.mkdirSync(dataPath, { recursive: true });
  const sessions = Array.from({ length: sessionCount }, () => ({
    session: new Session(dataPath, {
      connectionArgs: ['--async_load_databases=0', ...Object.entries(sharedSettings).map(([name, value]) => `--${name}=${value}`)],
    }),
    running: 0,
  }));
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
      await run((s) => s.queryBindAsync(sql, params));
    },
    async query<T>(sql: string, params: WarehouseParams = {}) {
      const result = await run((s) => s.queryBindAsync(sql, params, { format: 'JSONEachRow' }));
      return parseJsonEachRow<T>(result.text());
    },
    async queryCompact(sql, params = {}) {
      const result = await run((s) => s.queryBindAsync(sql, params, { format: 'JSONCompactEachRow' }));
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
    async close() {
      for (const { session } of sessions) session.close();
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
