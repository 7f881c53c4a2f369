import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetAudioFilesResponse } from '../../schemas/api/library.ts';
import { usageLogBody } from '../../schemas/api/usage-log.ts';
import { CurrentUser } from '../../schemas/api/user.ts';
import { launchBrowser, type Browser } from '../support/browser.ts';
import { getJson, logIn, postJson, shot, startServer, stopServer, type Server } from '../support/product-server.ts';

// Issue 17 items 5 and 6 in the browser, on the demo: the demo administrator's settings tab (the
// session target, one-click play, the password change and the public report links of the units
// they administer: issue one, open it as a visitor, revoke it), and the admin-password login into
// the caregiver unit (start-up ?username=caregiver&adminUsername=admin&password=...), whose session
// shows Track Clicks in the message editor and logs no plays.

const ui = { timeout: 60_000 };

describe('support logins and the settings tab in the browser', () => {
  let server: Server;
  let browser: Browser;
  let page: Page;
  let caregiverId: number;

  beforeAll(async () => {
    server = await startServer({ demo: 'history' });
    browser = await launchBrowser({ width: 1024, height: 900 });
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    if (server) await stopServer(server);
  });

  it('should show the administrator the settings: session target, one-click play and password change, saved across a reload', { timeout: 300_000 }, async () => {
    await page.goto(server.url);
    await logIn(page, 'admin', 'sointu-demo');
    await page.locator('header.top-bar').waitFor(ui);
    const admin = CurrentUser.parse((await getJson(page, '/api/')).body);
    caregiverId = admin.adminOfUsers.find((u) => u.name === 'caregiver')!.id;

    await page.goto(`${server.url}/settings`);
    const target = page.getByTestId('setting-session-target-count');
    await expect.poll(() => target.isEnabled(), ui).toBe(true);
    await target.fill('12');
    await target.blur();
    await expect.poll(async () => ((await getJson(page, '/api/settings')).body as Record<string, string>).sessionTargetCount, ui).toBe('12');
    await page.getByTestId('yes-no-oneClickAutoPlay').getByRole('radio', { name: 'Kyllä' }).check();
    await expect.poll(async () => ((await getJson(page, '/api/settings')).body as Record<string, string>).oneClickAutoPlay, ui).toBe('true');
    expect(await page.getByTestId('change-own-password').isVisible()).toBe(true);

    await page.reload();
    await expect.poll(() => page.getByTestId('setting-session-target-count').inputValue(), ui).toBe('12');
    expect(await page.getByTestId('yes-no-oneClickAutoPlay').getByRole('radio', { name: 'Kyllä' }).isChecked()).toBe(true);
  });

  it('should issue the caregiver unit a public report link that opens its report, and revoke it', { timeout: 300_000 }, async () => {
    const row = page.getByTestId(`public-report-link-${caregiverId}`);
    await row.waitFor(ui);
    await expect.poll(() => row.getByTestId('public-report-link-issue').isEnabled(), ui).toBe(true);
    const before = await row.getByTestId('public-report-link-address').textContent().catch(() => null);
    await row.getByTestId('public-report-link-issue').click();
    const address = row.getByTestId('public-report-link-address');
    await expect.poll(() => address.textContent(), ui).toMatch(/\/\?rtoken=[A-Za-z0-9_-]{32}$/);
    const link = (await address.textContent())!;
    expect(link).not.toBe(before);
    await shot(page, 'account-support-01-settings-public-report-link');

    const visitor = await launchBrowser();
    try {
      const visitorPage = visitor.context.pages()[0] ?? (await visitor.context.newPage());
      await visitorPage.goto(link);
      await visitorPage.getByTestId('public-report-table').waitFor(ui);
      expect(await visitorPage.getByTestId('public-report-table').locator('tbody td').first().textContent()).not.toBe('');
      // ECharts animates the pie in; a screenshot taken at once shows a sliver.
      await visitorPage.getByTestId('public-report-pie').waitFor(ui);
      await visitorPage.waitForTimeout(1500);
      await shot(visitorPage, 'account-support-02-visitor-opens-link');

      await row.getByTestId('public-report-link-revoke').click();
      await expect.poll(() => row.getByTestId('public-report-link-address').count(), ui).toBe(0);
      await shot(page, 'account-support-03-link-revoked');
      // The link no longer opens the report: the visitor lands on the login screen.
      await visitor.context.clearCookies();
      await visitorPage.goto(link);
      await visitorPage.locator('input[name=username]').waitFor(ui);
      expect(await visitorPage.getByTestId('public-report').count()).toBe(0);
    } finally {
      await visitor.close();
    }
  });

  it('should log the administrator in to the caregiver unit with their own password: Track Clicks shown, no plays logged', { timeout: 300_000 }, async () => {
    const support = await launchBrowser({ width: 1024, height: 900 });
    try {
      const supportPage = support.context.pages()[0] ?? (await support.context.newPage());
      await supportPage.goto(`${server.url}/?username=caregiver&adminUsername=admin&password=sointu-demo`);
      await supportPage.locator('header.top-bar').waitFor(ui);
      const user = CurrentUser.parse((await getJson(supportPage, '/api/')).body);
      expect(user).toMatchObject({ id: caregiverId, name: 'caregiver', admin: true });

      const created = await postJson(supportPage, '/api/messages', { title: 'Support check' });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      await supportPage.goto(`${server.url}/messages/${(created.body as { id: number }).id}`);
      await supportPage.getByTestId('message-view').waitFor(ui);
      await supportPage.getByTestId('item-add-first').click();
      const editor = supportPage.locator('[data-testid=message-item]:has([data-testid=item-editor])');
      await editor.getByTestId('item-track-clicks').waitFor(ui);
      await shot(supportPage, 'account-support-04-admin-into-unit-track-clicks');

      // The player's play log from this session is answered OK and stored nowhere.
      const files = await postJson(supportPage, '/api/get-audio-files', { limit: 1 });
      const audioFileId = GetAudioFilesResponse.parse(files.body).items[0]!.id;
      const now = Date.now();
      const playLog = [0, 6_000].map((offset) => ({ time: new Date(now - 6_000 + offset).toISOString(), audioFileId, playPosition: offset / 1000, playSource: 'Search' as const, manualStart: true }));
      const logged = await postJson(supportPage, '/api/usage-log', usageLogBody({ page: 'player', playLog }));
      expect(logged).toEqual({ status: 200, body: { ok: true, appended: 0 } });
    } finally {
      await support.close();
    }

    // The caregiver's own login has no admin flag, and so no Track Clicks.
    await browser.context.clearCookies();
    await page.goto(server.url);
    await logIn(page, 'caregiver', 'sointu-demo');
    await page.locator('header.top-bar').waitFor(ui);
    expect(CurrentUser.parse((await getJson(page, '/api/')).body).admin).toBe(false);
    const own = await postJson(page, '/api/messages', { title: 'Own check' });
    await page.goto(`${server.url}/messages/${(own.body as { id: number }).id}`);
    await page.getByTestId('message-view').waitFor(ui);
    await page.getByTestId('item-add-first').click();
    const editor = page.locator('[data-testid=message-item]:has([data-testid=item-editor])');
    await editor.getByTestId('item-width').waitFor(ui);
    expect(await editor.getByTestId('item-track-clicks').count()).toBe(0);
  });
});
