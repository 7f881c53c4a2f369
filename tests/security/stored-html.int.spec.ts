import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventId } from '../../infra/event-store/event-ids.ts';
import { createProjectionRunner, type ProjectionRunner } from '../../projections/engine/runner.ts';
import { favoritesProjector } from '../../projections/postgres/favorites.ts';
import { messagesProjector } from '../../projections/postgres/messages.ts';
import { buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';
import { insertAudioFiles } from '../http/support/usage-kit.ts';

// Issue 37 item 4: HTML that people write is cleaned on the server to one policy
// (schemas/common/html-policy.ts) before it is stored, and what the log or a table held from before
// the policy is served cleaned too. An attack's HTML: script, an event handler, a style that covers
// the page, a class borrowing the app's CSS, javascript: and relative links, an image from the
// author's own server, a frame and a form.

const attack = [
  '<p style="position:fixed;inset:0;z-index:9999" class="shell" id="root" onclick="steal()">Log in again<script>steal()</script></p>',
  '<img src="x" onerror="steal()"><img src="https://evil.example/pixel.gif">',
  '<a href="javascript:steal()">a</a><a href="/api/logout">b</a><a href="data:text/html,x">c</a>',
  '<style>body{display:none}</style><iframe src="https://evil.example/"></iframe><form action="https://evil.example/"><input name="password"></form>',
  '<strong>Hi</strong> <a href="https://example.org/">web</a> <a href="mailto:office@sointu.example">mail</a> <img src="/api/file/7/thumbnail?width=250" alt="Photo">',
].join('');
const clean =
  '<p>Log in again</p><a>a</a><a>b</a><a>c</a>' +
  '<strong>Hi</strong> <a href="https://example.org/">web</a> <a href="mailto:office@sointu.example">mail</a> <img src="/api/file/7/thumbnail?width=250" alt="Photo" />';

/** What no stored or served HTML may hold. */
const unsafe = /<script|<style|<iframe|<form|<input|\sstyle=|\son\w+=|\sclass=|javascript:|data:text|evil\.example|\/api\/logout/i;

describe('HTML fields on the server', () => {
  let t: TestApp;
  let runner: ProjectionRunner;
  let owner: TestUser;
  let operator: TestUser;
  const cookies = new Map<TestUser, Record<string, string>>();
  beforeAll(async () => {
    t = await buildTestApp();
    runner = createProjectionRunner({ log: t.store, sql: t.sql, projectors: [messagesProjector, favoritesProjector], pollIntervalMs: 50 });
    await runner.start();
    owner = await t.createUser({ config: { advancedMessaging: true, canCreateFavoriteLists: true } });
    operator = await t.createUser({ operator: true });
    for (const user of [owner, operator]) cookies.set(user, { cookie: (await t.login(user)).cookie });
  });
  afterAll(async () => {
    await runner?.stop();
    await t?.close();
  });

  const ok = async (user: TestUser, method: 'POST' | 'PUT', url: string, payload: object) => {
    const response = await t.app.inject({ method, url, headers: cookies.get(user), payload });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const itemsOf = async (messageId: number): Promise<{ id: number; html: string | null }[]> => {
    await runner.waitUntilCaughtUp(20_000);
    return ok(owner, 'POST', '/api/get-message-items', { messageIdList: [messageId] });
  };
  const storedEvents = async (streamId: string) => (await t.sql.query<{ data: unknown }>('SELECT data FROM events WHERE stream_id = $1 ORDER BY stream_version', [streamId])).map((row) => JSON.stringify(row.data));

  it('should store and serve a message item\'s HTML cleaned, when it is added and when it is changed', async () => {
    const message = await ok(owner, 'POST', '/api/messages', { title: 'Party' });
    const added = await ok(owner, 'POST', '/api/message-items', { messageId: message.id, type: 'InlineHTML', html: attack });
    expect(added.html).toBe(clean);
    const other = await ok(owner, 'POST', '/api/message-items', { messageId: message.id, type: 'InlineHTML', html: '<p>Fine</p>' });
    const changed = await ok(owner, 'PUT', `/api/message-items/${other.id}`, { html: attack });
    expect(changed.html).toBe(clean);
    expect((await itemsOf(message.id)).map((item) => item.html)).toEqual([clean, clean]);
    const events = await storedEvents(`message-${message.id}`);
    expect(events.length).toBeGreaterThan(2);
    for (const data of events) expect(data).not.toMatch(unsafe);
  });

  it('should keep ordinary formatting as it was written', async () => {
    const message = await ok(owner, 'POST', '/api/messages', { title: 'News' });
    const html = '<h3>News</h3><p><strong>Summer party</strong> on <em>Friday</em> &amp; Saturday.</p><ul><li>Coffee</li><li>Music</li></ul><blockquote>Quote</blockquote>';
    expect((await ok(owner, 'POST', '/api/message-items', { messageId: message.id, type: 'InlineHTML', html })).html).toBe(html);
  });

  it('should store a favorite list\'s description cleaned', async () => {
    const list = await ok(owner, 'POST', '/api/user-tag-groups', { name: 'Evening', description: attack });
    await ok(owner, 'PUT', `/api/user-tag-groups/${list.id}`, { name: 'Evening', description: `<p>${attack}</p>` });
    const events = await storedEvents(`favorite-list-${list.id}`);
    expect(events.length).toBe(2);
    for (const data of events) expect(data).not.toMatch(unsafe);
  });

  it('should store a recipe\'s and an audio file\'s description cleaned', async () => {
    const recipe = await ok(operator, 'POST', '/api/recipes2', { name: 'Morning', description: attack });
    expect(recipe.description).toBe(clean);
    const changed = await ok(operator, 'PUT', `/api/recipes2/${recipe.id}`, { description: `<div>${attack}</div>` });
    expect(changed.description).toBe(`<div>${clean}</div>`);
    const [audio] = (await insertAudioFiles(t, 1)) as [number];
    const file = await ok(operator, 'PUT', `/api/library/audio-files/${audio}`, { name: 'Tune', description: attack });
    expect(file.description).toBe(clean);
    await ok(operator, 'PUT', `/api/audio-files2/${audio}`, { description: attack, stageDescription: attack });
    const [row] = await t.sql.query<{ r: string; a: string; s: string }>(
      'SELECT r.description AS r, a.description AS a, a.stage_description AS s FROM recipes r, audio_files a WHERE r.id = $1 AND a.id = $2',
      [recipe.id, audio],
    );
    expect(row).toEqual({ r: `<div>${clean}</div>`, a: clean, s: clean });
  });

  it('should serve a message item from an event of before the policy cleaned', async () => {
    // Written as the old server wrote it: raw HTML straight into the log, past today's schemas.
    const messageId = 2_000_000_000 - Math.floor(Math.random() * 1_000_000);
    const at = '2026-05-04T10:00:00.000Z';
    const run = `old-html-${messageId}`;
    const events = [
      { type: 'MessageDrafted', data: { messageId, userId: owner.id, at, title: 'Old', time: null, expireTime: null, recommendation: false, recipientCanModify: false, recipientCanReply: true, game: false, usageReport: false, replyToMessageId: null } },
      { type: 'MessageItemAdded', data: { messageId, userId: owner.id, at, order: 1, item: { itemId: messageId, type: 'InlineHTML', html: attack, audioFileId: null, recipeId: null, fileId: null, url: null, contentType: null, trackClicks: false } } },
    ];
    for (const [n, e] of events.entries()) {
      await t.sql.query('INSERT INTO events (event_id, stream_id, stream_version, type, schema_version, data, metadata) VALUES ($1, $2, $3, $4, 1, $5, $6)', [
        eventId(run, n), `message-${messageId}`, n, e.type, JSON.stringify(e.data), '{}',
      ]);
    }
    const read = await t.store.readStream(`message-${messageId}`);
    expect(JSON.stringify(read.map((e) => e.data))).not.toMatch(unsafe);
    expect((await itemsOf(messageId)).map((item) => item.html)).toEqual([clean]);
  });

  it('should serve a message item whose read-model row holds HTML from before the policy cleaned', async () => {
    const message = await ok(owner, 'POST', '/api/messages', { title: 'Projected' });
    const item = await ok(owner, 'POST', '/api/message-items', { messageId: message.id, type: 'InlineHTML', html: '<p>Fine</p>' });
    await runner.waitUntilCaughtUp(20_000);
    const [{ table }] = (await t.sql.query<{ table: string }>("SELECT tablename AS table FROM pg_tables WHERE tablename LIKE 'rm_messages_v%_items' ORDER BY tablename DESC LIMIT 1")) as [{ table: string }];
    await t.sql.query(`UPDATE ${table} SET html = $1 WHERE id = $2`, [attack, item.id]);
    expect((await itemsOf(message.id)).map((i) => i.html)).toEqual([clean]);
  });
});
