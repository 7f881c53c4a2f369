import { z } from 'zod';
import { appTaskStatuses } from '../app-tasks.ts';
import { ShortText, entitySchemas } from './entity-schema.ts';

// App tasks as an admin data definition (spec 3 section 3 "app-tasks": id, time, task): the rows of
// app_tasks with their status and progress. A task is added by POST /api/app-tasks, which queues its
// job as add-app-task does (commands/app-tasks/create-app-task.ts): the generic pattern only reads.

export const appTaskEntity = entitySchemas('app-tasks', {
  fields: {},
  readOnly: {
    time: z.string(),
    kind: z.string(),
    /** What was asked: {kind, ...} as added (schemas/api/app-tasks.ts AppTaskSpec). */
    task: z.unknown(),
    status: z.enum(appTaskStatuses),
    progress: z.number(),
    result: z.unknown(),
    error: z.string().nullable(),
    createdByUserId: z.number().nullable(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
  },
  query: {
    kinds: z.array(ShortText.min(1)).max(50).optional(),
    statuses: z.array(z.enum(appTaskStatuses)).max(4).optional(),
  },
  sorts: ['id-desc', 'id-asc'],
  readOnlyEntity: true,
});
