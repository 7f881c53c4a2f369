import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeFindings } from '../support/axe.ts';
import { launchBrowser, type Browser } from '../support/browser.ts';
import { getJson, logIn, postJson, shot, startServer, stopServer, type Server } from '../support/product-server.ts';

// The single message view /messages/{id} (spec 2 sections 2 and 4): the demo caregiver (staff,
// advancedMessaging and messageTiming on) drafts a message, renames it, addresses it, fills it with
// items of several kinds, moves one, sets its end, sends it ("Message Sent!", then /sent-messages)
// and copies it, which opens the copy, whose items it then rates (evaluateMessageItems).

describe('the single message view', () => {
  let server: Server;
  let browser: Browser;
  let page: Page;
  const ui = { timeout: 20_000 };

  beforeAll(async () => {
    // The page item below frames the server's own /api/ping: its host is the operator's list (IFRAME_HOSTS).
    server = await startServer({ env: { IFRAME_HOSTS: '127.0.0.1' } });
    browser = await launchBrowser({ width: 1024, height: 768 });
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
  });

  afterAll(async () => {
    await browser?.close();
    if (server) await stopServer(server);
  });

  const types = () => page.getByTestId('message-item').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-type')));
  const lastAdded = () => page.locator('[data-testid=message-item]:has([data-testid=item-editor])');

  it('should let the caregiver write, address, fill, order, send and copy a message', async () => {
    await page.goto(server.url);
    await logIn(page, 'caregiver', 'sointu-demo');
    await page.waitForURL((url) => url.pathname === '/todays-messages', ui);
    const created = await postJson(page, '/api/messages', { title: 'Weekend' });
    expect(created.status).toBe(200);
    const id = (created.body as { id: number }).id;

    await page.goto(`${server.url}/messages/${id}`);
    await page.getByTestId('message-view').waitFor(ui);
    expect(await page.getByTestId('message-title').textContent()).toBe('Weekend');

    // The title, edited in place.
    await page.getByTestId('message-title-input').fill('Weekend programme');
    await page.getByTestId('message-title-input').press('Enter');
    await expect.poll(() => page.getByTestId('message-title').textContent(), ui).toBe('Weekend programme');

    // Recipients from the Add recipients modal.
    await page.getByTestId('add-recipients').click();
    const modal = page.getByTestId('add-recipients-modal');
    await modal.getByTestId('recipient-option').first().waitFor(ui);
    await shot(page, 'message-view-01-add-recipients');
    await modal.getByTestId('recipient-option').first().check();
    await modal.getByTestId('save-recipients').click();
    await expect.poll(() => page.getByTestId('recipient-chip').count(), ui).toBe(1);
    expect(await modal.count()).toBe(0);

    // A text first, then a link after it, then a song after that.
    await page.getByTestId('item-add-first').click();
    await lastAdded().getByTestId('item-html').waitFor(ui);
    await lastAdded().getByTestId('item-html').fill('<p>Sing-along on <b>Saturday</b> at 14</p>');
    await lastAdded().getByTestId('item-save-html').click();
    await expect.poll(() => page.getByTestId('message-item').first().getByTestId('message-item-view').textContent(), ui).toBe('Sing-along on Saturday at 14');

    await page.getByTestId('message-item').nth(0).getByTestId('item-add-after').click();
    await expect.poll(() => page.getByTestId('message-item').count(), ui).toBe(2);
    await lastAdded().getByTestId('item-type').selectOption('Link');
    await lastAdded().getByTestId('item-url').waitFor(ui);
    await lastAdded().getByTestId('item-url').fill('https://example.org/weekend');
    await lastAdded().getByTestId('item-save-url').click();
    await expect.poll(() => page.getByTestId('message-item').nth(1).locator('a').getAttribute('href'), ui).toBe('https://example.org/weekend');
    await lastAdded().getByTestId('item-width').selectOption('50%');
    await expect.poll(() => page.getByTestId('message-item').nth(1).getByTestId('message-item-view').getAttribute('style'), ui).toContain('50%');

    await page.getByTestId('message-item').nth(1).getByTestId('item-add-after').click();
    await expect.poll(() => page.getByTestId('message-item').count(), ui).toBe(3);
    await lastAdded().getByTestId('item-type').selectOption('AudioFile');
    await lastAdded().getByTestId('item-search').fill('');
    await lastAdded().getByTestId('item-search').press('Enter');
    const song = lastAdded().getByTestId('item-search-result').first();
    await song.waitFor(ui);
    const songName = (await song.textContent())!;
    await song.click();
    await expect.poll(() => page.getByTestId('message-item').nth(2).textContent(), ui).toContain(songName);
    expect(await types()).toEqual(['InlineHTML', 'Link', 'AudioFile']);

    // The song moves up, before the link.
    await page.getByTestId('message-item').nth(2).getByTestId('item-move-up').click();
    await expect.poll(types, ui).toEqual(['InlineHTML', 'AudioFile', 'Link']);
    await page.getByTestId('item-editor-close').click();

    // Attach a photo: it becomes a MediaFile item at full width, last.
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 80, g: 140, b: 200 } } }).png().toBuffer();
    await page.getByTestId('message-attach').locator('input[type=file]').setInputFiles({ name: 'Garden.png', mimeType: 'image/png', buffer: photo });
    await expect.poll(types, ui).toEqual(['InlineHTML', 'AudioFile', 'Link', 'MediaFile']);
    const media = page.getByTestId('message-item').nth(3);
    await expect.poll(() => media.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), ui).toBe(800);
    expect(await media.getByTestId('message-item-view').getAttribute('style')).toContain('100%');
    expect(await media.getByTestId('item-edit').textContent()).toBe('Muuta kokoa, lataa uudelleen tai poista');
    await media.getByTestId('item-edit').click();
    await media.getByTestId('item-width').selectOption('50%');
    await expect.poll(() => media.getByTestId('message-item-view').getAttribute('style'), ui).toContain('50%');
    await media.getByTestId('item-editor-close').click();

    // Active until: a week from now by default.
    // The box follows the saved message, so it turns on once the server has the new end.
    await page.getByTestId('message-active-until-toggle').click();
    await page.getByTestId('message-active-until').waitFor(ui);
    await shot(page, 'message-view-02-draft-filled');

    // Playback within the message: the text opens in the message item modal, Continue plays the song.
    await page.getByTestId('message-play').click();
    const itemModal = page.getByTestId('message-item-modal');
    await itemModal.waitFor(ui);
    expect(await itemModal.textContent()).toContain('Sing-along on Saturday');
    await shot(page, 'message-view-03-item-modal');
    await itemModal.getByTestId('item-modal-continue').click();
    await expect.poll(() => page.getByTestId('player-title').textContent(), ui).toContain(songName);
    await expect.poll(() => page.getByTestId('message-item').nth(1).getByTestId('message-item-view').getAttribute('class'), ui).toContain('playing');
    await page.getByTestId('message-next').click();
    await itemModal.waitFor(ui);
    await itemModal.getByTestId('item-modal-stop').click();
    expect(await itemModal.count()).toBe(0);

    // Send: the toast, then the sent messages.
    await page.getByTestId('message-send').click();
    await expect.poll(() => page.locator('.toast').textContent(), ui).toBe('Viesti lähetetty!');
    await page.waitForURL((url) => url.pathname === '/sent-messages', ui);

    // Sent: read-only recipients, Restore as draft and Copy; the copy opens as a draft.
    await page.goto(`${server.url}/messages/${id}`);
    await page.getByTestId('message-copy').waitFor(ui);
    expect(await page.getByTestId('message-view').getAttribute('data-sent')).toBe('true');
    expect(await types()).toEqual(['InlineHTML', 'AudioFile', 'Link', 'MediaFile']);
    expect(await page.getByTestId('message-restore').count()).toBe(1);
    expect(await page.getByTestId('message-send').count()).toBe(0);
    expect(await page.getByTestId('recipient-chip').locator('button').count()).toBe(0);
    await shot(page, 'message-view-04-sent');
    await page.getByTestId('message-copy').click();
    await page.waitForURL((url) => /^\/messages\/\d+$/.test(url.pathname) && url.pathname !== `/messages/${id}`, ui);
    await expect.poll(() => page.getByTestId('message-view').getAttribute('data-sent'), ui).toBe('false');
    expect(await page.getByTestId('message-title').textContent()).toBe('Weekend programme');
    await expect.poll(types, ui).toEqual(['InlineHTML', 'AudioFile', 'Link', 'MediaFile']);
    expect(await page.getByTestId('recipient-chip').count()).toBe(1);
    await shot(page, 'message-view-05-copy');

    // With evaluateMessageItems: green, orange and red per item; the choice is kept.
    const first = page.getByTestId('message-item').first();
    await first.getByTestId('item-evaluate-1').click();
    await expect.poll(() => first.getByTestId('item-evaluate-1').getAttribute('aria-pressed'), ui).toBe('true');
    await first.getByTestId('item-evaluate--1').click();
    await expect.poll(() => first.getByTestId('item-evaluation').getAttribute('data-score'), ui).toBe('-1');
    await expect
      .poll(async () => {
        await page.reload();
        await page.getByTestId('message-item').first().waitFor(ui);
        return page.getByTestId('message-item').first().getByTestId('item-evaluation').getAttribute('data-score');
      }, ui)
      .toBe('-1');
  });

  it('should show a recipient the message read-only, and let it forward one it may reply to', async () => {
    // Still the caregiver: a message to the relative, with a text and a link, sent.
    const recipients = (await getJson(page, '/api/message-recipients')).body as { users: { id: number; name: string }[] };
    const relative = recipients.users.find((u) => u.name.includes('Pekka'))!;
    const created = await postJson(page, '/api/messages', { title: 'Hello Pekka', recipientCanReply: true, recipients: [{ id: relative.id }] });
    const id = (created.body as { id: number }).id;
    expect((await postJson(page, '/api/message-items', { messageId: id, type: 'InlineHTML', html: '<p>Aino sang with us today.</p>' })).status).toBe(200);
    expect((await postJson(page, '/api/message-items', { messageId: id, type: 'Link', url: 'https://example.org/photos' })).status).toBe(200);
    const sent = await page.evaluate(async (url) => (await fetch(url, { method: 'PUT', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: '{"sent":true}' })).status, `/api/messages/${id}`);
    expect(sent).toBe(200);

    await page.context().clearCookies();
    await page.goto(server.url);
    await logIn(page, 'relative', 'sointu-demo');
    await page.waitForURL((url) => url.pathname !== '/', ui);
    await page.goto(`${server.url}/messages/${id}`);
    await page.getByTestId('message-view').waitFor(ui);
    await expect.poll(types, ui).toEqual(['InlineHTML', 'Link']);
    expect(await page.getByTestId('message-title').textContent()).toBe('Hello Pekka');
    for (const control of ['message-send', 'message-restore', 'add-recipients', 'item-edit', 'item-add-first', 'message-title-input']) {
      expect(await page.getByTestId(control).count(), control).toBe(0);
    }
    expect(await page.getByTestId('recipient-chip').locator('button').count()).toBe(0);
    await shot(page, 'message-view-06-received');

    // Forwarding makes a draft of the relative's own, to be addressed.
    await page.getByTestId('message-copy').click();
    await page.waitForURL((url) => /^\/messages\/\d+$/.test(url.pathname) && url.pathname !== `/messages/${id}`, ui);
    await expect.poll(() => page.getByTestId('message-view').getAttribute('data-sent'), ui).toBe('false');
    await expect.poll(types, ui).toEqual(['InlineHTML', 'Link']);
    expect(await page.getByTestId('recipient-chip').count()).toBe(0);
    expect(await page.getByTestId('add-recipients').count()).toBe(1);
    await shot(page, 'message-view-07-forwarded');
  });

  it('should open a page item in the whole window and close it again', async () => {
    // Another unit: the caregiver played in the first test, and a second login of it within ten
    // minutes is asked whether to go on here (spec 1), which this test is not about.
    await page.context().clearCookies();
    await page.goto(server.url);
    await logIn(page, 'kotikallio-b', 'sointu-demo');
    await page.waitForURL((url) => url.pathname !== '/', ui);
    const created = await postJson(page, '/api/messages', { title: 'A map for the outing' });
    const id = (created.body as { id: number }).id;
    expect((await postJson(page, '/api/message-items', { messageId: id, type: 'IFrame', url: `${server.url}/api/ping`, iframeHeight: 700 })).status).toBe(200);
    await page.goto(`${server.url}/messages/${id}`);
    await expect.poll(types, ui).toEqual(['IFrame']);
    // A page of the app's own origin: scripts, but never together with that origin (issue 37 item 8).
    expect(await page.locator('.message-item-iframe iframe').getAttribute('sandbox')).toBe('allow-scripts allow-popups');
    await shot(page, 'message-view-08-iframe-item');
    expect(await seriousAxeFindings(page, '.message-item-iframe')).toEqual([]);
    // On a relative's phone as well.
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'message-view-08-iframe-item-phone');
    expect(await seriousAxeFindings(page, '.message-item-iframe')).toEqual([]);
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.getByTestId('iframe-full-screen').click();
    const modal = page.getByTestId('iframe-modal');
    await modal.waitFor(ui);
    expect(await modal.locator('iframe').getAttribute('height')).toBe('700');
    expect(await modal.locator('iframe').getAttribute('sandbox')).toBe('allow-scripts allow-popups');
    await shot(page, 'message-view-09-iframe-full-screen');
    await modal.getByRole('button', { name: 'Sulje ikkuna' }).click();
    await expect.poll(() => modal.count(), ui).toBe(0);
  });
});

