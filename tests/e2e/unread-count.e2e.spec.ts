import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type Browser } from '../support/browser.ts';
import { getJson, logIn, postJson, shot, startServer, stopServer, type Server } from '../support/product-server.ts';

// The top bar's unread count (spec 2 section 6) as the caregiver meets it: the relative writes to
// the unit, and the caregiver's count rises without a reload (pushed over /ws); marking the
// message read lowers it again.

describe('unread count in the top bar', () => {
  let server: Server;
  let caregiverBrowser: Browser;
  let relativeBrowser: Browser;
  let caregiver: Page;
  let relative: Page;

  beforeAll(async () => {
    server = await startServer();
    caregiverBrowser = await launchBrowser();
    relativeBrowser = await launchBrowser();
    caregiver = caregiverBrowser.context.pages()[0] ?? (await caregiverBrowser.context.newPage());
    relative = relativeBrowser.context.pages()[0] ?? (await relativeBrowser.context.newPage());
  });

  afterAll(async () => {
    await caregiverBrowser?.close();
    await relativeBrowser?.close();
    if (server) await stopServer(server);
  });

  const shownCount = async () => Number(await caregiver.getByTestId('unread-count').textContent());
  const apiCount = async () => ((await getJson(caregiver, '/api/unread-messages-count')).body as { count: number }).count;

  it('rises when the relative writes to the unit and falls when the caregiver reads it, without a reload', async () => {
    await caregiver.goto(server.url);
    await logIn(caregiver, 'caregiver', 'sointu-demo');
    await caregiver.locator('header.top-bar').waitFor();
    await expect.poll(() => caregiver.locator('.shell').getAttribute('data-live'), { timeout: 15_000 }).toBe('answered');
    const before = await apiCount();
    await expect.poll(shownCount, { timeout: 10_000 }).toBe(before);
    const caregiverId = ((await getJson(caregiver, '/api/')).body as { id: number }).id;
    await caregiver.evaluate(() => {
      // Marks this document: a reload would lose it.
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });

    await relative.goto(server.url);
    await logIn(relative, 'relative', 'sointu-demo');
    await relative.locator('header.top-bar').waitFor();
    const sent = await postJson(relative, '/api/messages', { title: 'Greetings from home', recipients: [{ id: caregiverId }], sent: true });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const messageId = (sent.body as { id: number }).id;

    // Pushed: well before the next 5 s poll could have read it.
    await expect.poll(shownCount, { timeout: 4000, interval: 100 }).toBe(before + 1);
    await shot(caregiver, 'unread-count-01-risen', caregiver.locator('header.top-bar'));
    await shot(caregiver, 'unread-count-02-page');

    const read = await caregiver.evaluate(
      async ([id]) => {
        const response = await fetch('/api/message-read-time', {
          method: 'PUT',
          credentials: 'same-origin',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ messageId: id, readTime: new Date().toISOString() }),
        });
        return response.status;
      },
      [messageId] as const,
    );
    expect(read).toBe(200);
    await expect.poll(shownCount, { timeout: 4000, interval: 100 }).toBe(before);
    expect(await caregiver.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await shot(caregiver, 'unread-count-03-read', caregiver.locator('header.top-bar'));
  });
});
