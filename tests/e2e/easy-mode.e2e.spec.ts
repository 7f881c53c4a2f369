import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { greetingFor, hourIn } from '../../web/features/easy/easy-rules.ts';
import { easyTexts } from '../../web/lib/i18n/translations-easy.ts';
import { launchBrowser, type Browser } from '../support/browser.ts';
import { getJson, logIn, shot, startServer, stopServer, type Server } from '../support/product-server.ts';

// Easy mode (spec 1 sections 1 and 4): the demo resident 'easy' lands on /easy, is greeted by the
// time of day, plays a recommended piece, likes it (it joins her easy list and is rated +1),
// pauses, and listens to her favorites; on a tablet in landscape and in portrait.

describe('easy mode', () => {
  let server: Server;
  let browser: Browser;
  let page: Page;
  const ui = { timeout: 20_000 };

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser({ width: 1024, height: 768 });
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
  });

  afterAll(async () => {
    await browser?.close();
    if (server) await stopServer(server);
  });

  const tiles = (set: 'recommendation' | 'favorites') => page.getByTestId(`easy-set-${set}`).getByTestId('easy-tile');

  it('should land the easy-mode resident on /easy with the greeting of the hour and no navigation', async () => {
    await page.goto(server.url);
    await logIn(page, 'easy', 'sointu-demo');
    await page.waitForURL((url) => url.pathname === '/easy', ui);
    const greeting = easyTexts[greetingFor(hourIn('Europe/Helsinki', new Date()))]!.fin;
    await expect.poll(() => page.getByTestId('easy-greeting').textContent(), ui).toBe(`${greeting}, Martta!`);
    expect(await page.locator('nav').count()).toBe(0);
    // Today's four recommended pieces, and her easy list below them (showAlwaysEasyFavoriteList).
    await expect.poll(() => tiles('recommendation').count(), ui).toBe(4);
    await expect.poll(() => tiles('favorites').count(), ui).toBe(6);
    expect(await page.getByTestId('easy-like').isDisabled()).toBe(true);
    // Every tile shows its cover.
    await expect.poll(() => page.locator('img.easy-cover').evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).naturalWidth > 0)), ui).toBe(true);
    await shot(page, 'easy-mode-01-landscape-fi');
  });

  it('should play a recommended piece, like it into the easy list, and pause', async () => {
    const piece = tiles('recommendation').filter({ hasText: 'Syksyn lehdet' });
    await piece.click();
    await expect.poll(() => page.getByTestId('player-bar').getAttribute('data-playing'), ui).toBe('true');
    await expect.poll(() => page.getByTestId('easy-now-name').textContent(), ui).toBe('Syksyn lehdet');
    expect(await piece.getAttribute('aria-pressed')).toBe('true');

    await page.getByTestId('easy-like').click();
    await expect.poll(() => page.getByTestId('easy-notice').textContent(), ui).toBe('Lisätty suosikkeihisi');
    await expect.poll(() => tiles('favorites').count(), ui).toBe(7);
    expect(await page.getByTestId('easy-like').getAttribute('aria-pressed')).toBe('true');
    // Once per play: both buttons rest until the next play.
    expect(await page.getByTestId('easy-dislike').isDisabled()).toBe(true);

    // The server holds both: the piece in her easy list, and her +1.
    const me = (await getJson(page, '/api/')).body as { id: number; config: { search: boolean; mode: string } };
    expect(me.config).toMatchObject({ mode: 'easy', search: false });
    const audioFileId = await page.evaluate(async () => {
      const response = await fetch('/api/get-audio-files', { method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'Syksyn lehdet' }) });
      return ((await response.json()) as { items: Array<{ id: number }> }).items[0]!.id;
    });
    await expect
      .poll(async () => ((await getJson(page, '/api/favorites?userTagGroupIdList=0')).body as { audioFiles: Array<{ audioFileId: number }> }).audioFiles.some((f) => f.audioFileId === audioFileId), ui)
      .toBe(true);
    await expect.poll(async () => ((await getJson(page, `/api/evaluations?audioFileIdList=${audioFileId}`)).body as Array<{ score: number }>).map((e) => e.score), ui).toEqual([1]);
    await shot(page, 'easy-mode-02-liked-landscape-fi');

    await page.getByTestId('easy-pause').click();
    await expect.poll(() => page.getByTestId('player-bar').getAttribute('data-playing'), ui).toBe('false');
    await page.getByTestId('easy-play').waitFor(ui);
  });

  it('should play her favorites from the start in portrait, with previous and next', async () => {
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.getByTestId('easy-mode-favorites').click();
    // Switching resets the player: nothing plays until she starts it.
    await expect.poll(() => page.getByTestId('easy-now-name').count(), ui).toBe(0);
    expect(await page.getByTestId('easy-set-recommendation').count()).toBe(0);
    await expect.poll(() => tiles('favorites').count(), ui).toBe(7);
    const first = (await tiles('favorites').first().locator('.easy-tile-name').textContent())!;
    const second = (await tiles('favorites').nth(1).locator('.easy-tile-name').textContent())!;
    await page.getByTestId('easy-play').click();
    await expect.poll(() => page.getByTestId('easy-now-name').textContent(), ui).toBe(first);
    await expect.poll(() => page.getByTestId('player-bar').getAttribute('data-playing'), ui).toBe('true');
    await page.getByTestId('easy-next').click();
    await expect.poll(() => page.getByTestId('easy-now-name').textContent(), ui).toBe(second);
    await expect.poll(() => page.getByTestId('player-bar').getAttribute('data-playing'), ui).toBe('true');
    await shot(page, 'easy-mode-03-favorites-portrait-fi');
    await page.getByTestId('easy-pause').click();
    await expect.poll(() => page.getByTestId('player-bar').getAttribute('data-playing'), ui).toBe('false');
  });

  it('should take a piece off the easy list after three dislikes in a row, in recommendation mode', async () => {
    await page.getByTestId('easy-mode-recommendation').click();
    const piece = tiles('recommendation').filter({ hasText: 'Syksyn lehdet' });
    const other = tiles('recommendation').filter({ hasText: 'Meren laulu' });
    for (let round = 1; round <= 3; round++) {
      // A new play each round: one rating per play.
      await other.click();
      await expect.poll(() => page.getByTestId('easy-now-name').textContent(), ui).toBe('Meren laulu');
      await piece.click();
      await expect.poll(() => page.getByTestId('easy-now-name').textContent(), ui).toBe('Syksyn lehdet');
      await expect.poll(() => page.getByTestId('easy-dislike').isEnabled(), ui).toBe(true);
      await page.getByTestId('easy-dislike').click();
      await expect.poll(() => page.getByTestId('easy-dislike').getAttribute('aria-pressed'), ui).toBe('true');
      if (round < 3) {
        await expect.poll(() => page.getByTestId('easy-notice').textContent(), ui).toBe('Kiitos!');
        // The read model must hold this rating before the next round counts on it.
        await page.waitForTimeout(300);
      }
    }
    await expect.poll(() => page.getByTestId('easy-notice').textContent(), ui).toBe('Poistettu suosikeistasi');
    await expect.poll(() => tiles('favorites').count(), ui).toBe(6);
    await shot(page, 'easy-mode-04-removed-portrait-fi');
    await page.getByTestId('easy-pause').click();
  });
});
