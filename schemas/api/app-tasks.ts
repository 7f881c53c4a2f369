import { z } from 'zod';
import { Day, Id, wholeNumber } from '../common/safe.ts';
import { CreateLibraryAudioFile } from './library-admin.ts';

// App tasks (spec 3 section 3 "app-tasks"; issue 18 item 4): background work run by the job
// runner, each a row of app_tasks with its status and progress for operators to watch.
//
//   POST /api/admin/app-tasks  {task: {kind, ...}}: operators add a task (spec 3 add-app-task)
//   GET  /api/admin/app-tasks  the latest tasks, newest first
//
// The kinds below are the ones this server runs. Spec 3 names more (AudioFileTask, the usage and
// detail log tasks, the music and Gramex reports, FixSessionLogTask, RecipeTask,
// RescheduleExpiredRecurringMessagesTask): they are refused as unknown until they are built
// (docs/back-office.md says why each is not yet), so no task is accepted that nothing would run.

export const CreateAudioFileTask = z.strictObject({
  kind: z.literal('CreateAudioFileTask'),
  /** The upload fields of POST /api/library/audio-files: the file and how it is filed. */
  upload: CreateLibraryAudioFile,
});

export const GenerateSessionDataTask = z.strictObject({
  kind: z.literal('GenerateSessionDataTask'),
  /** A unit whose day of usage is generated (the workload generator, tools/generate/). */
  userId: Id,
  day: Day,
});

export const AppTaskSpec = z.discriminatedUnion('kind', [CreateAudioFileTask, GenerateSessionDataTask]);
export type AppTaskSpec = z.infer<typeof AppTaskSpec>;
export type AppTaskKind = AppTaskSpec['kind'];
export const appTaskKinds = AppTaskSpec.options.map((o) => o.shape.kind.value);

export const AddAppTaskBody = z.strictObject({ task: AppTaskSpec });

export const appTaskStatuses = ['queued', 'running', 'done', 'failed'] as const;

export const AppTask = z.object({
  id: Id,
  time: z.string(),
  kind: z.string(),
  task: z.unknown(),
  status: z.enum(appTaskStatuses),
  /** 0 to 1. */
  progress: z.number().min(0).max(1),
  result: z.unknown().nullable(),
  error: z.string().nullable(),
  createdByUserId: Id.nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type AppTask = z.infer<typeof AppTask>;

export const AppTaskList = z.array(AppTask);
export type AppTaskList = z.infer<typeof AppTaskList>;
export const AppTasksQuery = z.strictObject({ limit: wholeNumber(z.number().int().min(1).max(500)).default(100) });
