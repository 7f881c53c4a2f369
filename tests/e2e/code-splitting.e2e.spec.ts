import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type Browser } from '../support/browser.ts';
import { logIn, shot, startServer, stopServer, type Server } from '../support/product-server.ts';

// Route-level code splitting (issue 21 item 3): the caregiver's first screen does not download
// the reports or their charts, and a page whose script is still on its way shows a spinner in the
// shell, not a blank screen.

describe('pages loaded when opened', () => {
  let server: Server;
  let browser: Browser;
  let page: Page;
  const scripts: string[] = [];
  const ui = { timeout: 60_000 };

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser({ width: 1024, height: 768 });
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.endsWith('.js')) scripts.push(path);
    });
    // A fresh build and a seeded server: minutes on a loaded machine.
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    if (server) await stopServer(server);
  });

  it("should land the caregiver on today's messages without the reports' or the charts' scripts", async () => {
    await page.goto(server.url);
    await logIn(page, 'caregiver', 'sointu-demo');
    await page.waitForURL((url) => url.pathname === '/todays-messages', ui);
    await page.getByTestId('todays-messages').waitFor(ui);
    expect(scripts.some((path) => /\/todays-messages-page-[\w-]+\.js$/.test(path))).toBe(true);
    expect(scripts.filter((path) => /\/(reports-page|charts|public-report-page|rebuild-page|library-admin-page)-/.test(path))).toEqual([]);
  });

  it('should show a spinner under the top bar while the report page is on its way, then the report', async () => {
    // Hold the report page's script until the spinner has been seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((done) => (release = done));
    await page.route(/\/assets\/reports-page-[\w-]+\.js$/, async (route: Route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.url}/reports`);
    const spinner = page.locator('.page-loading[role=status]');
    await spinner.waitFor(ui);
    expect(await page.locator('header.top-bar').isVisible()).toBe(true);
    expect(await spinner.locator('.spinner').isVisible()).toBe(true);
    expect(await page.getByTestId('reports-page').count()).toBe(0);
    await shot(page, 'code-splitting-01-page-loading');
    release();
    await page.getByTestId('reports-page').waitFor(ui);
    expect(await spinner.count()).toBe(0);
    expect(scripts.some((path) => /\/charts-[\w-]+\.js$/.test(path))).toBe(true);
  });
  it("should fetch the charts' script while the report's figures are on their way, not after them", async () => {
    // Routing turns the HTTP cache off, so the page asks for its scripts again. The figures are
    // held until the charts' script is asked for (or 20 s): a page that waited for its figures
    // before fetching the charts would ask for it only after that.
    let chartsAsked = false;
    let chartsSeen: () => void = () => undefined;
    const charts = new Promise<void>((done) => (chartsSeen = done));
    page.on('request', (request) => {
      if (/\/charts-[\w-]+\.js$/.test(new URL(request.url()).pathname)) {
        chartsAsked = true;
        chartsSeen();
      }
    });
    const askedWhileHeld: boolean[] = [];
    const figures = /\/api\/(usage|usage-sessions|usage-session-table|video-views)(\/|\?|$)/;
    await page.route(figures, async (route: Route) => {
      await Promise.race([charts, new Promise((done) => setTimeout(done, 20_000))]);
      askedWhileHeld.push(chartsAsked);
      await route.continue();
    });
    await page.goto(`${server.url}/reports`);
    await page.getByTestId('report-chart-sessions').waitFor(ui);
    expect(askedWhileHeld.length).toBeGreaterThan(0);
    expect(askedWhileHeld.every(Boolean)).toBe(true);
    await page.unroute(figures);
  });
});
