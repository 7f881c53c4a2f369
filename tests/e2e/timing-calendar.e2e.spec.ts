import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarToday, selectedDays } from '../../web/components/timing-calendar/calendar-grid.ts';
import { launchBrowser, type Browser } from '../support/browser.ts';
import { getJson, logIn, shot, startServer, stopServer, type Server } from '../support/product-server.ts';

// The calendar of current events (spec 2 section 2; issue 15 deliverable 4): the caregiver opens a
// demo recipe, follows "Show Current Events", sees this month with its image, today's recipe and
// the office's recommendation of the day, picks the week, moves to December and back, and finds
// Christmas Eve in orange. The demo seed times a recipe on every day (tools/seed/demo-timings.ts).

describe('timing calendar', () => {
  let server: Server;
  let browser: Browser;
  let page: Page;
  const ui = { timeout: 20_000 };

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser({ width: 1024, height: 900 });
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
  });

  afterAll(async () => {
    await browser?.close();
    if (server) await stopServer(server);
  });

  it('should open from a recipe and show a week with recipe and message timings', async () => {
    await page.goto(server.url);
    await logIn(page, 'caregiver', 'sointu-demo');
    await page.waitForURL((url) => url.pathname === '/todays-messages', ui);
    const recipes = (await getJson(page, '/api/recipes')).body as { items: { id: number; name: string }[] };
    const recipe = recipes.items.find((r) => r.name === 'Morning routine')!;
    await page.goto(`${server.url}/recipes/${recipe.id}`);
    await page.getByTestId('show-current-events').click();

    const calendar = page.getByTestId('timing-calendar');
    await calendar.waitFor(ui);
    const today = calendarToday();
    expect(await page.getByTestId('timing-calendar-month').textContent()).toMatch(new RegExp(`${today.slice(0, 4)}$`));
    // The month's image is served (a placeholder drawn at build time), not a 404.
    const image = page.getByTestId('timing-calendar-image');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), ui).toBe(640);
    expect(await image.getAttribute('src')).toBe(`/current-events/current-events-fin-${today.slice(5, 7)}.jpg`);

    // Today, the default selection: the day's recipe and the office's recommendation of the day.
    const selected = page.getByTestId('timing-calendar-selected-day');
    await expect.poll(() => selected.count(), ui).toBe(1);
    expect(await selected.getAttribute('data-day')).toBe(today);
    await expect.poll(() => selected.getByTestId('timing-calendar-recipe').count(), ui).toBeGreaterThan(0);
    const recommendation = selected.getByTestId('timing-calendar-message').filter({ hasText: 'Songs for the day' });
    await recommendation.waitFor(ui);
    expect(await recommendation.textContent()).toContain('Suositus');
    await shot(page, 'timing-calendar-01-today-fi', calendar);

    // The week: seven days, Monday first, each with its recipe.
    await page.getByTestId('timing-calendar-mode-week').click();
    await expect.poll(() => selected.count(), ui).toBe(7);
    const week = selectedDays('week', today);
    expect(await selected.evaluateAll((days) => days.map((d) => d.getAttribute('data-day')))).toEqual(week);
    for (let i = 0; i < 7; i++) expect(await selected.nth(i).getByTestId('timing-calendar-recipe').count(), week[i]).toBeGreaterThan(0);
    expect(await page.locator('[data-testid=timing-calendar-day].selected').count()).toBe(7);
    await shot(page, 'timing-calendar-02-week-fi');

    // Month navigation to December: Christmas Eve is a special day, in orange.
    for (let i = Number(today.slice(5, 7)); i < 12; i++) await page.getByTestId('timing-calendar-next').click();
    const christmasEve = page.locator(`[data-testid=timing-calendar-day][data-day="${today.slice(0, 4)}-12-24"]`);
    await expect.poll(() => christmasEve.getAttribute('class'), ui).toContain('special');
    expect(await christmasEve.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(253, 228, 200)');
    await page.getByTestId('timing-calendar-mode-day').click();
    await christmasEve.click();
    await expect.poll(() => selected.textContent(), ui).toContain('Erityinen päivä');
    expect(await page.getByTestId('timing-calendar-image').getAttribute('src')).toBe('/current-events/current-events-fin-12.jpg');
    await shot(page, 'timing-calendar-03-christmas-fi', calendar);

    // And back a month: November's image.
    await page.getByTestId('timing-calendar-previous').click();
    await expect.poll(() => page.getByTestId('timing-calendar-image').getAttribute('src'), ui).toBe('/current-events/current-events-fin-11.jpg');
  });

  it('should read in English, on a tablet held upright', async () => {
    await page.locator('[data-modal=TimingCalendar] .modal-close').click();
    await page.locator('#language').selectOption('eng');
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.getByTestId('show-current-events').click();
    const today = calendarToday();
    await expect.poll(() => page.getByTestId('timing-calendar-image').getAttribute('src'), ui).toBe(`/current-events/current-events-eng-${today.slice(5, 7)}.jpg`);
    expect(await page.getByTestId('timing-calendar-mode-week').textContent()).toBe('Week');
    await page.getByTestId('timing-calendar-mode-week').click();
    await expect.poll(() => page.getByTestId('timing-calendar-selected-day').count(), ui).toBe(7);
    await expect.poll(() => page.getByTestId('timing-calendar-message').filter({ hasText: 'Songs for the day' }).textContent(), ui).toContain('Recommendation');
    await shot(page, 'timing-calendar-04-week-en-portrait');
    await page.locator('[data-modal=TimingCalendar] .modal-close').click();
    await page.locator('#language').selectOption('fin');
  });
});
