import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type Browser } from '../support/browser.ts';
import { logIn, shot, startServer, stopServer, type Server } from '../support/product-server.ts';

// The player's controls of spec 1 (play all, fast forward, info), two players of different
// components setting each other aside, and the Info, audio file info and big image modals, as the
// demo caregiver (Finnish) meets them; last, the bar on a tablet held upright.

/** UI waits: the machine is shared and slow. */
const ui = { timeout: 20_000, interval: 250 };

/** mm:ss or hh:mm:ss as seconds. */
const seconds = (text: string | null) => (text ?? '0:0').split(':').reduce((total, part) => total * 60 + Number(part), 0);

describe('player controls and content modals', () => {
  let server: Server;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser({ width: 1024, height: 768 });
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    // Every media element the page plays, so a test can read the player's own audio element (it is
    // never in the DOM): its playback rate is what fast forward sets.
    await page.addInitScript(() => {
      const played: HTMLMediaElement[] = [];
      (window as unknown as { playedMedia: HTMLMediaElement[] }).playedMedia = played;
      const play = HTMLMediaElement.prototype.play;
      HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
        if (!played.includes(this)) played.push(this);
        return play.call(this);
      };
    });
    await page.goto(server.url);
    await logIn(page, 'caregiver', 'sointu-demo');
    await page.locator('header.top-bar').waitFor();
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    if (server) await stopServer(server);
  });

  const bar = () => page.getByTestId('player-bar');
  const title = () => page.getByTestId('player-title').textContent();
  const programRows = () => page.getByTestId('search-section-programs').getByTestId('search-row');

  it('should play all of a list from its first item, naming the next one, and fast forward at double speed', async () => {
    await page.locator('nav.nav-links a[href="/search"]').click();
    // The clearable input: its button empties the field and keeps the focus there.
    await page.getByTestId('search-input').fill('jingle');
    await page.getByTestId('clear-input').click();
    expect(await page.getByTestId('search-input').inputValue()).toBe('');
    expect(await page.getByTestId('search-input').evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await page.getByTestId('clear-input').count()).toBe(0);
    await page.getByTestId('search-input').fill('e');
    await expect.poll(() => programRows().count(), ui).toBe(10);
    const names = await page.getByTestId('search-section-programs').locator('.search-name').allTextContents();

    await programRows().nth(2).getByTestId('play-button').click();
    await expect.poll(() => bar().getAttribute('data-playing'), ui).toBe('true');
    expect(await title()).toContain(names[2]);
    // Without continuous play nothing follows, so no next item is named.
    expect(await page.getByTestId('player-next-up').count()).toBe(0);

    await page.getByTestId('player-play-all').click();
    await expect.poll(title, ui).toContain(names[0]);
    await expect.poll(() => bar().getAttribute('data-playing'), ui).toBe('true');
    await expect.poll(() => page.getByTestId('player-next-up').textContent(), ui).toContain(names[1]);

    const fastForward = page.getByTestId('player-fast-forward');
    await fastForward.click();
    expect(await fastForward.getAttribute('aria-pressed')).toBe('true');
    // The piece playing (not the silent second that unlocks audio, a blob) runs at double speed,
    // and its time shown goes on; a state, not how far it got in some seconds of a busy machine.
    const rates = () =>
      page.evaluate(() => (window as unknown as { playedMedia: HTMLMediaElement[] }).playedMedia.filter((m) => !m.paused && !m.src.startsWith('blob:')).map((m) => m.playbackRate));
    await expect.poll(rates, ui).toEqual([2]);
    const before = seconds(await page.getByTestId('player-time').textContent());
    await expect.poll(async () => seconds(await page.getByTestId('player-time').textContent()), ui).toBeGreaterThan(before + 2);
    await shot(page, 'player-01-play-all-fast-forward');
    await fastForward.click();
    expect(await fastForward.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(rates, ui).toEqual([1]);
  });

  it('should set the list player aside when a recipe plays, and take it up again where it was', async () => {
    const listTitle = (await title())!;
    await page.locator('nav.nav-links a[href="/recipes"]').click();
    await page.getByTestId('recipes-row').first().click();
    const music = page.getByTestId('recipe-tab-Music');
    await music.click();
    await music.click();
    const recipeItem = (await page.getByTestId('recipe-item-name').first().textContent())!;
    await expect.poll(title, ui).toContain(recipeItem);
    await expect.poll(() => bar().getAttribute('data-playing'), ui).toBe('true');

    // The list's player waits, paused, in the bar.
    const setAside = page.getByTestId('player-resume');
    await expect.poll(() => setAside.count(), ui).toBe(1);
    expect(await setAside.getAttribute('data-player-id')).toBe('AudioFileList');
    expect(listTitle).toContain((await setAside.locator('.player-resume-name').textContent())!);
    const leftAt = seconds(await setAside.locator('.player-time').textContent());
    expect(leftAt).toBeGreaterThan(0);
    await shot(page, 'player-02-recipe-with-list-set-aside');

    await setAside.click();
    await expect.poll(title, ui).toBe(listTitle);
    await expect.poll(() => bar().getAttribute('data-playing'), ui).toBe('true');
    // It goes on from where it was left, not from the start.
    expect(seconds(await page.getByTestId('player-time').textContent())).toBeGreaterThanOrEqual(leftAt);
    await expect.poll(() => setAside.getAttribute('data-player-id'), ui).toMatch(/^recipe\/\d+\/Music$/);
  });

  it('should show the unit instructions under the Info button', async () => {
    await page.getByTestId('info-button').click();
    const modal = page.getByTestId('info-modal');
    await modal.waitFor();
    expect(await modal.getByTestId('info-html').textContent()).toContain('Näin käytät Sointua');
    // Rendered as HTML, not as its source.
    expect(await modal.locator('strong').textContent()).toBe('toista');
    expect(await page.locator('.not-built').count()).toBe(0);
    await shot(page, 'player-03-info');
    await page.locator('.modal-backdrop[data-modal=INFO] .modal-close').click();
    await modal.waitFor({ state: 'detached' });
  });

  it('should show what plays in the audio file info, and its cover big', async () => {
    const playing = (await title())!;
    await page.getByTestId('player-info').click();
    const info = page.getByTestId('audio-file-info');
    await info.waitFor();
    expect(playing).toContain((await info.getByTestId('audio-file-info-name').textContent())!);
    await shot(page, 'player-04-audio-file-info');

    await info.getByTestId('audio-file-info-cover').click();
    const image = page.getByTestId('big-image-modal').locator('img');
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), ui).toBe(true);
    // A window of 768 px is not under 768: the image is not held to it.
    expect(await image.evaluate((img) => getComputedStyle(img).maxHeight)).toBe('none');
    await shot(page, 'player-05-big-image');

    // A short window holds the image to its height minus 150.
    await page.setViewportSize({ width: 1024, height: 600 });
    await expect.poll(() => image.evaluate((img) => getComputedStyle(img).maxHeight), ui).toBe('450px');
    await page.setViewportSize({ width: 1024, height: 768 });

    // The stack: closing the image leaves the info below it.
    await page.locator('.modal-backdrop[data-modal=SHOW_BIG_IMAGE] .modal-close').click();
    expect(await info.isVisible()).toBe(true);
    await page.locator('.modal-backdrop[data-modal=AUDIO_FILE_INFO] .modal-close').click();
    await info.waitFor({ state: 'detached' });
  });

  it('should give the title its own readable row on a tablet held upright (768 x 1024)', async () => {
    await page.setViewportSize({ width: 768, height: 1024 });
    const titleBox = (await page.getByTestId('player-title').boundingBox())!;
    // The whole width of the bar but its padding, not a sliver between the buttons.
    expect(titleBox.width).toBeGreaterThan(700);
    expect(await page.getByTestId('player-title').evaluate((element) => parseFloat(getComputedStyle(element).fontSize))).toBeGreaterThanOrEqual(19);
    const buttons = (await page.getByTestId('player-play-pause').boundingBox())!;
    expect(buttons.y).toBeGreaterThanOrEqual(titleBox.y + titleBox.height);
    await shot(page, 'player-06-portrait-tablet');
    await page.getByTestId('player-play-pause').click();
    await expect.poll(() => bar().getAttribute('data-playing'), ui).toBe('false');
  });
});
