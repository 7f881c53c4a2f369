import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type Browser } from '../support/browser.ts';
import { logIn, shot, startServer, stopServer, type Server } from '../support/product-server.ts';

// Issue 13, deliverable 3: the operator rebuilds a Postgres read model from the rebuild screen,
// the way the reports' warehouse is rebuilt: version 2 of the favorites read model builds beside
// version 1, the operator switches to it when it has caught up and drops version 1. The real
// server over the demo data (its generated usage still being written meanwhile).

describe('read model rebuild in the browser', () => {
  let server: Server;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser({ width: 1280, height: 900 });
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    if (server) await stopServer(server);
  });

  it('should list the read models, rebuild favorites, switch to version 2 and drop version 1', { timeout: 600_000 }, async () => {
    await page.goto(server.url);
    await page.locator('input[name=username]').waitFor({ timeout: 60_000 });
    await logIn(page, 'operator', 'sointu-demo');
    await page.waitForURL((url) => url.pathname === '/admin/rebuild', { timeout: 60_000 });
    const panel = page.getByTestId('read-models-panel');
    await panel.waitFor({ timeout: 60_000 });
    for (const name of ['evaluations', 'favorites', 'last-activity', 'messages', 'target-counts', 'usage-session-state']) {
      expect(await panel.locator(`tr[data-read-model=${name}]`).count(), name).toBe(1);
    }
    const favorites = panel.locator('tr[data-read-model=favorites]');
    expect(await favorites.locator('td').first().textContent()).toBe('1');
    await favorites.getByTestId('rebuild-read-model').click();
    await expect.poll(() => favorites.getByTestId('read-model-progress').textContent(), { timeout: 30_000 }).toMatch(/^Versio 2/);
    await panel.scrollIntoViewIfNeeded();
    await shot(page, 'read-models-01-rebuilding', panel);
    await expect.poll(() => favorites.getByTestId('switch-read-model').isEnabled(), { timeout: 540_000, interval: 1_000 }).toBe(true);
    await shot(page, 'read-models-02-caught-up', panel);
    await favorites.getByTestId('switch-read-model').click();
    await expect.poll(() => favorites.locator('td').first().textContent(), { timeout: 30_000 }).toBe('2');
    await expect.poll(() => favorites.getByTestId('drop-read-model').isEnabled(), { timeout: 30_000 }).toBe(true);
    await favorites.getByTestId('drop-read-model').click();
    await favorites.getByText('Poistetut versiot: 1').waitFor({ timeout: 60_000 });
    expect(await favorites.getByTestId('rebuild-read-model').isEnabled()).toBe(true);
    await shot(page, 'read-models-03-switched', panel);
    // The favorites still answer after the switch: the demo caregiver's lists are there.
    const lists = await page.evaluate(async () => (await fetch('/api/admin/projections')).status);
    expect(lists).toBe(200);
  });
});
