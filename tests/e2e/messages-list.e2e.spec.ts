import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteSql } from '../../infra/sql/pglite-sql.ts';
import { launchBrowser, type Browser } from '../support/browser.ts';
import { getJson, logIn, shot, startServer, stopServer, type Server } from '../support/product-server.ts';

// The messages screens (spec 2 section 2) as the demo caregiver and relative meet them: received,
// sent and drafts tabs, the recipient filter, bold unread rows and "Reply to:", the trash toggle
// with delete and restore, "Create New Message" opening the new draft, the relative's "Greetings"
// wording, and the games page behind the Games link. What the lists show is made through the API.
// Last, the unread pop-ups on load: no route sets a user's messagePopup yet, so the test switches
// it on in the stopped server's database, as an operator would, and starts the server again.

interface Me {
  id: number;
  messageReceivers: Array<{ id: number; name: string }>;
  messageReceiverGroups: Array<{ id: number; name: string }>;
}

async function call(page: Page, method: 'POST' | 'PUT', path: string, body: unknown): Promise<{ id: number }> {
  const answer = await page.evaluate(
    async ([verb, url, json]) => {
      const response = await fetch(url, { method: verb, credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: json });
      return { status: response.status, body: (await response.json()) as unknown };
    },
    [method, path, JSON.stringify(body)] as const,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { id: number };
}

describe('messages lists', () => {
  let server: Server;
  let caregiverBrowser: Browser;
  let relativeBrowser: Browser;
  let caregiver: Page;
  let relative: Page;
  const ui = { timeout: 20_000 };
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    server = await startServer();
    caregiverBrowser = await launchBrowser();
    relativeBrowser = await launchBrowser();
    caregiver = caregiverBrowser.context.pages()[0] ?? (await caregiverBrowser.context.newPage());
    relative = relativeBrowser.context.pages()[0] ?? (await relativeBrowser.context.newPage());

    await relative.goto(server.url);
    await logIn(relative, 'relative', 'sointu-demo');
    await relative.locator('header.top-bar').waitFor(ui);
    await caregiver.goto(server.url);
    await logIn(caregiver, 'caregiver', 'sointu-demo');
    await caregiver.locator('header.top-bar').waitFor(ui);

    const relativeMe = (await getJson(relative, '/api/')).body as Me;
    const caregiverMe = (await getJson(caregiver, '/api/')).body as Me;
    const ward = relativeMe.messageReceiverGroups[0]!;
    ids.news = (await call(caregiver, 'POST', '/api/messages', { title: 'Weekly news', recipients: [{ id: relativeMe.id }], sent: true })).id;
    ids.home = (await call(relative, 'POST', '/api/messages', { title: 'Greetings from home', recipients: [{ id: caregiverMe.id }], sent: true })).id;
    ids.ward = (await call(relative, 'POST', '/api/messages', { title: 'For the whole ward', recipientGroups: [{ id: ward.id }], sent: true })).id;
    ids.reply = (await call(relative, 'POST', '/api/messages', { title: 'Weekly news', replyToMessageId: ids.news, recipients: [{ id: caregiverMe.id }], sent: true })).id;
    ids.game = (await call(caregiver, 'POST', '/api/messages', { title: 'Guess the song', recipients: [{ id: relativeMe.id }], game: true })).id;
    await call(caregiver, 'POST', '/api/message-items', { messageId: ids.game, type: 'InlineHTML', html: '<p>Which waltz is this?</p>' });
    await call(caregiver, 'PUT', `/api/messages/${ids.game}`, { sent: true });
  });

  afterAll(async () => {
    await caregiverBrowser?.close();
    await relativeBrowser?.close();
    if (server) await stopServer(server);
  });

  const rows = (page: Page) => page.getByTestId('messages-table').locator('tbody tr');
  const row = (page: Page, text: string) => rows(page).filter({ hasText: text });

  it('should list received messages, bold while unread, filtered by recipient, and open one on a click', async () => {
    await caregiver.goto(`${server.url}/messages`);
    await row(caregiver, 'Greetings from home').waitFor(ui);
    await row(caregiver, 'Vastaus: Weekly news').waitFor(ui);
    expect(await caregiver.locator('.messages-tabs .tab').allTextContents()).toEqual(['Saapuneet viestit', 'Lähetetyt viestit', 'Luonnokset']);
    expect(await caregiver.locator('table thead th').allTextContents()).toEqual(expect.arrayContaining(['Lähettäjä↕', 'Vastaanottaja↕', 'Viesti↕', 'Lähetetty↕']));
    expect(await row(caregiver, 'Greetings from home').getAttribute('class')).toContain('unread');
    expect(await row(caregiver, 'Greetings from home').locator('strong').count()).toBe(1);
    await expect.poll(() => row(caregiver, 'For the whole ward').count(), ui).toBe(1);
    await shot(caregiver, 'messages-list-01-received');

    // A message arriving while the tab is open shows without a reload (pushed, or the 5 s poll).
    await caregiver.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    const caregiverId = ((await getJson(caregiver, '/api/')).body as Me).id;
    ids.live = (await call(relative, 'POST', '/api/messages', { title: 'Arrived while open', recipients: [{ id: caregiverId }], sent: true })).id;
    await row(caregiver, 'Arrived while open').waitFor({ timeout: 7000 });
    expect(await caregiver.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

    const filter = caregiver.getByTestId('recipient-filter');
    expect(await filter.locator('option').first().textContent()).toBe('Kaikki vastaanottajat');
    // The group as the caregiver reads it (its name, not the relative's messages name for it).
    const wardLabel = (await row(caregiver, 'For the whole ward').locator('td').nth(1).textContent()) ?? '';
    expect(wardLabel).not.toBe('');
    await filter.selectOption(wardLabel);
    await expect.poll(() => rows(caregiver).count(), ui).toBe(1);
    expect(await rows(caregiver).first().textContent()).toContain('For the whole ward');
    await shot(caregiver, 'messages-list-02-filtered');
    await filter.selectOption('');
    await expect.poll(() => rows(caregiver).count(), ui).toBeGreaterThanOrEqual(3);

    await row(caregiver, 'Greetings from home').click();
    await caregiver.waitForURL((url) => url.pathname === `/messages/${ids.home}`, ui);
  });

  it('should move a sent message to the trash and restore it', async () => {
    await caregiver.goto(`${server.url}/sent-messages`);
    await row(caregiver, 'Weekly news').waitFor(ui);
    expect(await caregiver.locator('.messages-tabs .tab.active').textContent()).toBe('Lähetetyt viestit');
    // No recipient column outside the received tab.
    expect(await caregiver.locator('table thead th').allTextContents()).not.toContain('Vastaanottaja↕');
    await caregiver.getByTestId(`message-delete-${ids.news}`).click();
    await expect.poll(() => row(caregiver, 'Weekly news').count(), ui).toBe(0);

    await caregiver.getByTestId('trash-toggle').click();
    await row(caregiver, 'Weekly news').waitFor(ui);
    expect(await caregiver.getByTestId('trash-toggle').getAttribute('aria-pressed')).toBe('true');
    await shot(caregiver, 'messages-list-03-trash');
    await caregiver.getByTestId(`message-restore-${ids.news}`).click();
    await expect.poll(() => row(caregiver, 'Weekly news').count(), ui).toBe(0);
    await caregiver.getByTestId('trash-toggle').click();
    await row(caregiver, 'Weekly news').waitFor(ui);
  });

  it('should create a new draft, open it, and list it under drafts', async () => {
    await caregiver.goto(`${server.url}/drafts`);
    await caregiver.getByTestId('messages-table').waitFor(ui);
    expect(await caregiver.getByTestId('create-message-bottom').textContent()).toBe('Luo uusi viesti');
    await caregiver.getByTestId('create-message-top').click();
    await caregiver.waitForURL((url) => /^\/messages\/\d+$/.test(url.pathname), ui);
    const created = Number(new URL(caregiver.url()).pathname.split('/')[2]);
    await caregiver.goto(`${server.url}/drafts`);
    await row(caregiver, 'Uusi viesti').waitFor(ui);
    await shot(caregiver, 'messages-list-04-drafts');
    await row(caregiver, 'Uusi viesti').click();
    await caregiver.waitForURL((url) => url.pathname === `/messages/${created}`, ui);
  });

  it("should greet the relative and show the game under the Games link", async () => {
    await relative.goto(`${server.url}/messages`);
    await row(relative, 'Weekly news').waitFor(ui);
    expect(await relative.locator('.messages-tabs .tab').allTextContents()).toEqual(['Saapuneet tervehdykset', 'Lähetetyt tervehdykset', 'Luonnokset']);
    await shot(relative, 'messages-list-05-greetings');

    const gamesLink = relative.locator('.nav-links a', { hasText: 'Pelit' });
    await gamesLink.waitFor(ui);
    await gamesLink.click();
    await relative.waitForURL((url) => url.pathname === '/games', ui);
    const game = relative.getByTestId(`game-${ids.game}`);
    await game.waitFor(ui);
    expect(await game.textContent()).toContain('Which waltz is this?');
    await shot(relative, 'messages-list-06-games');
    await game.click();
    await relative.waitForURL((url) => url.pathname === `/messages/${ids.game}`, ui);
  });

  it('should pop up the unread messages on load when messagePopup is on, and mark each read from its pop-up', async () => {
    await stopServer(server, { keepData: true });
    const sql = await createPgliteSql(join(server.dataDir, 'pglite'));
    await sql.query(`UPDATE users SET config = config || '{"messagePopup": true}'::jsonb WHERE name = 'caregiver'`);
    await sql.close();
    server = await startServer({ dataDir: server.dataDir });

    await caregiver.goto(server.url);
    const form = caregiver.locator('input[name=username]');
    const bar = caregiver.locator('header.top-bar');
    await Promise.race([form.waitFor(ui), bar.waitFor(ui)]);
    if (await form.isVisible()) await logIn(caregiver, 'caregiver', 'sointu-demo');
    const popups = caregiver.locator('[data-modal=MESSAGE]');
    await popups.last().waitFor(ui);
    const unread = (await call(caregiver, 'POST', '/api/get-messages', { query: { own: false, sent: true, active: true } })) as unknown as Array<{ readTime: string | null; game: boolean; recommendation: boolean }>;
    const expected = unread.filter((m) => m.readTime === null && !m.game && !m.recommendation).length;
    await expect.poll(() => popups.count(), ui).toBe(expected);
    // The newest lies on top: the relative's last message; under it their reply.
    const top = popups.last();
    expect(await top.getByRole('heading').textContent()).toBe('Arrived while open');
    expect(await popups.nth(expected - 2).locator('h2').textContent()).toBe('Vastaus: Weekly news');
    expect(await top.textContent()).toContain('Lähettäjä: Pekka Virtanen');
    await shot(caregiver, 'messages-list-07-popup');

    await top.getByTestId('message-popup-read').click();
    await expect.poll(() => popups.count(), ui).toBe(expected - 1);
    // The one under it shows now.
    expect(await popups.last().isVisible()).toBe(true);
    expect(await popups.first().isVisible()).toBe(expected - 1 === 1);
    const readNow = (await call(caregiver, 'POST', '/api/get-messages', { query: { idList: [ids.live] } })) as unknown as Array<{ readTime: string | null }>;
    expect(readNow[0]?.readTime).not.toBeNull();
  });
});
