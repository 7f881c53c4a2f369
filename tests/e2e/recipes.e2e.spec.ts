import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageTotals } from '../../schemas/api/usage-report.ts';
import { CurrentUser } from '../../schemas/api/user.ts';
import { launchBrowser, type Browser } from '../support/browser.ts';
import { logIn, shot, startServer, stopServer, type Server } from '../support/product-server.ts';

// Recipes (spec 2 sections 2 and 4, issue 15) on the real server with the demo seed: the caregiver
// opens the recipe list, searches, opens a recipe, plays its Music tab on to the next piece with
// auto-play, switches tabs, plays PlayAll in one click, resets the tabs from the nav link, and
// finds the plays in the usage report as guided usage from recipes.

/** UI waits: the machine is shared and slow. */
const ui = { timeout: 20_000, interval: 250 };

describe('recipes', () => {
  let server: Server;
  let browser: Browser;
  let page: Page;
  let user: CurrentUser;
  let recipePath = '';

  const api = async <T>(path: string, parse: (body: unknown) => T): Promise<T> => {
    const response = await page.request.get(`${server.url}${path}`);
    expect(response.status(), path).toBe(200);
    return parse(await response.json());
  };
  const recipePlays = async (day: string) => {
    const totals = await api(`/api/usage/${user.id}/${day}/${day}`, (body) => UsageTotals.parse(body));
    return totals.usagePerType['Recipe/GuidedUsage']?.plays ?? 0;
  };
  const today = () => DateTime.now().setZone(user.config.timeZone).toISODate()!;
  let playsBefore = 0;

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

  it('should list the recipes, search them and name what was found in a recipe', async () => {
    await page.goto(server.url);
    await logIn(page, 'caregiver', 'sointu-demo');
    await page.waitForURL((url) => url.pathname === '/todays-messages', ui);
    user = await api('/api/', (body) => CurrentUser.parse(body));
    playsBefore = await recipePlays(today());

    await page.locator('nav.nav-links a[href="/recipes"]').click();
    await page.waitForURL((url) => url.pathname === '/recipes', ui);
    const rows = page.getByTestId('recipes-row');
    await expect.poll(() => rows.count(), ui).toBe(5);
    expect(await rows.first().textContent()).toContain('Morning routine');
    expect(await page.getByTestId('recipes-search-all').getAttribute('href')).toBe('/search');
    await shot(page, 'recipes-01-list-fi');

    // Newest first: the seed inserts them in one go, so only check the order changes back again.
    await page.getByTestId('recipes-sort').check();
    await expect.poll(() => rows.count(), ui).toBe(5);
    await page.getByTestId('recipes-sort').uncheck();

    await page.getByTestId('recipes-search-input').fill('summer');
    await page.getByTestId('recipes-search-button').click();
    await expect.poll(() => rows.count(), ui).toBe(2);
    const summer = rows.filter({ hasText: 'Summer memories' });
    const afternoon = rows.filter({ hasText: 'Afternoon together' });
    expect(await summer.count()).toBe(1);
    // Found by the radio program it holds, which the row names.
    expect(await afternoon.getByTestId('recipes-found-in-recipe').textContent()).toBe('Löytyy reseptistä: Summer at the cottage');
    await shot(page, 'recipes-02-search-fi');

    await summer.locator('a').click();
    await page.waitForURL((url) => /^\/recipes\/\d+$/.test(url.pathname), ui);
    recipePath = new URL(page.url()).pathname;
  });

  it('should show the recipe, activate a tab and play it on to the next piece with auto-play', async () => {
    await expect.poll(() => page.getByTestId('recipe-name').textContent(), ui).toBe('Summer memories');
    expect(await page.getByTestId('recipe-description').innerHTML()).toContain('Midsummer waltzes');
    // showCurrentEventsButtonAlways is on: the calendar is the top bar's button on every page.
    expect(await page.getByTestId('show-current-events').getAttribute('aria-label')).toBe('Näytä ajankohtaista');
    expect(await page.getByTestId('recipe-hint').isVisible()).toBe(true);
    // Every tab has items; the lengths are the tabs' totals.
    for (const button of ['Music', 'News', 'Spiritual', 'Story', 'Game', 'Exercise', 'Radio', 'PlayAll']) {
      expect(await page.getByTestId(`recipe-tab-${button}`).isEnabled(), button).toBe(true);
    }
    expect(await page.getByTestId('recipe-tab-Music').getByTestId('recipe-tab-length').textContent()).toBe('02:02');
    await shot(page, 'recipes-03-recipe-fi');

    // An inactive tab activates, and the address follows; nothing plays yet.
    const music = page.getByTestId('recipe-tab-Music');
    await music.click();
    await page.waitForURL((url) => url.pathname === `${recipePath}/Music`, ui);
    const items = page.getByTestId('recipe-item');
    await expect.poll(() => items.count(), ui).toBe(3);
    expect(await page.getByTestId('player-bar').count()).toBe(0);
    const names = await page.getByTestId('recipe-item-name').allTextContents();

    // The active tab clicked: it plays from the first piece with auto-play-next on.
    await music.click();
    const bar = page.getByTestId('player-bar');
    await expect.poll(() => bar.getAttribute('data-playing'), ui).toBe('true');
    expect(await page.getByTestId('recipe-screen').getAttribute('data-autoplay')).toBe('true');
    expect(await page.getByTestId('player-title').textContent()).toContain(names[0]);
    await expect.poll(() => items.nth(0).getAttribute('class'), ui).toContain('playing');
    await expect.poll(() => music.getByTestId('recipe-tab-length').getAttribute('data-remaining'), ui).toBe('true');
    // Listen a while: a guided play of some seconds.
    await page.waitForTimeout(8000);
    await shot(page, 'recipes-04-music-playing-fi');

    // Near the end, the piece ends and the next one of the tab starts by itself.
    const seek = (await page.getByTestId('player-seek').boundingBox())!;
    await page.mouse.click(seek.x + seek.width * 0.96, seek.y + seek.height / 2);
    await expect.poll(() => page.getByTestId('player-title').textContent(), { timeout: 30_000, interval: 250 }).toContain(names[1]);
    await expect.poll(() => items.nth(1).getAttribute('class'), ui).toContain('playing');
    await expect.poll(() => bar.getAttribute('data-playing'), ui).toBe('true');
    expect(await items.nth(0).getAttribute('class')).not.toContain('playing');
    await page.waitForTimeout(6000);
    await shot(page, 'recipes-05-music-next-fi');
  });

  it('should switch tabs, and play PlayAll in one click', async () => {
    await page.getByTestId('recipe-tab-Story').click();
    await page.waitForURL((url) => url.pathname === `${recipePath}/Story`, ui);
    const items = page.getByTestId('recipe-item');
    await expect.poll(() => items.count(), ui).toBe(1);
    expect(await items.first().getByTestId('recipe-item-name').textContent()).toBe("Grandmother's sauna evening");
    // Inactive descriptions are one short line.
    expect((await items.first().getByTestId('recipe-item-description').textContent())!.length).toBeLessThanOrEqual(103);

    await page.getByTestId('recipe-tab-PlayAll').click();
    await page.waitForURL((url) => url.pathname === `${recipePath}/PlayAll`, ui);
    await expect.poll(() => items.count(), ui).toBe(9);
    await expect.poll(() => items.nth(0).getAttribute('class'), ui).toContain('playing');
    const first = await items.nth(0).getByTestId('recipe-item-name').textContent();
    await expect.poll(() => page.getByTestId('player-title').textContent(), ui).toContain(first!);
    // The spiritual item comes last.
    expect(await items.nth(8).getByTestId('recipe-item-name').textContent()).toBe('Evening hymn and prayer');
    await page.waitForTimeout(6000);
    await shot(page, 'recipes-06-play-all-fi');
  });

  it('should reset the tabs when the Recipes link is clicked again, after a confirmation', async () => {
    page.once('dialog', (dialog) => void dialog.accept());
    await page.locator('nav.nav-links a[href="/recipes"]').click();
    await page.waitForURL((url) => url.pathname === recipePath, ui);
    await page.getByTestId('recipe-hint').waitFor(ui);
    await expect.poll(() => page.getByTestId('player-bar').count(), ui).toBe(0);
    expect(await page.getByTestId('recipe-screen').getAttribute('data-autoplay')).toBe('false');
    // Nothing left to reset: the link leads to the list.
    await page.locator('nav.nav-links a[href="/recipes"]').click();
    await page.waitForURL((url) => url.pathname === '/recipes', ui);
  });

  it('should count the plays from the recipe as guided usage in the report', async () => {
    await expect.poll(() => recipePlays(today()), { timeout: 60_000, interval: 1000 }).toBeGreaterThan(playsBefore);
    // A play counts from its first sample; its duration grows with the samples that follow, projected a moment later.
    const guidedSeconds = async () =>
      (await api(`/api/usage/${user.id}/${today()}/${today()}`, (body) => UsageTotals.parse(body))).overallUsage.GuidedUsage.duration;
    await expect.poll(guidedSeconds, { timeout: 60_000, interval: 1000 }).toBeGreaterThan(0);
    const totals = await api(`/api/usage/${user.id}/${today()}/${today()}`, (body) => UsageTotals.parse(body));
    expect(Object.values(totals.guidedUsage).reduce((sum, s) => sum + s, 0)).toBeGreaterThan(0);
  });

  it('should read in English, on a tablet held upright', async () => {
    await page.locator('#language').selectOption('eng');
    await expect.poll(() => page.getByTestId('recipes-search-button').textContent(), ui).toBe('Search');
    expect(await page.getByTestId('recipes-sort').locator('xpath=..').textContent()).toBe('Recipes - Sort by insertion time');
    await page.getByTestId('recipes-row').filter({ hasText: 'Summer memories' }).locator('a').click();
    await page.getByTestId('recipe-tab-News').click();
    await page.waitForURL((url) => url.pathname === `${recipePath}/News`, ui);
    await expect.poll(() => page.getByTestId('show-current-events').getAttribute('aria-label'), ui).toBe('Show Current Events');
    expect(await page.getByTestId('recipe-tab-PlayAll').getByText('Play all').count()).toBe(1);
    await page.setViewportSize({ width: 768, height: 1024 });
    await shot(page, 'recipes-07-en-portrait');
    await page.locator('#language').selectOption('fin');
    await page.setViewportSize({ width: 1024, height: 768 });
  });

  it("should never leave today's recipe a dead end", async () => {
    await page.goto(`${server.url}/todays-recipe`);
    // With no recipe timed for today (or no answer to be had) a note leads to the list; with one,
    // the recipe screen shows it.
    const empty = page.getByTestId('todays-recipe-empty');
    const name = page.getByTestId('recipe-name');
    await expect.poll(async () => (await empty.count()) + (await name.count()), ui).toBe(1);
    if ((await empty.count()) === 1) {
      expect(await empty.textContent()).toContain('Tälle päivälle ei ole reseptiä');
      await shot(page, 'recipes-08-todays-recipe-empty-fi');
      await empty.locator('a[href="/recipes"]').click();
      await page.waitForURL((url) => url.pathname === '/recipes', ui);
    } else {
      await shot(page, 'recipes-08-todays-recipe-fi');
    }
  });
});
