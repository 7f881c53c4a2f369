import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppTaskRunner, type AppTaskHandler, type AppTaskRunner } from '../../infra/jobs/app-task-runner.ts';
import { AppTask, AppTaskList } from '../../schemas/api/app-tasks.ts';
import { UploadedFiles } from '../../schemas/api/uploads.ts';
import { addDailyTasks, appTaskHandlers } from '../../server/app-tasks/app-task-handlers.ts';
import { DateTime } from 'luxon';
import { routeDatabases, buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';
import { silentMp3, silentMp3Seconds } from '../support/test-mp3.ts';
import { insertAudioFile, insertCategory, temporaryFileStore } from './support/library-kit.ts';
import { multipartBody } from './support/multipart.ts';

// App tasks (issue 18 item 4): operators add tasks (POST /api/admin/app-tasks) and watch them
// (GET /api/admin/app-tasks); the pg-boss runner runs each task once however many runners share
// the database, with its progress visible while it runs; CreateAudioFileTask files an upload.

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 60_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(routeDatabases)('app tasks on %s', (database) => {
  const store = temporaryFileStore();
  let t: TestApp;
  let operator: TestUser;
  let caregiver: TestUser;
  const cookies = new Map<TestUser, Record<string, string>>();
  const runners: AppTaskRunner[] = [];
  /** Which runner ran each task id. */
  const ranBy: Array<{ id: number; runner: string }> = [];
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));

  beforeAll(async () => {
    t = await buildTestApp({ database, files: store.files });
    operator = await t.createUser({ operator: true });
    caregiver = await t.createUser();
    for (const user of [operator, caregiver]) cookies.set(user, { cookie: (await t.login(user)).cookie });
    // Two runners on one database, as two app instances would be; generation is replaced by a
    // task that says who ran it, reports half-way and waits for the test.
    const real = appTaskHandlers(t.app);
    for (const name of ['A', 'B']) {
      const counting: AppTaskHandler = async (task, progress) => {
        ranBy.push({ id: task.id, runner: name });
        await progress(0.5);
        await gate;
        return { runner: name };
      };
      runners.push(createAppTaskRunner({ sql: t.sql, handlers: { ...real, GenerateSessionDataTask: counting }, pollingIntervalSeconds: 0.5 }));
    }
    for (const runner of runners) await runner.start();
    t.app.deps.tasks = runners[0];
  });
  afterAll(async () => {
    release?.();
    for (const runner of runners) await runner.stop();
    await t?.close();
    store.remove();
  });

  const send = (user: TestUser | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as object, headers: user ? cookies.get(user) : {} });
  const listed = async () => AppTaskList.parse((await send(operator, 'GET', '/api/admin/app-tasks?limit=50')).json());
  const taskRows = async () => Number((await t.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM app_tasks'))[0]!.n);

  it('should run each task once across two runners, with its progress visible while it runs', async () => {
    const ids: number[] = [];
    for (let day = 1; day <= 6; day++) {
      const response = await send(operator, 'POST', '/api/admin/app-tasks', { task: { kind: 'GenerateSessionDataTask', userId: caregiver.id, day: `2026-03-0${day}` } });
      expect(response.statusCode, response.body).toBe(200);
      const task = AppTask.parse(response.json());
      expect(task).toMatchObject({ kind: 'GenerateSessionDataTask', status: 'queued', progress: 0, createdByUserId: operator.id });
      ids.push(task.id);
    }
    // Held at the gate: whatever has started shows as running at half-way.
    const running = await eventually(listed, (tasks) => tasks.some((task) => task.status === 'running' && task.progress === 0.5), 'a running task at 0.5');
    expect(running.filter((task) => ids.includes(task.id)).every((task) => ['queued', 'running'].includes(task.status))).toBe(true);
    release();
    const finished = await eventually(listed, (tasks) => ids.every((id) => tasks.find((task) => task.id === id)?.status === 'done'), 'every task done');
    for (const id of ids) expect(finished.find((task) => task.id === id)).toMatchObject({ status: 'done', progress: 1, error: null });
    expect(ranBy.map((r) => r.id).sort((a, b) => a - b)).toEqual(ids);
    // A job sent again (a restart re-queues what it finds queued) does not run a finished task again.
    await runners[1]!.enqueue(ids[0]!);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(ranBy.filter((r) => r.id === ids[0]).length).toBe(1);
  });

  it('should add a task through the app-tasks entity (POST /api/app-tasks) queued and run as add-app-task does, and read it through the generic pattern', async () => {
    const task = { kind: 'GenerateSessionDataTask', userId: caregiver.id, day: '2026-03-09' };
    const response = await send(operator, 'POST', '/api/app-tasks', { task });
    expect(response.statusCode, response.body).toBe(200);
    const created = response.json<{ id: number }>();
    expect(created).toMatchObject({ kind: 'GenerateSessionDataTask', task, status: 'queued', progress: 0, createdByUserId: operator.id, startedAt: null });
    const fetch = async () => (await send(operator, 'GET', `/api/app-tasks/${created.id}`)).json<{ status: string }>();
    const done = await eventually(fetch, (row) => row.status === 'done', 'the task added through the entity done');
    expect(done).toMatchObject({ id: created.id, progress: 1, result: { runner: expect.any(String) }, error: null });
    expect(ranBy.filter((r) => r.id === created.id)).toHaveLength(1);
    const found = (await send(operator, 'POST', '/api/get/app-tasks', { ids: [created.id], kinds: ['GenerateSessionDataTask'], statuses: ['done'] })).json();
    expect(found).toEqual({ items: [done], totalCount: 1 });
    expect((await send(operator, 'POST', '/api/get/app-tasks', { ids: [created.id], statuses: ['failed'] })).json()).toEqual({ items: [], totalCount: 0 });

    const before = await taskRows();
    const refused: Array<[unknown, string]> = [
      [{ task: { kind: 'GramexReportTask' } }, 'body.task.kind'],
      [{ task: { kind: 'CreateAudioFileTask', upload: { fileId: 1, name: 'X', categories: [{ categoryId: 2_000_000_000 }] } } }, 'body.task.upload.categories.0.categoryId'],
      [{ task, priority: 1 }, 'body.priority'],
    ];
    for (const [payload, field] of refused) {
      const bad = await send(operator, 'POST', '/api/app-tasks', payload);
      expect(bad.statusCode, bad.body).toBe(400);
      expect(bad.json<{ error: { details: { path: string }[] } }>().error.details.map((d) => d.path)).toContain(field);
    }
    expect((await send(caregiver, 'POST', '/api/app-tasks', { task })).statusCode).toBe(403);
    expect((await send(caregiver, 'GET', `/api/app-tasks/${created.id}`)).statusCode).toBe(403);
    expect(await taskRows()).toBe(before);
  });

  it('should turn an upload into an audio file with CreateAudioFileTask, its length read from the media', async () => {
    const category = await insertCategory(t, { name: 'Hymns' });
    const { payload, headers } = multipartBody([{ field: 'file0', filename: 'hymn.mp3', contentType: 'audio/mpeg', bytes: silentMp3(3) }]);
    const uploaded = await t.app.inject({ method: 'POST', url: '/api/upload', payload, headers: { ...headers, ...cookies.get(operator) } });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const [file] = UploadedFiles.parse(uploaded.json());
    // Through the typed request (spec 3 add-app-task): the same command, its job run by the runners.
    const response = await send(operator, 'POST', '/api/requests/add-app-task', {
      task: { kind: 'CreateAudioFileTask', upload: { fileId: file!.id, name: 'Evening hymn', categories: [{ categoryId: category, priority: 1 }] } },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { id } = AppTask.parse(response.json());
    const done = await eventually(listed, (tasks) => ['done', 'failed'].includes(tasks.find((task) => task.id === id)?.status ?? ''), 'the task to finish');
    const task = done.find((task) => task.id === id)!;
    expect(task, JSON.stringify(task)).toMatchObject({ status: 'done', progress: 1 });
    const { audioFileId } = task.result as { audioFileId: number };
    const [row] = await t.sql.query<{ name: string; length: number; file_id: number }>('SELECT name, length, file_id FROM audio_files WHERE id = $1', [audioFileId]);
    expect(row).toEqual({ name: 'Evening hymn', length: Math.round(silentMp3Seconds(3)), file_id: file!.id });
    const audit = await t.sql.query('SELECT 1 FROM logging WHERE "table" = $1 AND query = $2', ['audio_files', `CreateAudioFileTask ${id}`]);
    expect(audit.length).toBe(1);
  });

  it("should generate a unit's day of usage with GenerateSessionDataTask (the real handler, not the runners' stand-in)", async () => {
    const music = await insertCategory(t, { name: 'Generated music' });
    for (let i = 0; i < 6; i++) await insertAudioFile(t, { name: `Generated tune ${i}`, length: 120, categories: [{ id: music }] });
    const unit = await t.createUser();
    const progress: number[] = [];
    const result = (await appTaskHandlers(t.app).GenerateSessionDataTask(
      { id: 0, kind: 'GenerateSessionDataTask', task: { kind: 'GenerateSessionDataTask', userId: unit.id, day: '2026-03-02' }, createdByUserId: null },
      async (fraction) => void progress.push(fraction),
    )) as { posts: number; events: number };
    expect(result.posts).toBeGreaterThan(0);
    expect(result.events).toBeGreaterThan(0);
    expect(progress).toEqual([0.1]);
    // Usage events in the unit's stream (evaluations, if any, are in streams of their own).
    const stored = await t.store.readStream(`usage-${unit.id}`);
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.length).toBeLessThanOrEqual(result.events);
  });

  it("should add yesterday's generated usage for each demo unit on the daily timer, and nothing for other users", async () => {
    const demoUnit = await t.createUser({ name: 'caregiver' });
    const before = await taskRows();
    await addDailyTasks(t.app.deps);
    const added = await t.sql.query<{ kind: string; task: { userId: number; day: string }; created_by_user_id: number | null }>('SELECT kind, task, created_by_user_id FROM app_tasks ORDER BY id DESC LIMIT 1');
    expect(await taskRows()).toBe(before + 1);
    const yesterday = DateTime.now().setZone('Europe/Helsinki').minus({ days: 1 }).toISODate();
    expect(added[0]).toMatchObject({ kind: 'GenerateSessionDataTask', task: { userId: demoUnit.id, day: yesterday }, created_by_user_id: null });
  });

  it('should refuse a kind it cannot run, a task naming what does not exist, and everyone but operators, adding nothing', async () => {
    const before = await taskRows();
    const cases: Array<[unknown, string]> = [
      [{ task: { kind: 'GramexReportTask' } }, 'body.task.kind'],
      [{ task: { kind: 'GenerateSessionDataTask', userId: caregiver.id, day: '2026-02-30' } }, 'body.task.day'],
      [{ task: { kind: 'CreateAudioFileTask', upload: { fileId: 1, name: 'X', categories: [{ categoryId: 2_000_000_000 }] } } }, 'body.task.upload.categories.0.categoryId'],
    ];
    for (const [payload, field] of cases) {
      const response = await send(operator, 'POST', '/api/admin/app-tasks', payload);
      expect(response.statusCode, response.body).toBe(400);
      const { error } = response.json<{ error: { kind: string; details: { path: string }[] } }>();
      expect(error.kind).toBe('ValidationError');
      expect(error.details.map((d) => d.path)).toContain(field);
    }
    const valid = { task: { kind: 'GenerateSessionDataTask', userId: caregiver.id, day: '2026-03-01' } };
    expect((await send(caregiver, 'POST', '/api/admin/app-tasks', valid)).statusCode).toBe(403);
    expect((await send(caregiver, 'GET', '/api/admin/app-tasks')).statusCode).toBe(403);
    expect((await send(null, 'GET', '/api/admin/app-tasks')).statusCode).toBe(401);
    expect(await taskRows()).toBe(before);
  });
});
