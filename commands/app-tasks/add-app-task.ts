import type { FastifyRequest } from 'fastify';
import { AddAppTaskBody, AppTask, type AppTaskSpec } from '../../schemas/api/app-tasks.ts';
import { requireOperator } from '../../server/http/auth.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import type { App } from '../../server/http/zod.ts';
import { queueAppTask } from './queue-app-task.ts';

// add-app-task {task} (spec 3 section 7): operators queue a background task, through
// POST /api/admin/app-tasks or the typed request POST /api/requests/add-app-task (the same command,
// the same answer; queue-app-task.ts writes the row, its audit row and its job).

async function addAppTask(request: FastifyRequest, task: AppTaskSpec): Promise<AppTask> {
  const { userId } = await requireOperator(request);
  const id = await queueAppTask(request.server.deps, task, userId, 'body.task');
  return { id, time: request.server.deps.now().toISOString(), kind: task.kind, task, status: 'queued', progress: 0, result: null, error: null, createdByUserId: userId, startedAt: null, finishedAt: null };
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
