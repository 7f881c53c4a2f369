import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Session } from 'chdb';
import { toClickHouseTime } from '../../infra/clickhouse/clickhouse.ts';
import { machine } from './product.ts';

// `npm run bench:keys -- [--units 40] [--plays 55000] [--reps 100]`: what a live batch's load of a
// unit's old plays and a report's days cost in chDB alone, with plays keyed as the warehouse keys
// them now, `(user_id, play_id)`, against `(user_id, start_time, play_id)` with minmax indexes on
// `end_time` and `session_day`, and that key with the load bounded below (docs/benchmarks.md, runs
// of 2026-11-30 08:00-08:47); and the current key read in two steps without `FINAL` (the ids of
// spans overlapping the window, then each id's latest row; runs of 2026-11-30 11:21-11:48). Each
// unit has `plays` plays of 3 minutes, spread evenly over the three years up to now. Each table
// gets five parts, and merges are then stopped, so both tables are read in the same shape; then
// each is merged into one part and read again. A temporary directory, removed at the end.

const { values: args } = parseArgs({
  options: {
    units: { type: 'string', default: '40' },
    plays: { type: 'string', default: '55000' },
    reps: { type: 'string', default: '100' },
  },
});
const UNITS = Number(args.units);
const PER_UNIT = Number(args.plays);
const REPS = Number(args.reps);
const PARTS = 5;

const columns = `user_id UInt64, play_id UUID, session_day Date, start_time DateTime64(3, 'UTC'), end_time DateTime64(3, 'UTC'),
  length Float64, usage_type LowCardinality(String), derived_version UInt128, is_deleted UInt8`;
const engine = 'ENGINE = ReplacingMergeTree(derived_version, is_deleted)';
const tables = {
  now: `CREATE TABLE plays_now (${columns}) ${engine} ORDER BY (user_id, play_id)`,
  time: `CREATE TABLE plays_time (${columns},
    INDEX end_minmax end_time TYPE minmax GRANULARITY 1, INDEX day_minmax session_day TYPE minmax GRANULARITY 1)
    ${engine} ORDER BY (user_id, start_time, play_id) SETTINGS index_granularity = 1024`,
};

const now = Date.now();
const at = (ms: number) => `'${toClickHouseTime(new Date(ms))}'`;
const users = Array.from({ length: UNITS }, (_, i) => i + 1).join(', ');
const windowStart = now - 2 * 3_600_000;
/** The shape of load.ts's old-plays load for units playing now: spans overlapping the last 2 hours. */
const windowLoad = (table: string, bounded: boolean) =>
  `SELECT user_id, toUnixTimestamp64Milli(start_time), toString(play_id), toUnixTimestamp64Milli(end_time) FROM ${table} FINAL
    WHERE user_id IN (${users}) AND start_time <= ${at(now)} AND end_time >= ${at(windowStart)}${bounded ? ` AND start_time >= ${at(windowStart - 86_400_000)}` : ''}`;
/** The same rows without `FINAL`: each overlapping id's latest row (ties: the later part, then the later row). */
const twoSteps = (table: string) =>
  `SELECT user_id, toUnixTimestamp64Milli(start_time), toString(play_id), toUnixTimestamp64Milli(end_time) FROM (SELECT * FROM ${table}
      WHERE user_id IN (${users}) AND (user_id, play_id) IN (SELECT user_id, play_id FROM ${table}
        WHERE user_id IN (${users}) AND start_time <= ${at(now)} AND end_time >= ${at(windowStart)})
      ORDER BY derived_version DESC, toUInt64(splitByChar('_', _part)[2]) DESC, _part_offset DESC LIMIT 1 BY user_id, play_id)
    WHERE NOT is_deleted`;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** A report's kind of statement: one unit's plays of four days by usage type. */
const report = (table: string) =>
  `SELECT usage_type, count(), sum(length) FROM ${table} FINAL
    WHERE user_id = 7 AND NOT is_deleted AND session_day BETWEEN '${day(now - 2 * 86_400_000)}' AND '${day(now + 86_400_000)}' GROUP BY usage_type`;

function measure(session: Session, label: string, sql: string): void {
  for (let i = 0; i < 10; i++) session.query(sql, 'CSV');
  const cpu = process.cpuUsage();
  const started = performance.now();
  let rows = 0;
  for (let i = 0; i < REPS; i++) rows = session.query(sql, 'CSV').trim().split('\n').length;
  const used = process.cpuUsage(cpu);
  console.log(`${label}: ${((performance.now() - started) / REPS).toFixed(1)} ms, ${((used.user + used.system) / 1000 / REPS).toFixed(1)} ms of CPU, ${rows} rows`);
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-keys-'));
const session = new Session(dir);
try {
  console.log(`machine: ${machine()}; ${UNITS} units of ${PER_UNIT} plays`);
  const step = Math.floor((3 * 365 * 86_400_000) / PER_UNIT);
  // Part boundaries in whole rows, whatever `units` and `plays` are.
  const edge = (part: number) => Math.floor((part * UNITS * PER_UNIT) / PARTS);
  for (const [key, ddl] of Object.entries(tables)) {
    session.query(ddl);
    // Before the inserts: a merge started between two of them would leave fewer parts.
    session.query(`SYSTEM STOP MERGES plays_${key}`);
    for (let part = 0; part < PARTS; part++) {
      session.query(`INSERT INTO plays_${key}
        SELECT 1 + number % ${UNITS}, generateUUIDv4(number), toDate(start), start, start + 180, 180, 'OtherUsage', 1, 0
          FROM (SELECT number, fromUnixTimestamp64Milli(toInt64(${now} - intDiv(number, ${UNITS}) * ${step}), 'UTC') AS start
                  FROM numbers(${edge(part)}, ${edge(part + 1) - edge(part)}))`);
    }
  }
  const round = (parts: string) => {
    for (const key of Object.keys(tables)) {
      measure(session, `${parts}, ${key} key: the ${UNITS} units' old plays of the last 2 h`, windowLoad(`plays_${key}`, false));
      if (key === 'now') measure(session, `${parts}, ${key} key: the same in two steps, without FINAL`, twoSteps(`plays_${key}`));
      if (key === 'time') measure(session, `${parts}, ${key} key: the same, bounded below a day before`, windowLoad(`plays_${key}`, true));
      measure(session, `${parts}, ${key} key: one unit's report of 4 days`, report(`plays_${key}`));
    }
  };
  round(`${PARTS} parts`);
  round(`${PARTS} parts`);
  // Then as a table at rest: merged into one part.
  for (const key of Object.keys(tables)) {
    session.query(`SYSTEM START MERGES plays_${key}`);
    session.query(`OPTIMIZE TABLE plays_${key} FINAL`);
  }
  round('1 part');
} finally {
  session.cleanup();
  fs.rmSync(dir, { recursive: true, force: true });
}
