import { appTasks } from '../../domain/reference-data/entity-registry.ts';
import { readEntityRow } from '../../domain/reference-data/entity-rows.ts';
import { toEntity } from '../../domain/reference-data/reference-table.ts';
import { AddAppTaskBody } from '../../schemas/api/app-tasks.ts';
import { appTaskEntity } from '../../schemas/api/back-office/app-task-entity.ts';
import { requireOperator } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';
import { queueAppTask } from './queue-app-task.ts';

// POST /api/app-tasks {task}: the generic data pattern's create of app tasks (spec 3 section 3),
// for operators. It queues the task exactly as add-app-task does (queue-app-task.ts) and answers the
// entity as GET /api/app-tasks/{id} reads it. The job runner alone changes a task afterwards, so
// there is no PUT.

export function createAppTaskRoute(app: App): void {
  app.post('/api/app-tasks', { schema: { body: AddAppTaskBody, response: { 200: appTaskEntity.entity } } }, async (request) => {
    const { userId } = await requireOperator(request);
    const id = await queueAppTask(app.deps, request.body.task, userId, 'body.task');
    return toEntity(appTasks, (await readEntityRow(app.deps.sql, appTasks, id)) ?? {});
  });
}
