import { DateTime } from 'luxon';
import { createLibraryAudioFile } from '../../commands/library/create-library-audio-file.ts';
import { createAppTaskRunner, insertAppTask, type AppTaskHandler, type AppTaskRunner } from '../../infra/jobs/app-task-runner.ts';
import { CreateAudioFileTask, GenerateSessionDataTask, type AppTaskKind } from '../../schemas/api/app-tasks.ts';
import { demoUnits } from '../../tools/seed/demo-units.ts';
import { demoUsageSeed } from '../../tools/generate/demo-usage.ts';
import { generateWorkload } from '../../tools/generate/generate-workload.ts';
import type { App } from '../http/zod.ts';

// What each app task kind does (schemas/api/app-tasks.ts lists the kinds), and the timers: the
// composition of the job runner (infra/jobs/app-task-runner.ts) with the commands and tools the
// tasks run. A task's row was checked when it was added; it is parsed again here, so a row from an
// older version that no longer fits fails with a message instead of running half.

/** When the daily timer fires (Europe/Helsinki): spec 3's dailyTaskTime. */
export const dailyTaskTime = '03:15';
/** The minute of each hour the hourly timer fires: spec 3's hourlyTaskTime. */
export const hourlyTaskMinute = 5;

type Deps = App['deps'];

export function appTaskHandlers(app: App): Record<AppTaskKind, AppTaskHandler> {
  return {
    // The upload-to-audio-file path of POST /api/library/audio-files, on behalf of whoever added the task.
    async CreateAudioFileTask(row, progress) {
      const { upload } = CreateAudioFileTask.parse(row.task);
      if (row.createdByUserId === null) throw new Error('CreateAudioFileTask needs the operator who added it');
      await progress(0.1);
      const audioFileId = await createLibraryAudioFile(app.deps, row.createdByUserId, upload, `CreateAudioFileTask ${row.id}`);
      return { audioFileId };
    },
    // One day of a unit's usage from the workload generator (tools/generate/): what the demo units
    // get for their 90 days at first start, here for one unit and one day.
    async GenerateSessionDataTask(row, progress) {
      const { userId, day } = GenerateSessionDataTask.parse(row.task);
      const [user] = await app.deps.sql.query<{ name: string }>('SELECT name FROM users WHERE id = $1 AND active', [userId]);
      if (!user) throw new Error(`No active user ${userId}`);
      await progress(0.1);
      const result = await generateWorkload({ app, unitNames: [user.name], days: 1, until: day, seed: demoUsageSeed, via: 'direct' });
      return { posts: result.posts, events: result.events };
    },
  };
}

/**
 * The daily timer adds yesterday's generated usage for each demo unit there is (a demo install's
 * reports stay current day after day; a real install has no demo units, and gets no task). The
 * hourly one finds tasks left queued without a job (added while no runner ran) and queues them.
 */
export async function addDailyTasks(deps: Deps): Promise<void> {
  const yesterday = DateTime.fromJSDate(deps.now(), { zone: 'Europe/Helsinki' }).minus({ days: 1 }).toISODate()!;
  const units = await deps.sql.query<{ id: number }>('SELECT id FROM users WHERE name = ANY($1::text[]) AND active', [demoUnits.map((u) => u.name)]);
  for (const unit of units) {
    const task = { kind: 'GenerateSessionDataTask' as const, userId: Number(unit.id), day: yesterday };
    await deps.sql.transaction(async (tx) => deps.tasks?.enqueue(await insertAppTask(tx, task.kind, task, null), tx));
  }
}

async function requeueWaitingTasks(deps: Deps): Promise<void> {
  const waiting = await deps.sql.query<{ id: number }>("SELECT id FROM app_tasks WHERE status = 'queued' ORDER BY id");
  for (const { id } of waiting) await deps.tasks?.enqueue(Number(id));
}

/** The server's runner with every kind and both timers; the caller puts it into app.deps.tasks and starts it. */
export function createServerAppTaskRunner(app: App): AppTaskRunner {
  const [hours, minutes] = dailyTaskTime.split(':').map(Number);
  return createAppTaskRunner({
    sql: app.deps.sql,
    handlers: appTaskHandlers(app),
    timers: {
      daily: { cron: `${minutes} ${hours} * * *`, tz: 'Europe/Helsinki', run: () => addDailyTasks(app.deps) },
      hourly: { cron: `${hourlyTaskMinute} * * * *`, run: () => requeueWaitingTasks(app.deps) },
    },
    onError: (error) => app.log.error({ err: error }, 'app task runner'),
  });
}
