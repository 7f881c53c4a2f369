import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type Browser } from '../support/browser.ts';
import { getJson, logIn, shot, startServer, stopServer, type Server } from '../support/product-server.ts';

// The messenger (/msgs, spec 2 section 2) between a relative and the care unit: the relative starts
// a conversation with the unit (the default recipient) and writes in it; the caregiver's unread
// count rises without a reload; the caregiver opens /msgs, sees the relative's reply marked New
// after a "New message" divider, marks the discussion read, opens the reply's details and answers;
// the relative's open messenger shows the answer without a reload.

describe('the messenger between a relative and the care unit', () => {
  let server: Server;
  let caregiverBrowser: Browser;
  let relativeBrowser: Browser;
  let caregiver: Page;
  let relative: Page;
  const title = 'Sunday visit';
  const relativeText = 'We will come on Sunday at two.';
  const caregiverText = 'Welcome! Aino will be glad.';

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
  const markNotReloaded = (page: Page) => page.evaluate(() => void ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  const notReloaded = (page: Page) => page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

  it('relative writes, the unit sees it live, answers, and the relative sees the answer live', async () => {
    await caregiver.goto(server.url);
    await logIn(caregiver, 'caregiver', 'sointu-demo');
    await caregiver.locator('header.top-bar').waitFor();
    await expect.poll(() => caregiver.locator('.shell').getAttribute('data-live'), { timeout: 15_000 }).toBe('answered');
    const before = await apiCount();
    await expect.poll(shownCount, { timeout: 10_000 }).toBe(before);
    await markNotReloaded(caregiver);

    // The relative starts a conversation: the default title's field and the unit as the default recipient.
    await relative.goto(server.url);
    await logIn(relative, 'relative', 'sointu-demo');
    await relative.locator('header.top-bar').waitFor();
    await relative.locator('nav.nav-links a[href="/msgs"]').click();
    await relative.getByTestId('msgs').waitFor();
    await expect.poll(() => relative.locator('.shell').getAttribute('data-live'), { timeout: 15_000 }).toBe('answered');
    await relative.getByTestId('new-conversation').click();
    const form = relative.getByTestId('msgs-new-form');
    await form.waitFor();
    expect(await form.locator('input[name=title]').inputValue()).toBe('Uusi keskustelu');
    expect(await form.getByTestId('msgs-recipient').allTextContents()).toEqual([expect.stringContaining('Kotikallio, Ward A')]);
    await shot(relative, 'messenger-01-relative-new-conversation');
    await form.locator('input[name=title]').fill(title);
    await form.getByTestId('msgs-create').click();
    const relativeConversation = relative.getByTestId('msgs-conversation');
    await expect.poll(() => relativeConversation.locator('.msgs-message-title').textContent(), { timeout: 10_000 }).toBe(title);
    // betweenFamilies and added by the unit: no "Topics" / "Discussion" headers.
    expect(await relative.locator('.msgs h2').count()).toBe(0);
    await relativeConversation.locator('textarea').fill(relativeText);
    await relativeConversation.getByTestId('msgs-send').click();
    await expect.poll(() => relativeConversation.getByTestId('msgs-bubble').last().textContent(), { timeout: 10_000 }).toContain(relativeText);
    expect(await relativeConversation.getByTestId('msgs-bubble').last().getAttribute('data-own')).toBe('true');
    await markNotReloaded(relative);
    await shot(relative, 'messenger-02-relative-wrote');

    // The unit's count rises at once (pushed over /ws), without a reload.
    await expect.poll(shownCount, { timeout: 4000, interval: 100 }).toBe(before + 1);
    expect(await notReloaded(caregiver)).toBe(true);
    await shot(caregiver, 'messenger-03-caregiver-count', caregiver.locator('header.top-bar'));

    // The caregiver opens the conversation.
    await caregiver.locator('nav.nav-links a[href="/msgs"]').click();
    await caregiver.getByTestId('msgs').waitFor();
    const topics = caregiver.getByTestId('msgs-topic');
    if ((await topics.count()) > 0) await topics.filter({ hasText: title }).locator('.msgs-topic-open').click();
    const conversation = caregiver.getByTestId('msgs-conversation');
    await expect.poll(() => conversation.locator('.msgs-message-title').textContent(), { timeout: 10_000 }).toBe(title);
    await conversation.getByTestId('msgs-new-divider').waitFor();
    const theirs = conversation.getByTestId('msgs-bubble').filter({ hasText: relativeText });
    expect(await theirs.getAttribute('data-own')).toBe('false');
    await theirs.getByTestId('msgs-new-link').waitFor();
    await shot(caregiver, 'messenger-04-caregiver-new-reply');

    // "New" marks the discussion read.
    await theirs.getByTestId('msgs-new-link').click();
    await expect.poll(() => caregiver.locator('.toast').textContent(), { timeout: 5000 }).toBe('Keskustelu merkitty luetuksi');
    await expect.poll(() => theirs.getByTestId('msgs-new-link').count(), { timeout: 5000 }).toBe(0);
    // Opening it read the message, and marking the discussion read its replies: the count is back.
    await expect.poll(shownCount, { timeout: 6000 }).toBe(before);

    // A click on a reply shows its details.
    await theirs.locator('.msgs-bubble-body').click();
    const details = caregiver.getByTestId('msgs-reply-details');
    await details.waitFor();
    expect(await details.textContent()).toContain('Pekka Virtanen');
    await shot(caregiver, 'messenger-05-reply-details');
    await caregiver.locator('.modal-close').click();

    // The caregiver answers; the reply box grows with the text.
    const box = conversation.locator('textarea');
    await box.fill('Line one\nLine two\nLine three');
    expect(await box.getAttribute('rows')).toBe('3');
    await box.fill(caregiverText);
    await conversation.getByTestId('msgs-send').click();
    await expect.poll(() => conversation.getByTestId('msgs-bubble').last().textContent(), { timeout: 10_000 }).toContain(caregiverText);
    expect(await box.inputValue()).toBe('');
    await shot(caregiver, 'messenger-06-caregiver-answered');

    // The relative's open messenger shows the answer without a reload, marked New.
    await expect.poll(() => relativeConversation.getByTestId('msgs-bubble').last().textContent(), { timeout: 4000, interval: 100 }).toContain(caregiverText);
    expect(await notReloaded(relative)).toBe(true);
    const answer = relativeConversation.getByTestId('msgs-bubble').last();
    expect(await answer.getAttribute('data-own')).toBe('false');
    expect(await answer.textContent()).toContain('Kotikallio');
    await answer.getByTestId('msgs-new-link').waitFor();
    await shot(relative, 'messenger-07-relative-sees-answer');
  });
});
