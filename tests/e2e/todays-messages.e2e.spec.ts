import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type Browser } from '../support/browser.ts';
import { logIn, shot, startServer, stopServer, type Server } from '../support/product-server.ts';

// Today's messages (spec 2 section 2), the page the demo caregiver lands on: the office's
// recommendation of the day with its songs and text, selected and played through the one player,
// reset; in English too; and a user with nothing for today meets the empty state with a way on.

describe("today's messages", () => {
  let server: Server;
  let browser: Browser;
  let page: Page;
  const ui = { timeout: 20_000 };

  beforeAll(async () => {
    server = await startServer();
    // A tablet, landscape.
    browser = await launchBrowser({ width: 1024, height: 768 });
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
  });

  afterAll(async () => {
    await browser?.close();
    if (server) await stopServer(server);
  });

  it('should land the caregiver on the recommendation of the day and play the selected items', async () => {
    await page.goto(server.url);
    await logIn(page, 'caregiver', 'sointu-demo');
    await page.waitForURL((url) => url.pathname === '/todays-messages', ui);
    const title = page.getByTestId('todays-title').filter({ hasText: 'Songs for the day' });
    await title.waitFor(ui);
    const items = title.getByTestId('todays-item');
    await expect.poll(() => items.count(), ui).toBe(4);
    expect(await items.nth(1).textContent()).toContain('Sing along with the chorus');
    expect(await page.getByTestId('todays-play-all').textContent()).toBe('Toista kaikki');
    // The unit may not change the office's recommendation: no content-search button.
    expect(await page.getByTestId('todays-search').count()).toBe(0);

    // Two songs selected: Play all plays the first of them, Next skips the unselected text.
    const audio = title.locator('[data-testid=todays-item][data-type=AudioFile]');
    await expect.poll(() => audio.first().getByTestId('todays-item-play').isEnabled(), ui).toBe(true);
    const firstName = (await audio.nth(0).locator('.todays-item-name').textContent())!;
    const secondName = (await audio.nth(1).locator('.todays-item-name').textContent())!;
    await audio.nth(0).getByTestId('todays-item-select').check();
    await audio.nth(1).getByTestId('todays-item-select').check();
    await page.getByTestId('todays-play-all').click();
    const bar = page.getByTestId('player-bar');
    await expect.poll(() => bar.getAttribute('data-playing'), ui).toBe('true');
    expect(await page.getByTestId('player-title').textContent()).toContain(firstName);
    await expect.poll(() => audio.nth(0).getAttribute('class'), ui).toContain('playing');
    await shot(page, 'todays-messages-01-playing-fi');

    await page.getByTestId('todays-next').click();
    await expect.poll(() => page.getByTestId('player-title').textContent(), ui).toContain(secondName);
    await expect.poll(() => audio.nth(1).getAttribute('class'), ui).toContain('playing');
    await page.getByTestId('todays-previous').click();
    await expect.poll(() => page.getByTestId('player-title').textContent(), ui).toContain(firstName);

    await page.getByTestId('todays-reset').click();
    await expect.poll(() => title.locator('[data-testid=todays-item-select]:checked').count(), ui).toBe(0);
    await expect.poll(() => bar.count(), ui).toBe(0);
    expect(await title.locator('.todays-item.playing').count()).toBe(0);

    // Play all with nothing selected selects every audio item of the page.
    await page.getByTestId('todays-play-all').click();
    await expect.poll(() => title.locator('[data-testid=todays-item-select]:checked').count(), ui).toBe(3);
    await expect.poll(() => page.getByTestId('player-title').textContent(), ui).toContain(firstName);
    await page.getByTestId('todays-reset').click();
  });

  it('should list the radio recipe of the day after the messages and play one of its items', async () => {
    // The demo groups have a recipe for every day, and every demo recipe has a Radio item.
    const radio = page.getByTestId('todays-radio');
    await radio.waitFor(ui);
    expect(await radio.locator('h3').textContent()).toMatch(/^Päivän radio: \S/);
    const items = radio.getByTestId('todays-radio-item');
    await expect.poll(() => items.count(), ui).toBeGreaterThan(0);
    expect(await items.first().getAttribute('data-type')).toBe('Radio');
    expect(await items.first().locator('.todays-item-meta').textContent()).toMatch(/\d+:\d\d/);
    const name = (await items.first().locator('.todays-item-name').textContent())!;
    await items.first().getByTestId('todays-item-play').click();
    const bar = page.getByTestId('player-bar');
    await expect.poll(() => bar.getAttribute('data-playing'), ui).toBe('true');
    expect(await page.getByTestId('player-title').textContent()).toContain(name);
    await expect.poll(() => items.first().getAttribute('class'), ui).toContain('playing');
    await radio.scrollIntoViewIfNeeded();
    await shot(page, 'todays-messages-04-radio-fi');

    // Play all of the radio row selects its items only, not the messages'.
    await page.getByTestId('todays-reset').click();
    await page.getByTestId('todays-radio-play-all').click();
    await expect.poll(() => radio.locator('[data-testid=todays-item-select]:checked').count(), ui).toBe(await items.count());
    expect(await page.getByTestId('todays-title').locator('[data-testid=todays-item-select]:checked').count()).toBe(0);
    await expect.poll(() => page.getByTestId('player-title').textContent(), ui).toContain(name);
    await page.getByTestId('todays-reset').click();
    await expect.poll(() => bar.count(), ui).toBe(0);
  });

  it('should read in English, on a tablet held upright', async () => {
    await page.locator('#language').selectOption('eng');
    await expect.poll(() => page.getByTestId('todays-play-all').textContent(), ui).toBe('Play all');
    expect(await page.getByTestId('todays-reset').textContent()).toBe('Reset');
    await page.setViewportSize({ width: 768, height: 1024 });
    await shot(page, 'todays-messages-02-en-portrait');
    await page.locator('#language').selectOption('fin');
    await page.setViewportSize({ width: 1024, height: 768 });
  });

  it('should show a user with nothing for today the empty state with a way on', async () => {
    await page.context().clearCookies();
    await page.goto(server.url);
    await page.locator('input[name=username]').waitFor(ui);
    // The administrator wrote today's recommendation; nothing is addressed to them.
    await logIn(page, 'admin', 'sointu-demo');
    await page.waitForURL((url) => url.pathname === '/todays-messages', ui);
    const empty = page.getByTestId('todays-empty');
    await empty.waitFor(ui);
    expect(await empty.textContent()).toContain('Tälle päivälle ei ole viestejä');
    expect(await empty.locator('a[href="/favorites"]').count()).toBe(1);
    expect(await empty.locator('a[href="/search"]').count()).toBe(1);
    await shot(page, 'todays-messages-03-empty-fi');
    await empty.locator('a[href="/search"]').click();
    await page.waitForURL((url) => url.pathname === '/search', ui);
  });
});
