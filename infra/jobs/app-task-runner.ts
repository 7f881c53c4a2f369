import PgBoss from 'pg-boss';
import type { Queryable, Sql, SqlParam } from '../sql/sql.ts';
import { uuidV5 } from '../uuid-v5.ts';

// The job runner of app tasks (issue 18 item 4): pg-boss, a maintained queue on Postgres, claims
// each job with FOR UPDATE SKIP LOCKED, so several app instances on one database share the work
// and a job runs on one of them; its cron schedules fire once per tick across all instances.
// pg-boss talks to the database through our Sql (its `db` option), which is what lets the same
// runner work on PGlite, the embedded default, as well as on a server: PGlite is one connection
// in one process, so there "several instances" are several runners in that process.
//
// app_tasks (migration 024) is what operators see; a pg-boss job only names its row. A job's id
// is derived from the row's id, so enqueuing a row twice (at start-up, for rows added while no
// runner was up) stores one job; and a row is claimed by a conditional UPDATE, so even a job
// delivered twice runs its task once.

const appTaskQueue = 'app-task';
const timerQueue = (timer: AppTaskTimer) => `app-task-timer-${timer}`;
const jobIdOf = uuidV5('6b0c8f5e-64e7-4d0b-a3b1-6f0d54d2a7a1');

export type AppTaskTimer = 'daily' | 'hourly';

export interface ClaimedAppTask {
  id: number;
  kind: string;
  task: unknown;
  createdByUserId: number | null;
}

/** Runs one task; reports progress from 0 to 1; what it resolves to is stored as the result. */
export type AppTaskHandler = (task: ClaimedAppTask, progress: (fraction: number) => Promise<void>) => Promise<unknown>;

export interface AppTaskRunnerOptions {
  sql: Sql;
  handlers: Readonly<Record<string, AppTaskHandler>>;
  /** Cron lines of the timers and what each adds; none when absent. */
  timers?: Partial<Record<AppTaskTimer, { cron: string; tz?: string; run: () => Promise<void> }>>;
  pollingIntervalSeconds?: number;
  onError?: (error: unknown) => void;
}

export interface AppTaskRunner {
  /** Queues the job of app task `id` in the caller's transaction (or on its own without one). */
  enqueue(id: number, tx?: Queryable): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** pg-boss's database port over our Sql: its schema set-up sends BEGIN...COMMIT scripts, which take `exec`. */
function bossDb(sql: Sql, tx?: Queryable): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      if (!tx && values.length === 0 && /^\s*BEGIN\b/i.test(text)) {
        await sql.exec(text);
        return { rows: [] };
      }
      return { rows: await (tx ?? sql).query(text, values as SqlParam[]) };
    },
  };
}

/** Adds the app task row (in `tx`); the runner's job follows when the caller enqueues it. */
export async function insertAppTask(tx: Queryable, kind: string, task: unknown, createdByUserId: number | null): Promise<number> {
  const [row] = await tx.query<{ id: number }>('INSERT INTO app_tasks (kind, task, created_by_user_id) VALUES ($1, $2, $3) RETURNING id', [kind, JSON.stringify(task), createdByUserId]);
  return Number(row!.id);
}

export function createAppTaskRunner(options: AppTaskRunnerOptions): AppTaskRunner {
  const { sql, handlers } = options;
  const onError = options.onError ?? ((error: unknown) => console.error('app task runner:', error));
  const boss = new PgBoss({ db: bossDb(sql), schema: 'pgboss', supervise: true, schedule: Boolean(options.timers), migrate: true });
  boss.on('error', onError);
  let started = false;

  const setProgress = (id: number) => async (fraction: number) => {
    await sql.query("UPDATE app_tasks SET progress = $2 WHERE id = $1 AND status = 'running'", [id, Math.min(1, Math.max(0, fraction))]);
  };

  async function runJob(appTaskId: number): Promise<void> {
    const [row] = await sql.query<{ id: number; kind: string; task: unknown; created_by_user_id: number | null }>(
      "UPDATE app_tasks SET status = 'running', started_at = now(), progress = 0 WHERE id = $1 AND status = 'queued' RETURNING id, kind, task, created_by_user_id",
      [appTaskId],
    );
    // Claimed by another runner, or run already: a job delivered twice runs its task once.
    if (!row) return;
    const handler = handlers[row.kind];
    try {
      if (!handler) throw new Error(`No handler for app task kind ${row.kind}`);
      const task = typeof row.task === 'string' ? JSON.parse(row.task) : row.task;
      const result = await handler({ id: Number(row.id), kind: row.kind, task, createdByUserId: row.created_by_user_id === null ? null : Number(row.created_by_user_id) }, setProgress(Number(row.id)));
      await sql.query("UPDATE app_tasks SET status = 'done', progress = 1, result = $2, finished_at = now() WHERE id = $1", [row.id, JSON.stringify(result ?? null)]);
    } catch (error) {
      // A failed task is reported, not retried: its effect may be half there, and an operator decides.
      const message = error instanceof Error ? error.message : String(error);
      await sql.query("UPDATE app_tasks SET status = 'failed', error = $2, finished_at = now() WHERE id = $1", [row.id, message.slice(0, 2000)]);
    }
  }

  const enqueue = async (id: number, tx?: Queryable) => {
    await boss.send(appTaskQueue, { appTaskId: id }, { id: jobIdOf(String(id)), retryLimit: 0, expireInHours: 23, ...(tx ? { db: bossDb(sql, tx) } : {}) });
  };

  return {
    enqueue,
    async start() {
      await boss.start();
      started = true;
      await boss.createQueue(appTaskQueue);
      await boss.work<{ appTaskId: number }>(appTaskQueue, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: 1 }, async ([job]) => {
        if (job) await runJob(Number(job.data.appTaskId));
      });
      for (const [timer, spec] of Object.entries(options.timers ?? {}) as [AppTaskTimer, { cron: string; tz?: string; run: () => Promise<void> }][]) {
        await boss.createQueue(timerQueue(timer));
        await boss.schedule(timerQueue(timer), spec.cron, {}, { tz: spec.tz ?? 'UTC' });
        await boss.work(timerQueue(timer), { pollingIntervalSeconds: 30 }, async () => spec.run());
      }
      // Rows added while no runner was up (or whose job was lost) get their job now; ids make it idempotent.
      const waiting = await sql.query<{ id: number }>("SELECT id FROM app_tasks WHERE status = 'queued' ORDER BY id");
      for (const { id } of waiting) await enqueue(Number(id));
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
