import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectionRunner, type ProjectionRunner } from '../../projections/engine/runner.ts';
import { messagesProjector } from '../../projections/postgres/messages.ts';
import { favoritesProjector } from '../../projections/postgres/favorites.ts';
import { routeDatabases, buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';
import { insertAudioFiles, insertVideoFile, testClock } from './support/usage-kit.ts';

// The single message view's calls (spec 2 sections 4 to 7): items of every kind with their width,
// frame height, file and favorite list, placed and moved; who edits items (section 6); what an item
// may not say (named field, nothing appended); copy-message.

describe.each(routeDatabases)('the single message view on %s', (database) => {
  const clock = testClock('2026-11-20T10:00:00.000Z');
  let t: TestApp;
  let runner: ProjectionRunner;
  let audio: number;
  let video: number;
  let recipe: number;
  let owner: TestUser;
  let plain: TestUser;
  let unit: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let groupId: number;
  const cookies = new Map<TestUser, Record<string, string>>();

  beforeAll(async () => {
    // IFrame items frame only the operator's hosts (IFRAME_HOSTS; tests/http/iframe-hosts.int.spec.ts).
    t = await buildTestApp({ database, now: clock.now, config: { iframeHosts: ['example.org', 'x.example'] } });
    [audio] = (await insertAudioFiles(t, 1)) as [number];
    video = await insertVideoFile(t, 'Walk in the park.mp4');
    [{ id: recipe }] = (await t.sql.query<{ id: number }>("INSERT INTO recipes (name) VALUES ('Autumn') RETURNING id")) as [{ id: number }];
    runner = createProjectionRunner({ log: t.store, sql: t.sql, projectors: [messagesProjector, favoritesProjector], pollIntervalMs: 50 });
    await runner.start();
    [{ id: groupId }] = (await t.sql.query<{ id: number }>("INSERT INTO user_groups (name) VALUES ('Maple') RETURNING id")) as [{ id: number }];
    owner = await t.createUser({ config: { advancedMessaging: true, canCreateRecommendations: true, canCreateFavoriteLists: true } });
    plain = await t.createUser();
    unit = await t.createUser();
    member = await t.createUser();
    stranger = await t.createUser({ config: { canCreateFavoriteLists: true } });
    await t.sql.query('UPDATE users SET user_group_id = $1 WHERE id = $2', [groupId, member.id]);
    for (const sender of [owner, plain]) {
      await t.sql.query('INSERT INTO message_receivers (user_id, receiver_user_id) VALUES ($1, $2)', [sender.id, unit.id]);
      await t.sql.query('INSERT INTO message_receiver_groups (user_id, user_group_id) VALUES ($1, $2)', [sender.id, groupId]);
    }
    await t.sql.query('INSERT INTO message_receivers (user_id, receiver_user_id) VALUES ($1, $2)', [unit.id, owner.id]);
    for (const user of [owner, plain, unit, member, stranger]) cookies.set(user, { cookie: (await t.login(user)).cookie });
  });
  afterAll(async () => {
    await runner.stop();
    await t.close();
  });

  const call = (user: TestUser, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => t.app.inject({ method, url, headers: cookies.get(user), payload });
  const ok = async (user: TestUser, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
    const response = await call(user, method, url, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const refused = async (user: TestUser, method: 'POST' | 'PUT' | 'DELETE', url: string, payload: object | undefined, kind: string, path?: string) => {
    const response = await call(user, method, url, payload);
    expect(response.json().error, response.body).toMatchObject({ kind, ...(path ? { details: [expect.objectContaining({ path })] } : {}) });
  };
  const itemsOf = async (user: TestUser, messageId: number) => {
    await runner.waitUntilCaughtUp(20_000);
    return (await ok(user, 'POST', '/api/get-message-items', { messageIdList: [messageId] })) as { id: number; type: string; order: number }[];
  };
  const messageEvents = async () => (await t.sql.query<{ n: number }>("SELECT count(*)::int AS n FROM events WHERE stream_id LIKE 'message-%'"))[0]!.n;

  it('should hold items of every kind with their width, frame height, file, recipe and list, named', async () => {
    const message = await ok(owner, 'POST', '/api/messages', { title: 'Every kind' });
    const list = await ok(owner, 'POST', '/api/user-tag-groups', { name: 'Evening songs' });
    const add = (item: object) => ok(owner, 'POST', '/api/message-items', { messageId: message.id, ...item });
    expect(await add({ type: 'MediaFile', fileId: video, width: '75%' })).toMatchObject({ fileId: video, fileName: 'Walk in the park.mp4', fileContentType: 'video/mp4', width: '75%' });
    expect(await add({ type: 'AudioFile', audioFileId: audio, width: '100%' })).toMatchObject({ audioFileName: expect.any(String) });
    expect(await add({ type: 'IFrame', url: 'https://example.org/embed', iframeHeight: 600 })).toMatchObject({ iframeHeight: 600 });
    expect(await add({ type: 'FavoriteList', userTagGroupId: list.id })).toMatchObject({ userTagGroupId: list.id, userTagGroupName: 'Evening songs' });
    expect(await add({ type: 'Recipe', recipeId: recipe })).toMatchObject({ recipeName: 'Autumn' });
    expect(await add({ type: 'Link', url: 'mailto:unit@example.org' })).toMatchObject({ url: 'mailto:unit@example.org', width: null });
    const items = await itemsOf(owner, message.id);
    expect(items.map((i) => i.type)).toEqual(['MediaFile', 'AudioFile', 'IFrame', 'FavoriteList', 'Recipe', 'Link']);
    expect(items[0]).toMatchObject({ width: '75%', fileName: 'Walk in the park.mp4' });
    expect(items[3]).toMatchObject({ userTagGroupName: 'Evening songs' });
  });

  it('should add after the current item or first, and move items up and down', async () => {
    const message = await ok(owner, 'POST', '/api/messages', { title: 'Order' });
    const add = (url: string, position?: number) => ok(owner, 'POST', '/api/message-items', { messageId: message.id, type: 'Link', url, position });
    const a = await add('https://a.example/');
    const b = await add('https://b.example/');
    const c = await add('https://c.example/', 1);
    const first = await add('https://first.example/', 0);
    const ids = async () => (await itemsOf(owner, message.id)).map((i) => i.id);
    expect(await ids()).toEqual([first.id, a.id, c.id, b.id]);
    await ok(owner, 'PUT', `/api/message-items/${b.id}`, { position: 2 });
    expect(await ids()).toEqual([first.id, a.id, b.id, c.id]);
    await ok(owner, 'PUT', `/api/message-items/${first.id}`, { position: 1, width: '25%' });
    expect(await ids()).toEqual([a.id, first.id, b.id, c.id]);
    expect((await itemsOf(owner, message.id)).map((i) => i.order)).toEqual([0, 1, 2, 3]);
  });

  it('should refuse what an item may not say, naming the field, and append nothing', async () => {
    const message = await ok(owner, 'POST', '/api/messages', { title: 'Bad items' });
    const othersList = await ok(stranger, 'POST', '/api/user-tag-groups', { name: 'Private' });
    const item = await ok(owner, 'POST', '/api/message-items', { messageId: message.id, type: 'Link', url: 'https://ok.example/' });
    await runner.waitUntilCaughtUp(20_000);
    const before = await messageEvents();
    const post = (body: object, path: string) => refused(owner, 'POST', '/api/message-items', { messageId: message.id, ...body }, 'ValidationError', path);
    await post({ type: 'MediaFile', fileId: 987654 }, 'body.fileId');
    await post({ type: 'AudioFile', audioFileId: 987654 }, 'body.audioFileId');
    await post({ type: 'Recipe', recipeId: 987654 }, 'body.recipeId');
    await post({ type: 'FavoriteList', userTagGroupId: 987654 }, 'body.userTagGroupId');
    await post({ type: 'FavoriteList', userTagGroupId: othersList.id }, 'body.userTagGroupId');
    for (const width of ['30%', '100', 100, '0%']) await post({ type: 'Link', url: 'https://x.example/', width }, 'body.width');
    for (const url of ['javascript:alert(1)', 'ftp://x.example/', 'data:text/html,x']) await post({ type: 'Link', url }, 'body.url');
    for (const iframeHeight of [599, 600.5, '700']) await post({ type: 'IFrame', url: 'https://x.example/', iframeHeight }, 'body.iframeHeight');
    const put = (body: object, path: string) => refused(owner, 'PUT', `/api/message-items/${item.id}`, body, 'ValidationError', path);
    await put({ width: '33%' }, 'body.width');
    await put({ fileId: 987654 }, 'body.fileId');
    await put({ iframeHeight: 10 }, 'body.iframeHeight');
    await put({ position: -1 }, 'body.position');
    expect(await messageEvents()).toBe(before);
  });

  it('should let the owner edit items only while unsent, and nobody else', async () => {
    const message = await ok(owner, 'POST', '/api/messages', { title: 'Owner only', recipients: [{ id: unit.id }] });
    const item = await ok(owner, 'POST', '/api/message-items', { messageId: message.id, type: 'Link', url: 'https://x.example/' });
    await runner.waitUntilCaughtUp(20_000);
    await refused(stranger, 'POST', '/api/message-items', { messageId: message.id, type: 'Link', url: 'https://y.example/' }, 'AccessDenied');
    await refused(unit, 'PUT', `/api/message-items/${item.id}`, { width: '50%' }, 'AccessDenied');
    await ok(owner, 'PUT', `/api/messages/${message.id}`, { sent: true });
    const before = await messageEvents();
    await refused(owner, 'PUT', `/api/message-items/${item.id}`, { width: '50%' }, 'InvalidRequest');
    await refused(owner, 'POST', '/api/message-items', { messageId: message.id, type: 'Link', url: 'https://y.example/' }, 'InvalidRequest');
    await refused(unit, 'DELETE', `/api/message-items/${item.id}`, undefined, 'AccessDenied');
    expect(await messageEvents()).toBe(before);
  });

  it('should let recipients edit a sent recommendation with recipientCanModify, but not its inline HTML', async () => {
    const message = await ok(owner, 'POST', '/api/messages', { title: 'Suggestions', recommendation: true, recipientCanModify: true, recipients: [{ id: unit.id }], recipientGroups: [{ id: groupId }] });
    const text = await ok(owner, 'POST', '/api/message-items', { messageId: message.id, type: 'InlineHTML', html: '<p>Listen to these</p>' });
    const song = await ok(owner, 'POST', '/api/message-items', { messageId: message.id, type: 'AudioFile', audioFileId: audio });
    await ok(owner, 'PUT', `/api/messages/${message.id}`, { sent: true });
    await runner.waitUntilCaughtUp(20_000);
    const added = await ok(unit, 'POST', '/api/message-items', { messageId: message.id, type: 'Link', url: 'https://unit.example/', position: 0 });
    await ok(member, 'PUT', `/api/message-items/${song.id}`, { width: '50%' });
    expect((await itemsOf(unit, message.id)).map((i) => i.id)).toEqual([added.id, text.id, song.id]);
    const before = await messageEvents();
    await refused(unit, 'PUT', `/api/message-items/${text.id}`, { html: '<p>Changed</p>' }, 'AccessDenied');
    await refused(member, 'DELETE', `/api/message-items/${text.id}`, undefined, 'AccessDenied');
    await refused(unit, 'POST', '/api/message-items', { messageId: message.id, type: 'InlineHTML', html: '<p>Mine</p>' }, 'AccessDenied');
    await refused(stranger, 'PUT', `/api/message-items/${song.id}`, { width: '25%' }, 'AccessDenied');
    expect(await messageEvents()).toBe(before);
    await ok(unit, 'DELETE', `/api/message-items/${added.id}`);

    // Without recipientCanModify the recipient changes nothing.
    const fixed = await ok(owner, 'POST', '/api/messages', { title: 'Fixed', recommendation: true, recipients: [{ id: unit.id }], sent: true });
    await refused(unit, 'POST', '/api/message-items', { messageId: fixed.id, type: 'Link', url: 'https://unit.example/' }, 'AccessDenied');
  });

  it('should let only users with advancedMessaging edit inline HTML', async () => {
    const message = await ok(plain, 'POST', '/api/messages', { title: 'Plain' });
    const text = await ok(plain, 'POST', '/api/message-items', { messageId: message.id, type: 'InlineHTML', html: '<p>Hi</p>' });
    const link = await ok(plain, 'POST', '/api/message-items', { messageId: message.id, type: 'Link', url: 'https://x.example/' });
    await runner.waitUntilCaughtUp(20_000);
    const before = await messageEvents();
    await refused(plain, 'PUT', `/api/message-items/${text.id}`, { html: '<p>Bye</p>' }, 'AccessDenied');
    await refused(plain, 'PUT', `/api/message-items/${link.id}`, { type: 'InlineHTML', html: '<p>x</p>' }, 'AccessDenied');
    expect(await messageEvents()).toBe(before);
    // Its width and place are not its HTML.
    expect(await ok(plain, 'PUT', `/api/message-items/${text.id}`, { width: '50%', position: 1 })).toMatchObject({ width: '50%', html: '<p>Hi</p>' });
    const mine = await ok(owner, 'POST', '/api/messages', { title: 'Advanced' });
    const html = await ok(owner, 'POST', '/api/message-items', { messageId: mine.id, type: 'InlineHTML', html: '<p>Hi</p>' });
    await runner.waitUntilCaughtUp(20_000);
    expect(await ok(owner, 'PUT', `/api/message-items/${html.id}`, { html: '<p>Bye</p>' })).toMatchObject({ html: '<p>Bye</p>' });
  });

  it('should copy a message as a draft of the caller with its items, time and recipients (copy-message)', async () => {
    const message = await ok(owner, 'POST', '/api/messages', { title: 'Weekly', recipientCanReply: true, recipients: [{ id: unit.id }] });
    await ok(owner, 'POST', '/api/message-items', { messageId: message.id, type: 'Link', url: 'https://a.example/', width: '50%' });
    await ok(owner, 'POST', '/api/message-items', { messageId: message.id, type: 'AudioFile', audioFileId: audio, position: 0 });
    await ok(owner, 'PUT', `/api/messages/${message.id}`, { sent: true });
    const copy = await ok(owner, 'POST', '/api/requests/copy-message', { messageId: message.id, time: '2026-11-27T08:00:00+02:00', recipients: [{ id: unit.id }], recipientGroups: [{ id: groupId }] });
    expect(copy.id).not.toBe(message.id);
    await runner.waitUntilCaughtUp(20_000);
    const [copied] = await ok(owner, 'POST', '/api/get-messages', { query: { idList: [copy.id] } });
    expect(copied).toMatchObject({ title: 'Weekly', sent: false, own: true, time: '2026-11-27T06:00:00.000Z', recipients: [{ id: unit.id }], recipientGroups: [{ id: groupId }], replyToMessageId: null });
    const items = await itemsOf(owner, copy.id);
    expect(items).toMatchObject([{ type: 'AudioFile', order: 0 }, { type: 'Link', order: 1, width: '50%' }]);
    expect(items.map((i) => i.id)).not.toContain((await itemsOf(owner, message.id))[0]!.id);

    // A recipient forwards it to its own receivers, as its draft.
    const forward = await ok(unit, 'POST', '/api/requests/copy-message', { messageId: message.id, time: null, recipients: [{ id: owner.id }] });
    await runner.waitUntilCaughtUp(20_000);
    expect((await ok(unit, 'POST', '/api/get-messages', { query: { idList: [forward.id] } }))[0]).toMatchObject({ userId: unit.id, sent: false, title: 'Weekly' });
  });

  it('should refuse a copy the caller may not make, naming the field, and append nothing', async () => {
    const message = await ok(owner, 'POST', '/api/messages', { title: 'No forwarding', recipients: [{ id: unit.id }], sent: true });
    const draft = await ok(owner, 'POST', '/api/messages', { title: 'Secret draft' });
    const before = await messageEvents();
    const copy = (user: TestUser, body: object) => call(user, 'POST', '/api/requests/copy-message', body);
    expect((await copy(unit, { messageId: message.id, recipients: [] })).json().error.kind).toBe('AccessDenied');
    expect((await copy(stranger, { messageId: draft.id })).json().error.kind).toBe('AccessDenied');
    expect((await copy(unit, { messageId: draft.id })).json().error.kind).toBe('AccessDenied');
    expect((await copy(owner, { messageId: 987654 })).json().error.kind).toBe('NotFound');
    expect((await copy(owner, { messageId: message.id, recipients: [{ id: stranger.id }] })).json().error).toMatchObject({ kind: 'ValidationError', details: [{ path: 'body.recipients.0.id' }] });
    expect((await copy(owner, { messageId: message.id, time: 'tomorrow' })).json().error).toMatchObject({ kind: 'ValidationError', details: [expect.objectContaining({ path: 'body.time' })] });
    expect((await copy(owner, { messageId: 'x' })).json().error).toMatchObject({ kind: 'ValidationError', details: [expect.objectContaining({ path: 'body.messageId' })] });
    expect(await messageEvents()).toBe(before);
  });
});
