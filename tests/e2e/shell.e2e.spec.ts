import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserConfig } from '../../schemas/api/user.ts';
import { launchBrowser, type Browser } from '../support/browser.ts';
import { getJson, logIn, postJson, shot, startServer, stopServer, type Server } from '../support/product-server.ts';

// The shell as a user meets it, on the real server and Debian's Chromium.

describe('web shell', () => {
  let server: Server;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    // Building the web app and seeding the demo on a shared, busy machine can take minutes.
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    if (server) await stopServer(server);
  });

  it('should show the login screen in Finnish and refuse a wrong password with a red alert', async () => {
    await page.goto(server.url);
    await expect.poll(() => page.locator('input[name=username]').isVisible(), { timeout: 15_000 }).toBe(true);
    await shot(page, '01-login');
    await logIn(page, 'caregiver', 'not-the-password');
    const alert = page.locator('.alert-error');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Kirjautuminen epäonnistui');
    expect(await alert.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(179, 38, 30)');
    await shot(page, '02-login-failed-fi');
  });

  it('should log the demo caregiver in and show the shell at the root redirect', async () => {
    await logIn(page, 'caregiver', 'sointu-demo');
    await page.locator('header.top-bar').waitFor();
    await page.waitForURL((url) => url.pathname !== '/');
    const organisation = await page.getByTestId('organisation').textContent();
    expect(organisation?.trim().length).toBeGreaterThan(0);
    expect(await page.locator('.top-bar .logo').count()).toBe(1);
    // The real count: the demo's messages to the unit it has not read yet.
    const unread = ((await getJson(page, '/api/unread-messages-count')).body as { count: number }).count;
    await expect.poll(() => page.getByTestId('unread-count').textContent()).toBe(String(unread));
    const links = await page.locator('nav.nav-links a').allTextContents();
    expect(links).toContain('Päivän viestit');
    expect(links).toContain('Haku');
    expect(await page.locator('.default-footer').textContent()).toContain('Asiakaspalvelu');
    await page.getByTestId('todays-messages').waitFor();
    await shot(page, '03-shell-fi');
    // The /ws live channel is open and answers our Ping with a Pong.
    await expect.poll(() => page.locator('.shell').getAttribute('data-live'), { timeout: 15_000 }).toBe('answered');
  });

  it('should send a route whose flag is off back to the root', async () => {
    const user = await page.evaluate(() => fetch('/api/').then((r) => r.json()));
    const config = UserConfig.parse(user.config);
    const guarded: Array<[string, boolean]> = [
      ['/users', config.userAdmin],
      ['/msgs', config.msgs],
      ['/public-report', config.showPublicReport],
      ['/reports', config.usageReport],
    ];
    const closed = guarded.find(([, on]) => !on);
    expect(closed, 'the demo caregiver should lack at least one guarded flag').toBeDefined();
    const rootTarget = new URL(page.url()).pathname;
    await page.goto(`${server.url}${closed![0]}`);
    await page.waitForURL((url) => url.pathname === rootTarget);
  });

  it('should save the results-per-page setting on the settings page', async () => {
    await page.locator('.top-bar a[href="/settings"]').click();
    const select = page.locator('#resultsCount');
    await expect.poll(() => select.isEnabled()).toBe(true);
    const next = (await select.inputValue()) === '50' ? '10' : '50';
    await select.selectOption(next);
    await page.locator('.toast').waitFor();
    expect(await page.locator('.toast').textContent()).toBe('Asetukset tallennettu');
    await shot(page, '04-settings-saved');
    await page.reload();
    await expect.poll(async () => (await select.isEnabled()) && (await select.inputValue())).toBe(next);
  });

  it('should switch the language from the footer', async () => {
    await page.locator('#language').selectOption('eng');
    await expect.poll(() => page.locator('nav.nav-links').textContent()).toContain('Todays messages');
    expect(await page.locator('.settings-form h2').textContent()).toBe('Settings');
    await shot(page, '05-settings-en');
    await page.locator('#language').selectOption('swe');
    await expect.poll(() => page.locator('nav.nav-links').textContent()).toContain('Dagens meddelanden');
    await shot(page, '06-settings-sv');
    await page.locator('#language').selectOption('eng');
  });

  it('should keep the picked language after a reload: it is saved in the user settings', async () => {
    await expect.poll(async () => ((await getJson(page, '/api/settings')).body as { language?: string }).language).toBe('eng');
    await page.reload();
    await expect.poll(() => page.locator('nav.nav-links').textContent()).toContain('Todays messages');
    expect(await page.locator('#language').inputValue()).toBe('eng');
  });

  it("should ask and reset today's messages when its link is clicked again, and show this month's counts in the footer", async () => {
    const todaysLink = page.locator('nav.nav-links a[href="/todays-messages"]');
    await todaysLink.click();
    const select = page.getByTestId('todays-item-select').first();
    await select.check();
    page.once('dialog', (dialog) => void dialog.accept());
    await todaysLink.click();
    await expect.poll(() => page.locator('[data-testid=todays-item-select]:checked').count()).toBe(0);
    // The caregiver unit has no Report link in the footer: its counts stand there instead.
    await expect.poll(() => page.getByTestId('count-sessions').textContent(), { timeout: 15_000 }).toMatch(/^Sessions this month: \d+/);
    expect(await page.getByTestId('count-used-days').textContent()).toMatch(/^Days with usage this month: \d+$/);
    await shot(page, '06c-todays-reset-footer-counts');
  });

  it('should ask and reset the search page when its link is clicked again, forgetting the query', async () => {
    const searchLink = page.locator('nav.nav-links a[href="/search"]');
    await searchLink.click();
    const input = page.getByTestId('search-input');
    await input.fill('jingle');
    await input.press('Enter');
    await page.getByTestId('search-section-programs').getByTestId('search-row').first().waitFor();
    // Files with a cover show it beside their name (the demo's albums have covers).
    const cover = page.getByTestId('search-section-music').getByTestId('list-cover').first();
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
    await shot(page, '06a-search-covers');
    // Declined: the page stays as it is.
    const declined = new Promise<string>((resolve) => page.once('dialog', (dialog) => void dialog.dismiss().then(() => resolve(dialog.message()))));
    await searchLink.click();
    expect(await declined).toBe('Do you want to reset the page?');
    expect(await input.inputValue()).toBe('jingle');
    page.once('dialog', (dialog) => void dialog.accept());
    await searchLink.click();
    await expect.poll(() => input.inputValue()).toBe('');
    expect(await page.getByTestId('search-section-programs').count()).toBe(0);
    await shot(page, '06b-search-reset');
    // A page with nothing to reset: the link asks nothing.
    let asked = false;
    const onDialog = () => (asked = true);
    page.on('dialog', onDialog);
    await searchLink.click();
    await page.waitForTimeout(300);
    page.off('dialog', onDialog);
    expect(asked).toBe(false);
  });

  it('should reload the favorites page when its link is clicked again, without asking', async () => {
    const favoritesLink = page.locator('nav.nav-links a[href="/favorites"]');
    await favoritesLink.click();
    await page.getByTestId('favorite-row').first().waitFor({ timeout: 15_000 });
    const filter = page.locator('input[name=favorites-query]');
    await filter.fill('zzz-no-such-favorite');
    await filter.press('Enter');
    await page.getByTestId('favorites-empty').waitFor();
    const lists = page.waitForRequest((request) => request.url().endsWith('/api/user-tag-groups') && request.method() === 'GET');
    await favoritesLink.click();
    await lists;
    await expect.poll(() => filter.inputValue()).toBe('');
    await page.getByTestId('favorite-row').first().waitFor();
  });

  it("should show 'Not connected to server' while pings fail, and clear it when they succeed", async () => {
    await page.route('**/api/ping**', (route) => route.abort());
    const bar = page.locator('.error-bar');
    await bar.waitFor({ timeout: 15_000 });
    expect(await bar.textContent()).toContain('Not connected to server');
    await shot(page, '07-not-connected');
    await page.unroute('**/api/ping**');
    await bar.waitFor({ state: 'detached', timeout: 15_000 });
  });

  it("should log out through the LOGOUT modal, and a failed login then reads 'Login failed'", async () => {
    await page.locator('.top-bar a[href="/settings"]').click();
    await page.locator('.tab-logout').click();
    const modal = page.locator('[data-modal="LOGOUT"]');
    await modal.waitFor();
    await shot(page, '08-logout-modal');
    await modal.locator('.button-primary').click();
    await page.locator('input[name=username]').waitFor();
    // The address returns to the root (it was /settings).
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => fetch('/api/').then((r) => r.status))).toBe(401);
    await logIn(page, 'caregiver', 'wrong-again');
    await page.locator('.alert-error').waitFor();
    expect(await page.locator('.alert-error').textContent()).toContain('Login failed');
    await shot(page, '09-login-failed-en');
  });

  it('should tell a locked-out login how long to wait, instead of another Login failed', async () => {
    // An account name of its own: ten failures lock it (docs/security.md), the demo users stay open.
    for (let i = 0; i < 10; i++) expect((await postJson(page, '/api/login', { username: 'locked-out-e2e', password: `guess-${i}` })).status).toBe(401);
    await logIn(page, 'locked-out-e2e', 'guess-10');
    const locked = page.getByTestId('login-locked-out');
    await locked.waitFor();
    expect(await locked.textContent()).toMatch(/Too many failed logins\. Try again in 15 minutes\./);
    expect(await page.locator('.alert-error').count()).toBe(1);
    await shot(page, '10-login-locked-out-en');
  });
});
