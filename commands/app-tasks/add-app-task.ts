import type { FastifyRequest } from 'fastify';
import { insertAppTask } from '../../infra/jobs/app-task-runner.ts';
import { AddAppTaskBody, AppTask, type AppTaskSpec } from '../../schemas/api/app-tasks.ts';
import { requireOperator } from '../../server/http/auth.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import type { App } from '../../server/http/zod.ts';
import { requireKnownLinks } from '../library/audio-file-links.ts';
import { auditRows, requireExisting } from '../reference-data/audited-links.ts';

// add-app-task {task} (spec 3 section 7): operators queue a background task, through
// POST /api/admin/app-tasks or the typed request POST /api/requests/add-app-task (the same command,
// the same answer). The row, its audit row and its job are written in one transaction, so a task is
// never listed without the job that runs it (a server without a runner leaves the row queued, and
// the next runner to start takes it). What a task names is checked now, so a task that cannot run
// is refused, not failed later.

async function addAppTask(request: FastifyRequest, task: AppTaskSpec): Promise<AppTask> {
  const { userId } = await requireOperator(request);
  const { sql, tasks, now } = request.server.deps;
  const id = await sql.transaction(async (tx) => {
    if (task.kind === 'CreateAudioFileTask') await requireKnownLinks(tx, task.upload.categories, task.upload.artistIds, 'body.task.upload');
    if (task.kind === 'GenerateSessionDataTask') await requireExisting(tx, 'users', [task.userId], 'task.userId');
    const created = await insertAppTask(tx, task.kind, task, userId);
    await auditRows(tx, 'app_tasks', 'INSERT', userId, 'add-app-task', [{ new: { id: created, kind: task.kind, task, created_by_user_id: userId } }]);
    await tasks?.enqueue(created, tx);
    return created;
  });
  return { id, time: now().toISOString(), kind: task.kind, task, status: 'queued', progress: 0, result: null, error: null, createdByUserId: userId, startedAt: null, finishedAt: null };
}

export function addAppTaskRoute(app: App): void {
  app.post('/api/admin/app-tasks', { schema: { body: AddAppTaskBody, response: { 200: AppTask } } }, async (request) => addAppTask(request, request.body.task));
}

export const addAppTaskRequest = typedRequest({
  permission: 'Service operators.',
  effect: 'Queues the background task (GenerateSessionDataTask, CreateAudioFileTask) for the job runner; answers the queued task, whose progress GET /api/admin/app-tasks shows.',
  body: AddAppTaskBody,
  result: AppTask,
  handle: (request, body) => addAppTask(request, body.task),
});
