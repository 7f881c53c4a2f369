import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createProjectionRunner, type ProjectionRunner } from '../../projections/engine/runner.ts';
import { evaluationsProjector } from '../../projections/postgres/evaluations.ts';
import { routeDatabases, buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';
import { insertAudioFiles, insertMessageItems, testClock } from './support/usage-kit.ts';

// GET and POST /api/evaluations, PUT /api/evaluations/{id}: events on evaluations-{userId},
// read back through the evaluations read model.

describe.each(routeDatabases)('/api/evaluations on %s', (database) => {
  const clock = testClock('2026-11-20T10:00:00.000Z');
  let t: TestApp;
  let runner: ProjectionRunner;
  let files: number[];
  let user: TestUser;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await buildTestApp({ database, now: clock.now });
    files = await insertAudioFiles(t, 2);
    runner = createProjectionRunner({ log: t.store, sql: t.sql, projectors: [evaluationsProjector], pollIntervalMs: 50 });
    await runner.start();
  });
  afterAll(async () => {
    await runner.stop();
    await t.close();
  });
  beforeEach(async () => {
    user = await t.createUser();
    headers = { cookie: (await t.login(user)).cookie };
  });
  afterEach(() => runner.waitUntilCaughtUp(20_000));

  const post = (payload: object, h = headers) => t.app.inject({ method: 'POST', url: '/api/evaluations', headers: h, payload });
  const put = (id: string, payload: object, h = headers) => t.app.inject({ method: 'PUT', url: `/api/evaluations/${id}`, headers: h, payload });
  const list = async (query = '', h = headers) => {
    await runner.waitUntilCaughtUp(20_000);
    const response = await t.app.inject({ method: 'GET', url: `/api/evaluations${query}`, headers: h });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const stream = () => t.store.readStream(`evaluations-${user.id}`);

  it('should evaluate, list, change and keep an unchanged score silent', async () => {
    const liked = await post({ audioFileId: files[0], score: 1, time: '2026-11-20T09:00:00Z' });
    expect(liked.statusCode).toBe(200);
    const evaluation = liked.json();
    expect(evaluation).toEqual({ id: expect.any(String), time: '2026-11-20T09:00:00.000Z', audioFileId: files[0], messageItemId: null, score: 1 });
    await insertMessageItems(t, user.id, [{ id: 44 }], 44);
    const message = (await post({ messageItemId: 44, score: 0 })).json();
    expect(message).toMatchObject({ messageItemId: 44, audioFileId: null, time: '2026-11-20T10:00:00.000Z' });

    expect(await list()).toEqual([evaluation, message]);
    expect(await list(`?audioFileIdList=${files[0]},${files[1]}`)).toEqual([evaluation]);
    expect(await list(`?audioFileIdList=${files[1]}`)).toEqual([]);
    expect(await list(`?startTime=2026-11-20T09:30:00Z`)).toEqual([message]);

    const changed = await put(evaluation.id, { score: -1 });
    expect(changed.json()).toEqual({ id: evaluation.id, score: -1, changed: true });
    expect((await put(evaluation.id, { score: -1 })).json()).toEqual({ id: evaluation.id, score: -1, changed: false });
    expect((await list(`?audioFileIdList=${files[0]}`))[0].score).toBe(-1);
    expect((await stream()).map((e) => e.type)).toEqual(['AudioFileEvaluated', 'MessageItemEvaluated', 'EvaluationChanged']);
  });

  it('should store a retried post once', async () => {
    const payload = { audioFileId: files[1], score: -1, time: '2026-11-20T09:59:00+02:00' };
    const first = (await post(payload)).json();
    const second = (await post(payload)).json();
    expect(second).toEqual(first);
    expect(await stream()).toHaveLength(1);
  });

  it("should refuse another user's evaluation, and not show it", async () => {
    const own = (await post({ audioFileId: files[0], score: 1 })).json();
    await runner.waitUntilCaughtUp(20_000);
    const other = await t.createUser();
    const otherHeaders = { cookie: (await t.login(other)).cookie };
    const denied = await put(own.id, { score: -1 }, otherHeaders);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.kind).toBe('AccessDenied');
    expect(await list('', otherHeaders)).toEqual([]);
    expect((await stream()).map((e) => e.type)).toEqual(['AudioFileEvaluated']);
  });

  it('should answer NotFound for an unknown evaluation and ValidationError for bad input', async () => {
    const missing = await put('7b0b4a0e-6f4e-4b8e-9a56-0d2d6c1f0a11', { score: 1 });
    expect(missing.statusCode).toBe(404);
    const bad = async (payload: object, path: string) => {
      const response = await post(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details).toEqual([expect.objectContaining({ path })]);
    };
    await bad({ audioFileId: files[0], score: 2 }, 'body.score');
    await bad({ audioFileId: files[0], messageItemId: 3, score: 1 }, 'body.audioFileId');
    await bad({ score: 1 }, 'body.audioFileId');
    await bad({ audioFileId: 987_654, score: 1 }, 'body.audioFileId');
    // An item of a message the user does not see is refused like one that does not exist.
    await insertMessageItems(t, (await t.createUser()).id, [{ id: 45 }], 45);
    await bad({ messageItemId: 45, score: 1 }, 'body.messageItemId');
    await bad({ messageItemId: 987_654, score: 1 }, 'body.messageItemId');
    const badId = await put('not-a-uuid', { score: 1 });
    expect(badId.json().error.details).toEqual([expect.objectContaining({ path: 'params.id' })]);
    const badList = await t.app.inject({ method: 'GET', url: '/api/evaluations?audioFileIdList=1,x', headers });
    expect(badList.statusCode).toBe(400);
    expect(await stream()).toEqual([]);
  });
});
