import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeFindings } from '../support/axe.ts';
import { launchBrowser, type Browser } from '../support/browser.ts';
import { logIn, shot, startServer, stopServer, type Server } from '../support/product-server.ts';

// The user administration screen (/users, spec 3 sections 2 and 6; issue 17) as the demo
// administrator uses it: the table and its sorts, a password change that the user then logs in
// with in a second browser, and a removal confirmed by the typed name, after which that user can
// no longer log in.

describe('user administration', () => {
  let server: Server;
  let browser: Browser;
  let other: Browser;
  let page: Page;
  let second: Page;

  const names = () => page.getByTestId('users-table').getByTestId('user-name').allTextContents();
  const settled = { timeout: 15_000 };
  const row = (name: string) => page.getByTestId('users-table').locator('tbody tr', { has: page.getByText(name, { exact: true }) });

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    other = await launchBrowser();
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    second = other.context.pages()[0] ?? (await other.context.newPage());
  });

  afterAll(async () => {
    await browser?.close();
    await other?.close();
    if (server) await stopServer(server);
  });

  it('should list the users the administrator manages, sorted by name, and sort on a header click', async () => {
    await page.goto(server.url);
    await logIn(page, 'admin', 'sointu-demo');
    await page.locator('header.top-bar').waitFor();
    await page.goto(`${server.url}/users`);
    await page.getByTestId('users-page').waitFor();
    await expect.poll(names, settled).toContain('Liisa Mäkinen');
    const ascending = await names();
    expect(ascending).toEqual([...ascending].sort((a, b) => a.localeCompare(b, 'fi')));
    expect(ascending).not.toContain('Anneli Järvinen');
    // The user management tab is the active one of the settings area.
    expect(await page.locator('nav.tabs .tab.active').textContent()).toBe('Käyttäjähallinta');
    // Remove only for the user the administrator added; Send login link by betweenFamilies.
    expect(await row('Liisa Mäkinen').getByTestId('remove-user').count()).toBe(1);
    expect(await row('Liisa Mäkinen').getByTestId('send-login-link').count()).toBe(1);
    expect(await row('Metsärinne').getByTestId('remove-user').count()).toBe(0);
    expect(await row('Metsärinne').getByTestId('change-password').count()).toBe(1);
    expect(await row('Liisa Mäkinen').locator('td').nth(2).textContent()).toBe('Helmi Mäkinen');
    await shot(page, 'users-01-table');
    // Sorted by name ascending at first: one click turns it to descending.
    await page.getByTestId('users-table').locator('th button').first().click();
    await expect.poll(names, settled).toEqual([...ascending].reverse());
    await shot(page, 'users-02-sorted-descending');
  });

  it('should open the InviteUsers form and the unit news placeholder', async () => {
    await page.getByTestId('invite-users').click();
    const invite = page.locator('[data-modal=InviteUsers]');
    await invite.waitFor();
    expect(await invite.locator('select[name=language]').inputValue()).toBe('fin');
    await expect.poll(() => invite.locator('select[name=residentId] option').count(), settled).toBeGreaterThan(5);
    expect(await invite.locator('button[type=submit]').isDisabled()).toBe(true);
    await invite.locator('input[name=firstName]').fill('Maija');
    await invite.locator('input[name=lastName]').fill('Meikäläinen');
    await invite.locator('input[name=email]').fill('maija@example.com');
    expect(await invite.locator('button[type=submit]').isDisabled()).toBe(false);
    await shot(page, 'users-03-invite');
    await invite.getByRole('button', { name: 'Peruuta' }).click();
    await page.getByTestId('unit-news').click();
    await page.locator('[data-modal=UnitNewsModal]').waitFor();
    await shot(page, 'users-04-unit-news');
    await page.locator('[data-modal=UnitNewsModal] .modal-actions button').click();
    expect(await page.locator('[data-modal=UnitNewsModal]').count()).toBe(0);
  });

  it("should change a unit's password, which then logs in in another browser", async () => {
    await row('Metsärinne').getByTestId('change-password').click();
    const modal = page.locator('[data-modal=ChangePassword]');
    await modal.waitFor();
    const submit = modal.locator('button[type=submit]');
    await modal.locator('input[name=newPassword]').fill('abc');
    await modal.locator('input[name=newPasswordAgain]').fill('abc');
    expect(await submit.isDisabled()).toBe(true);
    // The length rule the modal states (8 characters since issue 37).
    expect(await modal.locator('.password-form-hint').textContent()).toBe('Vähintään 8 merkkiä');
    await shot(page, 'users-04b-change-password-too-short');
    expect(await seriousAxeFindings(page, '[data-modal=ChangePassword]')).toEqual([]);
    await modal.locator('input[name=newPassword]').fill('metsa-2026');
    await modal.locator('input[name=newPasswordAgain]').fill('metsa-202');
    expect(await submit.isDisabled()).toBe(true);
    await modal.locator('input[name=newPasswordAgain]').fill('metsa-2026');
    expect(await submit.isDisabled()).toBe(false);
    await shot(page, 'users-05-change-password');
    await submit.click();
    await modal.waitFor({ state: 'detached' });

    await second.goto(server.url);
    await logIn(second, 'metsarinne', 'sointu-demo');
    await second.locator('.alert-error').waitFor();
    await logIn(second, 'metsarinne', 'metsa-2026');
    await second.locator('header.top-bar').waitFor();
    await shot(second, 'users-06-new-password-login');
    await second.evaluate(() => fetch('/api/logout', { method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: '{}' }));
  });

  it('should remove a user only when their name is typed exactly, after which they cannot log in', async () => {
    await row('Liisa Mäkinen').getByTestId('remove-user').click();
    const modal = page.locator('[data-modal=RemoveUser]');
    await modal.waitFor();
    expect(await modal.locator('.alert-error').first().textContent()).toContain('Olet poistamassa käyttäjän Liisa Mäkinen. Toimintoa ei voi perua.');
    const confirm = modal.getByTestId('confirm-remove-user');
    await modal.locator('input[name=confirmName]').fill('Liisa');
    expect(await confirm.isDisabled()).toBe(true);
    await modal.locator('input[name=confirmName]').fill('liisa mäkinen');
    expect(await confirm.isDisabled()).toBe(true);
    await modal.locator('input[name=confirmName]').fill('Liisa Mäkinen');
    expect(await confirm.isDisabled()).toBe(false);
    await shot(page, 'users-07-remove-user');
    await confirm.click();
    await modal.waitFor({ state: 'detached' });
    await expect.poll(names, settled).not.toContain('Liisa Mäkinen');
    await page.reload();
    await page.getByTestId('users-page').waitFor();
    await expect.poll(names, settled).toContain('Metsärinne');
    expect(await names()).not.toContain('Liisa Mäkinen');
    await shot(page, 'users-08-after-removal');

    // Their history stays: the report's user list still offers them, labelled as removed.
    await page.goto(`${server.url}/reports`);
    const reportUser = page.getByTestId('report-user');
    await expect.poll(() => reportUser.locator('option').allTextContents(), settled).toContain('liisa (poistettu)');
    await reportUser.selectOption({ label: 'liisa (poistettu)' });
    await page.getByTestId('report-controls').waitFor();
    await expect.poll(() => page.locator('.alert-error').count(), settled).toBe(0);
    await shot(page, 'users-08b-removed-in-report', page.getByTestId('report-controls'));

    await second.goto(server.url);
    await second.locator('input[name=username]').waitFor();
    await logIn(second, 'liisa', 'sointu-demo');
    await second.locator('.alert-error').waitFor();
    expect(await second.locator('.alert-error').textContent()).toContain('Kirjautuminen epäonnistui');
  });

  it('should offer the administrator the change of their own password in the settings', async () => {
    await page.goto(`${server.url}/settings`);
    await page.getByTestId('change-own-password').click();
    await page.locator('[data-modal=ChangePassword]').waitFor();
    await shot(page, 'users-09-own-password');
  });
});
