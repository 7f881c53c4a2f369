import { AppTaskList, AppTasksQuery, type AppTask } from '../../schemas/api/app-tasks.ts';
import { requireOperator } from '../../server/http/auth.ts';
import type { App } from '../../server/http/zod.ts';

// GET /api/admin/app-tasks?limit: the latest app tasks, newest first, with status and progress,
// for operators watching background work (the library page's task list).

interface Row {
  id: number;
  time: Date | string;
  kind: string;
  task: unknown;
  status: AppTask['status'];
  progress: number;
  result: unknown;
  error: string | null;
  created_by_user_id: number | null;
  started_at: Date | string | null;
  finished_at: Date | string | null;
}

const iso = (t: Date | string | null) => (t === null ? null : new Date(t).toISOString());

export function getAppTasksRoute(app: App): void {
  app.get('/api/admin/app-tasks', { schema: { querystring: AppTasksQuery, response: { 200: AppTaskList } } }, async (request) => {
    await requireOperator(request);
    const rows = await app.deps.sql.query<Row>('SELECT * FROM app_tasks ORDER BY time DESC, id DESC LIMIT $1', [request.query.limit]);
    return rows.map((r) => ({
      id: Number(r.id),
      time: iso(r.time)!,
      kind: r.kind,
      task: r.task,
      status: r.status,
      progress: Number(r.progress),
      result: r.result ?? null,
      error: r.error,
      createdByUserId: r.created_by_user_id === null ? null : Number(r.created_by_user_id),
      startedAt: iso(r.started_at),
      finishedAt: iso(r.finished_at),
    }));
  });
}
