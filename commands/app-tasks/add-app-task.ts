import { insertAppTask } from '../../infra/jobs/app-task-runner.ts';
import { AddAppTaskBody, AppTask } from '../../schemas/api/app-tasks.ts';
import { requireOperator } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { requireKnownLinks } from '../library/audio-file-links.ts';

// POST /api/admin/app-tasks {task} (spec 3 add-app-task): operators queue a background task. The
// row and its job are written in one transaction, so a task is never listed without the job that
// runs it (a server without a runner leaves the row queued, and the next runner to start takes
// it). What a task names is checked now, so a task that cannot run is refused, not failed later.

export function addAppTaskRoute(app: App): void {
  app.post('/api/admin/app-tasks', { schema: { body: AddAppTaskBody, response: { 200: AppTask } } }, async (request) => {
    const { userId } = await requireOperator(request);
    const { sql, tasks, now } = app.deps;
    const { task } = request.body;
    if (task.kind === 'CreateAudioFileTask') await requireKnownLinks(sql, task.upload.categories, task.upload.artistIds, 'body.task.upload');
    const id = await sql.transaction(async (tx) => {
      const created = await insertAppTask(tx, task.kind, task, userId);
      await tasks?.enqueue(created, tx);
      return created;
    });
    return { id, time: now().toISOString(), kind: task.kind, task, status: 'queued' as const, progress: 0, result: null, error: null, createdByUserId: userId, startedAt: null, finishedAt: null };
  });
}
