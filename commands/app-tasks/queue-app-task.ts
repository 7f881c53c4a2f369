import { insertAppTask } from '../../infra/jobs/app-task-runner.ts';
import type { AppTaskSpec } from '../../schemas/api/app-tasks.ts';
import type { App } from '../../server/http/zod.ts';
import { requireKnownLinks } from '../library/audio-file-links.ts';
import { auditRows, requireExisting } from '../reference-data/audited-links.ts';

// Adding an app task, whichever route asks (POST /api/admin/app-tasks, the add-app-task request,
// POST /api/app-tasks): the row, its audit row and its job are written in one transaction, so a
// task is never listed without the job that runs it (a server without a runner leaves the row
// queued, and the next runner to start takes it). What a task names is checked first, so a task
// that cannot run is refused, not failed later.

/** The new task's id; `at` is where the body holds the task, for the fields a refusal names. */
export async function queueAppTask(deps: Pick<App['deps'], 'sql' | 'tasks'>, task: AppTaskSpec, userId: number, at: string): Promise<number> {
  const { sql, tasks } = deps;
  return sql.transaction(async (tx) => {
    if (task.kind === 'CreateAudioFileTask') await requireKnownLinks(tx, task.upload.categories, task.upload.artistIds, `${at}.upload`);
    if (task.kind === 'GenerateSessionDataTask') await requireExisting(tx, 'users', [task.userId], `${at.replace(/^body\./, '')}.userId`); // it adds `body.` itself
    const created = await insertAppTask(tx, task.kind, task, userId);
    await auditRows(tx, 'app_tasks', 'INSERT', userId, 'add-app-task', [{ new: { id: created, kind: task.kind, task, created_by_user_id: userId } }]);
    await tasks?.enqueue(created, tx);
    return created;
  });
}
