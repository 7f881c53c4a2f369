import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectWarehouse } from '../../infra/clickhouse/clickhouse.ts';
import { LOG_START } from '../../infra/event-store/event-store.ts';
import { createPostgresEventStore } from '../../infra/event-store/postgres-event-store.ts';
import { createPgSql } from '../../infra/sql/pg-sql.ts';
import type { Sql } from '../../infra/sql/sql.ts';
import { evolveLastActivity, type LastActivity } from '../../projections/postgres/last-activity.ts';
import { createTestDatabase } from '../support/postgres-server.ts';

// SIGKILL the process running the projections at random moments while it appends, restart it,
// and check that nothing was lost and nothing doubled: in the Postgres read models (exactly once,
// through one transaction per batch and checkpoint) and in the chDB table (idempotent replay).

const child = path.join(path.dirname(fileURLToPath(import.meta.url)), 'support', 'kill-restart-child.ts');
const KILLS = 6;

let databaseUrl: string;
let dataDir: string;
let sql: Sql;

beforeAll(async () => {
  databaseUrl = await createTestDatabase(process.env.TEST_DATABASE_URL!);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-kill-'));
  sql = createPgSql(databaseUrl);
});
afterAll(async () => {
  await sql.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function startChild(mode: 'chaos' | 'catch-up') {
  const proc = spawn(process.execPath, ['--import', 'tsx', child], {
    env: { ...process.env, KILL_TEST_DATABASE_URL: databaseUrl, KILL_TEST_DATA_DIR: dataDir, KILL_TEST_MODE: mode },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  proc.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  proc.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) => proc.on('exit', (code, signal) => resolve(signal ?? code)));
  const ready = new Promise<void>((resolve, reject) => {
    proc.stdout.on('data', () => stdout.includes('ready') && resolve());
    void exited.then(() => reject(new Error(`child exited before ready: ${stderr}`)));
  });
  ready.catch(() => undefined); // the catch-up child never says ready; its exit code is checked instead
  return { proc, ready, exited, output: () => ({ stdout, stderr }) };
}

const eventCount = async () => Number((await sql.query<{ n: number }>('SELECT count(*) AS n FROM events'))[0]!.n);

describe('projections under SIGKILL', () => {
  it('should lose nothing and double nothing when killed at random moments and restarted', async () => {
    const seen: number[] = [];
    for (let kill = 0; kill < KILLS; kill++) {
      const running = startChild('chaos');
      await running.ready;
      await new Promise((resolve) => setTimeout(resolve, 300 + Math.random() * 2_000));
      running.proc.kill('SIGKILL');
      expect(await running.exited).toBe('SIGKILL');
      seen.push(await eventCount());
    }
    // Every run appended more events: the kills hit a busy process, not an idle one.
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1]!);

    const last = startChild('catch-up');
    const exit = await last.exited;
    expect(exit, last.output().stderr).toBe(0);

    const store = createPostgresEventStore(sql);
    const log = await store.readAll(LOG_START, 1_000_000);
    expect(log.length).toBe(await eventCount());
    expect(log.length).toBeGreaterThan(200);
    const logIds = log.map((e) => e.id).sort();

    // Counting read model: each event's effect exactly once.
    const counted = await sql.query<{ id: string }>('SELECT event_id::text AS id FROM counted_events ORDER BY event_id');
    expect(counted.map((r) => r.id)).toEqual(logIds);
    expect(await sql.query('SELECT n FROM counted_total')).toEqual([{ n: log.length }]);

    // last_activity equals the fold of the whole log, in log order.
    const expected = new Map<number, LastActivity>();
    for (const event of log) {
      if (event.type !== 'LoggedIn' && event.type !== 'PlaySampled') continue;
      const userId = event.data.userId;
      const state = expected.get(userId) ?? { userId, lastLoginAt: null, lastSessionToken: null, lastPlayAt: null, lastPlaySessionToken: null };
      expected.set(userId, evolveLastActivity(state, event));
    }
    const rows = await sql.query<{ user_id: number; last_login_at: Date | null; last_session_token: string | null; last_play_at: Date | null; last_play_session_token: string | null }>(
      'SELECT * FROM last_activity ORDER BY user_id',
    );
    expect(rows.map((r) => [Number(r.user_id), r.last_login_at?.toISOString() ?? null, r.last_session_token, r.last_play_at?.toISOString() ?? null, r.last_play_session_token])).toEqual(
      [...expected.values()]
        .sort((a, b) => a.userId - b.userId)
        .map((s) => [s.userId, s.lastLoginAt?.toISOString() ?? null, s.lastSessionToken, s.lastPlayAt?.toISOString() ?? null, s.lastPlaySessionToken]),
    );

    // Checkpoints all at the end of the log, with no error left.
    const checkpoints = await sql.query<{ name: string; position_tx: number; position_seq: number; last_error: string | null }>(
      'SELECT name, position_tx, position_seq, last_error FROM projection_checkpoints ORDER BY name',
    );
    const end = log.at(-1)!.position;
    expect(checkpoints.map((c) => [c.name, Number(c.position_tx), Number(c.position_seq), c.last_error])).toEqual(
      ['counting', 'last-activity', 'login-log'].map((name) => [name, end.tx, end.seq, null]),
    );

    // The warehouse: exactly the LoggedIn events of the log, once each after FINAL.
    const logins = log.filter((e) => e.type === 'LoggedIn').map((e) => e.id).sort();
    const warehouse = await connectWarehouse({ dataDir });
    try {
      const ids = await warehouse.query<{ id: string }>('SELECT toString(event_id) AS id FROM login_log FINAL ORDER BY id');
      expect(ids.map((r) => r.id)).toEqual(logins);
      const [distinct] = await warehouse.query<{ n: number }>('SELECT count(DISTINCT event_id) AS n FROM login_log');
      expect(distinct!.n).toBe(logins.length);
    } finally {
      await warehouse.close();
    }
  });
});
