import { AddAppTaskBody, AppTask } from '../../schemas/api/app-tasks.ts';
import { requireOperator } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { queueAppTask } from './queue-app-task.ts';

// POST /api/admin/app-tasks {task} (spec 3 add-app-task): operators queue a background task
// (queue-app-task.ts).

export function addAppTaskRoute(app: App): void {
  app.post('/api/admin/app-tasks', { schema: { body: AddAppTaskBody, response: { 200: AppTask } } }, async (request) => {
    const { userId } = await requireOperator(request);
    const { now } = app.deps;
    const { task } = request.body;
    const id = await queueAppTask(app.deps, task, userId, 'body.task');
    return { id, time: now().toISOString(), kind: task.kind, task, status: 'queued' as const, progress: 0, result: null, error: null, createdByUserId: userId, startedAt: null, finishedAt: null };
  });
}
