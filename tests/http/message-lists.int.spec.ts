import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectionRunner, type ProjectionRunner } from '../../projections/engine/runner.ts';
import { messagesProjector } from '../../projections/postgres/messages.ts';
import { buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';
import { testClock } from './support/usage-kit.ts';

// The messages screens' lists (spec 2 section 2) through POST /api/get-messages: received, sent
// and drafts, each with its trash (`archived`: what the owner switched off through
// PUT /api/messages/{id}/activity), and the games page's gameMessages.

describe('message lists on pglite', () => {
  const clock = testClock('2026-11-20T10:00:00.000Z');
  let t: TestApp;
  let runner: ProjectionRunner;
  let writer: TestUser;
  let unit: TestUser;
  const cookies = new Map<TestUser, Record<string, string>>();

  beforeAll(async () => {
    t = await buildTestApp({ database: 'pglite', now: clock.now });
    runner = createProjectionRunner({ log: t.store, sql: t.sql, projectors: [messagesProjector], pollIntervalMs: 50 });
    await runner.start();
    writer = await t.createUser();
    unit = await t.createUser();
    await t.sql.query('INSERT INTO message_receivers (user_id, receiver_user_id) VALUES ($1, $2)', [writer.id, unit.id]);
    for (const user of [writer, unit]) cookies.set(user, { cookie: (await t.login(user)).cookie });
  });
  afterAll(async () => {
    await runner.stop();
    await t.close();
  });

  const call = (user: TestUser, method: 'POST' | 'PUT', url: string, payload?: object) => t.app.inject({ method, url, headers: cookies.get(user), payload });
  const ok = async (user: TestUser, method: 'POST' | 'PUT', url: string, payload?: object) => {
    const response = await call(user, method, url, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const titles = async (user: TestUser, query: object) => {
    await runner.waitUntilCaughtUp(20_000);
    return ((await ok(user, 'POST', '/api/get-messages', { query })) as { title: string }[]).map((m) => m.title);
  };

  it('should list received, sent and drafts, and move an archived message to the trash and back', async () => {
    await ok(writer, 'POST', '/api/messages', { title: 'Hello', recipients: [{ id: unit.id }], sent: true });
    const later = await ok(writer, 'POST', '/api/messages', { title: 'Next week', recipients: [{ id: unit.id }], sent: true, time: '2026-11-27T10:00:00.000Z' });
    const draft = await ok(writer, 'POST', '/api/messages', { title: 'Unfinished', recipients: [{ id: unit.id }] });

    const sent = { own: true, sent: true };
    const drafts = { own: true, sent: false };
    expect(await titles(writer, { ...sent, archived: false })).toEqual(['Next week', 'Hello']);
    expect(await titles(writer, { ...drafts, archived: false })).toEqual(['Unfinished']);
    expect(await titles(unit, { own: false, sent: true, active: true })).toEqual(['Hello']);
    expect(await titles(unit, { own: false, sent: true, archived: true })).toEqual([]);

    await ok(writer, 'PUT', `/api/messages/${later.id}/activity`, { active: false });
    await ok(writer, 'PUT', `/api/messages/${draft.id}/activity`, { active: false });
    expect(await titles(writer, { ...sent, archived: false })).toEqual(['Hello']);
    expect(await titles(writer, { ...sent, archived: true })).toEqual(['Next week']);
    expect(await titles(writer, { ...drafts, archived: false })).toEqual([]);
    expect(await titles(writer, { ...drafts, archived: true })).toEqual(['Unfinished']);
    expect(await titles(unit, { own: false, sent: true, archived: true })).toEqual(['Next week']);

    await ok(writer, 'PUT', `/api/messages/${draft.id}/activity`, { active: true });
    expect(await titles(writer, { ...drafts, archived: false })).toEqual(['Unfinished']);
  });

  it('should list game messages with their items for the recipient', async () => {
    const game = await ok(writer, 'POST', '/api/messages', { title: 'Memory game', recipients: [{ id: unit.id }], game: true });
    await ok(writer, 'POST', '/api/message-items', { messageId: game.id, type: 'InlineHTML', html: '<p>Which song is this?</p>' });
    await ok(writer, 'PUT', `/api/messages/${game.id}`, { sent: true });
    expect(await titles(unit, { game: true, active: true })).toEqual(['Memory game']);
    const items = await ok(unit, 'POST', '/api/get-message-items', { messageIdList: [game.id] });
    expect(items.map((i: { html: string }) => i.html)).toEqual(['<p>Which song is this?</p>']);
  });

  it('should keep forcePopup, off by default, settable while unsent and read by the recipient', async () => {
    const plain = await ok(writer, 'POST', '/api/messages', { title: 'Plain', recipients: [{ id: unit.id }] });
    expect(plain.forcePopup).toBe(false);
    const urgent = await ok(writer, 'POST', '/api/messages', { title: 'Urgent', recipients: [{ id: unit.id }], forcePopup: true });
    expect(urgent.forcePopup).toBe(true);
    expect((await ok(writer, 'PUT', `/api/messages/${plain.id}`, { forcePopup: true })).forcePopup).toBe(true);
    expect((await ok(writer, 'PUT', `/api/messages/${plain.id}`, { forcePopup: false, sent: true })).forcePopup).toBe(false);
    await ok(writer, 'PUT', `/api/messages/${urgent.id}`, { sent: true });
    await runner.waitUntilCaughtUp(20_000);
    const received = (await ok(unit, 'POST', '/api/get-messages', { query: { own: false, sent: true } })) as { title: string; forcePopup: boolean }[];
    expect(received.filter((m) => ['Plain', 'Urgent'].includes(m.title)).map((m) => [m.title, m.forcePopup])).toEqual(
      expect.arrayContaining([
        ['Plain', false],
        ['Urgent', true],
      ]),
    );
    const bad = await call(writer, 'POST', '/api/messages', { title: 'Bad', forcePopup: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toEqual([expect.objectContaining({ path: 'body.forcePopup' })]);
  });

  it('should refuse an archived filter that is not a boolean, naming the field', async () => {
    const response = await call(writer, 'POST', '/api/get-messages', { query: { archived: 'yes' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.kind).toBe('ValidationError');
    expect(JSON.stringify(response.json().error.details)).toContain('archived');
  });
});
