import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CurrentUser } from '../../schemas/api/user.ts';
import { launchBrowser, type Browser } from '../support/browser.ts';
import { getJson, logIn, shot, startServer, stopServer, type Server } from '../support/product-server.ts';

// Leftovers of issues 16 and 17 in the browser, on the demo: the login form's admin-password login
// (spec 1 section 4: an administrator logs into a unit with their own password, folded away under
// a hide/show toggle), the settings tab's session target saved as it is typed (spec 1 section 4's
// delayed put) and its topical file (spec 3 section 2) chosen for units in a paged table's checkbox selection.

const ui = { timeout: 60_000 };

describe('the login form and the settings extras in the browser', () => {
  let server: Server;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser({ width: 1024, height: 900 });
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    if (server) await stopServer(server);
  });

  it('should log the administrator into the caregiver unit from the login form with their own password', { timeout: 300_000 }, async () => {
    await page.goto(server.url);
    await page.locator('input[name=username]').waitFor(ui);
    // Folded away until asked for: a plain login shows no third field.
    expect(await page.locator('input[name=adminUsername]').count()).toBe(0);
    await page.getByTestId('admin-password-login').getByTestId('hide-show-button').click();
    await page.locator('input[name=username]').fill('caregiver');
    await page.locator('input[name=adminUsername]').fill('admin');
    await page.locator('input[name=password]').fill('sointu-demo');
    await shot(page, 'login-form-01-admin-password');
    await page.locator('form button[type=submit]').click();
    await page.locator('header.top-bar').waitFor(ui);
    const user = CurrentUser.parse((await getJson(page, '/api/')).body);
    expect(user).toMatchObject({ name: 'caregiver', admin: true });
  });

  it('should send no administrator name once the part is folded away again: a plain login of the unit', { timeout: 300_000 }, async () => {
    await browser.context.clearCookies();
    await page.goto(server.url);
    await page.locator('input[name=username]').waitFor(ui);
    const toggle = page.getByTestId('admin-password-login').getByTestId('hide-show-button');
    await toggle.click();
    await page.locator('input[name=adminUsername]').fill('admin');
    await toggle.click();
    expect(await page.locator('input[name=adminUsername]').count()).toBe(0);
    await logIn(page, 'caregiver', 'sointu-demo');
    await page.locator('header.top-bar').waitFor(ui);
    expect(CurrentUser.parse((await getJson(page, '/api/')).body)).toMatchObject({ name: 'caregiver', admin: false });
  });

  it('should save the session target as it is typed, 500 ms after the last key, without leaving the field', { timeout: 300_000 }, async () => {
    await browser.context.clearCookies();
    await page.goto(server.url);
    await logIn(page, 'admin', 'sointu-demo');
    await page.locator('header.top-bar').waitFor(ui);
    await page.goto(`${server.url}/settings`);
    const target = page.getByTestId('setting-session-target-count');
    await expect.poll(() => target.isEnabled(), ui).toBe(true);
    await target.fill('');
    await target.pressSequentially('35', { delay: 100 });
    const stored = async () => ((await getJson(page, '/api/settings')).body as Record<string, string>).sessionTargetCount;
    await expect.poll(stored, ui).toBe('35');
    // Still typing in the same field: the save neither took the focus nor changed what is shown.
    expect(await target.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await target.inputValue()).toBe('35');
    // An invalid value is never sent, and leaving the field shows the saved one again.
    await target.pressSequentially('0');
    await page.waitForTimeout(1500);
    expect(await stored()).toBe('35');
    await target.blur();
    expect(await target.inputValue()).toBe('35');
    await page.reload();
    await expect.poll(() => page.getByTestId('setting-session-target-count').inputValue(), ui).toBe('35');
    await shot(page, 'settings-typed-session-target');
  });

  it('should let the administrator upload a topical file for one chosen unit, which that unit sees behind its Info button', { timeout: 300_000 }, async () => {
    await browser.context.clearCookies();
    await page.goto(server.url);
    await logIn(page, 'admin', 'sointu-demo');
    await page.locator('header.top-bar').waitFor(ui);
    await page.goto(`${server.url}/settings`);
    const section = page.getByTestId('topical-file');
    await section.waitFor(ui);
    // Nothing to show before an upload; every unit starts chosen.
    expect(await section.getByTestId('topical-file-show').isDisabled()).toBe(true);
    const rows = section.getByTestId('select-row');
    expect(await rows.count()).toBeGreaterThan(1);
    for (const box of await rows.all()) expect(await box.isChecked()).toBe(true);

    const poster = await sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 40, g: 110, b: 160 } } })
      .composite([{ input: Buffer.from('<svg width="600" height="400"><rect x="150" y="100" width="300" height="200" fill="#f2b134"/></svg>'), top: 0, left: 0 }])
      .png()
      .toBuffer();
    await section.locator('input[type=file]').setInputFiles({ name: 'Ohjelma.png', mimeType: 'image/png', buffer: poster });
    await expect.poll(() => section.getByTestId('upload-result').textContent().catch(() => null), ui).toBe('Tiedosto ladattu: Ohjelma.png');
    // Only the second Kotikallio ward: the header box clears the page, then one row is ticked.
    await section.getByTestId('select-page').click();
    for (const box of await rows.all()) expect(await box.isChecked()).toBe(false);
    expect(await section.getByTestId('topical-file-show').isDisabled()).toBe(true);
    await section.locator('tr', { hasText: 'kotikallio-b' }).getByTestId('select-row').check();
    await section.getByTestId('topical-file-show').click();
    await page.getByText('Ajankohtainen tiedosto tallennettu').waitFor(ui);
    await shot(page, 'settings-topical-file-01-shown-to-one-unit');

    await browser.context.clearCookies();
    await page.goto(server.url);
    await logIn(page, 'kotikallio-b', 'sointu-demo');
    await page.locator('header.top-bar').waitFor(ui);
    await page.getByTestId('info-button').click();
    const image = page.getByTestId('info-modal').locator('img');
    await image.waitFor(ui);
    await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth), ui).toBe(600);
    await shot(page, 'settings-topical-file-02-unit-info-button');
  });

  it("should show a unit's own footer text instead of the default footer, and the default one to a unit without", { timeout: 300_000 }, async () => {
    await browser.context.clearCookies();
    await page.goto(server.url);
    await logIn(page, 'metsarinne', 'sointu-demo');
    const footerText = page.getByTestId('footer-text');
    await footerText.waitFor(ui);
    expect(await footerText.textContent()).toContain('musiikkihetki arkisin klo 14');
    expect(await page.locator('.default-footer').count()).toBe(0);
    await shot(page, 'footer-own-text');

    await browser.context.clearCookies();
    await page.goto(server.url);
    await logIn(page, 'kotikallio-b', 'sointu-demo');
    await page.locator('.default-footer').waitFor(ui);
    expect(await page.getByTestId('footer-text').count()).toBe(0);
  });
});
