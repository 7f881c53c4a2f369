import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type Browser } from '../support/browser.ts';
import { getJson, logIn, postJson, shot, startServer, stopServer, type Server } from '../support/product-server.ts';

// Video chat and remote control (issue 19, spec 2 section 4) between two real browsers on this
// machine: the relative opens the room on their message to the care unit, the unit joins, both
// reach connected (RTCPeerConnection.connectionState, shown on each remote video), the relative
// plays a piece and the unit's remote player follows after "Allow Remote Control". Chromium's fake
// camera and microphone stand in for real ones; with no ICE servers configured the browsers
// connect directly on loopback. A browser that refuses the camera says so plainly.

const fakeMedia = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

describe('video chat between the relative and the care unit', () => {
  let server: Server;
  let relativeBrowser: Browser;
  let unitBrowser: Browser;
  let relative: Page;
  let unit: Page;
  let messageId: number;
  let pieceName: string;

  beforeAll(async () => {
    server = await startServer();
    relativeBrowser = await launchBrowser({ width: 1024, height: 900 }, fakeMedia);
    unitBrowser = await launchBrowser({ width: 1024, height: 900 }, fakeMedia);
    relative = relativeBrowser.context.pages()[0] ?? (await relativeBrowser.context.newPage());
    unit = unitBrowser.context.pages()[0] ?? (await unitBrowser.context.newPage());
  }, 480_000);

  afterAll(async () => {
    await relativeBrowser?.close();
    await unitBrowser?.close();
    if (server) await stopServer(server);
  });

  const ok = async (page: Page, path: string, body: unknown, method: 'POST' | 'PUT' = 'POST') => {
    const answer =
      method === 'POST'
        ? await postJson(page, path, body)
        : await page.evaluate(
            async ([url, json]) => {
              const response = await fetch(url, { method: 'PUT', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: json });
              return { status: response.status, body: await response.json() };
            },
            [path, JSON.stringify(body)] as const,
          );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as Record<string, unknown>;
  };
  const remoteState = (page: Page) => page.getByTestId('video-remote').first().getAttribute('data-connection-state');

  it('the relative opens the room, the unit joins, and both are connected', async () => {
    await relative.goto(server.url);
    await logIn(relative, 'relative', 'sointu-demo');
    await relative.locator('header.top-bar').waitFor();
    // The relative's message to the unit with one of Mum's songs, made as the message view makes it.
    const recipients = (await getJson(relative, '/api/message-recipients')).body as { users: { id: number; name: string }[] };
    const unitUser = recipients.users[0]!;
    const [piece] = ((await ok(relative, '/api/get-audio-files', { limit: 1 })) as { items: { id: number; name: string }[] }).items;
    pieceName = piece!.name;
    const message = await ok(relative, '/api/messages', { title: 'Video call with Mum', recipients: [{ id: unitUser.id }] });
    messageId = Number(message.id);
    await ok(relative, '/api/message-items', { messageId, type: 'AudioFile', audioFileId: piece!.id, trackClicks: false });
    await ok(relative, `/api/messages/${messageId}`, { sent: true }, 'PUT');

    await relative.goto(`${server.url}/messages/${messageId}`);
    await relative.getByTestId('video-chat-join').click();
    await expect.poll(() => relative.getByTestId('video-chat').getAttribute('data-status'), { timeout: 20_000 }).toBe('connecting');

    await unit.goto(server.url);
    await logIn(unit, 'caregiver', 'sointu-demo');
    await unit.locator('header.top-bar').waitFor();
    await unit.goto(`${server.url}/messages/${messageId}`);
    await expect.poll(() => unit.getByTestId('video-chat-join').textContent(), { timeout: 20_000 }).toMatch(/videopuheluun/i);
    await unit.getByTestId('video-chat-join').click();

    await expect.poll(() => remoteState(unit), { timeout: 30_000 }).toBe('connected');
    await expect.poll(() => remoteState(relative), { timeout: 30_000 }).toBe('connected');
    await expect.poll(() => relative.getByTestId('video-chat').getAttribute('data-status')).toBe('connected');
    await expect.poll(() => unit.getByTestId('video-chat').getAttribute('data-status')).toBe('connected');
    // The fake camera's picture really arrives: the remote video has frames.
    await expect
      .poll(() => unit.getByTestId('video-remote').first().locator('video').evaluate((video: HTMLVideoElement) => video.videoWidth), { timeout: 20_000 })
      .toBeGreaterThan(0);
    await expect.poll(() => unit.getByTestId('video-chat-status').textContent()).toBe('Videopuhelu yhdistetty');
    await shot(relative, 'video-chat-relative-connected');
    await shot(unit, 'video-chat-unit-connected');
  }, 180_000);

  it("the relative plays a piece and the unit's remote player follows after Allow Remote Control", async () => {
    await relative.getByTestId('message-play').click();
    const hydrate = unit.getByTestId('hydrate-modal');
    await hydrate.waitFor({ timeout: 20_000 });
    await expect.poll(() => hydrate.textContent()).toContain('haluaa ohjata soitintasi');
    await shot(unit, 'video-chat-unit-hydrate-modal');
    await unit.getByTestId('remote-control-allow').click();

    const remotePlayer = unit.locator('[data-player-id="messages/remote"]');
    await expect.poll(() => remotePlayer.textContent(), { timeout: 20_000 }).toContain('Viestin lähettäjän ohjaama soitin:');
    await expect.poll(() => unit.getByTestId('remote-player-file').textContent(), { timeout: 20_000 }).toBe(pieceName);
    await expect.poll(() => remotePlayer.getAttribute('data-playing'), { timeout: 20_000 }).toBe('true');

    // It plays on the unit's own player, as any play from a message does.
    await expect.poll(() => unit.getByTestId('player-title').textContent(), { timeout: 20_000 }).toContain(pieceName);
    await expect.poll(() => unit.getByTestId('player-bar').getAttribute('data-playing'), { timeout: 20_000 }).toBe('true');

    // The sender pauses: the unit's player pauses with it.
    await expect.poll(() => relative.getByTestId('player-bar').getAttribute('data-playing'), { timeout: 20_000 }).toBe('true');
    await relative.getByTestId('player-play-pause').click();
    await expect.poll(() => remotePlayer.getAttribute('data-playing'), { timeout: 20_000 }).toBe('false');
    await expect.poll(() => unit.getByTestId('player-bar').getAttribute('data-playing'), { timeout: 20_000 }).toBe('false');
    await shot(unit, 'video-chat-unit-remote-player');

    // Leaving: the relative is out, the unit waits for them again.
    await relative.getByTestId('video-chat-leave').click();
    await expect.poll(() => relative.getByTestId('video-chat').getAttribute('data-status')).toBe('left');
    // The room stays: the relative may join it again.
    await expect.poll(() => relative.getByTestId('video-chat-join').textContent()).toBe('Liity videopuheluun');
    await expect.poll(() => unit.getByTestId('video-chat').getAttribute('data-status'), { timeout: 20_000 }).toBe('connecting');
    await shot(relative, 'video-chat-relative-left');
  }, 120_000);

  it('says plainly when the camera and microphone are refused', async () => {
    const refusing = await launchBrowser({ width: 1024, height: 768 }, ['--use-fake-device-for-media-stream']);
    try {
      const page = refusing.context.pages()[0] ?? (await refusing.context.newPage());
      // The unit's other login just played the relative's piece: when this login is asked whether
      // to take playback over (an asynchronous check after loading), it does.
      await page.addLocatorHandler(page.getByTestId('playback-login-question'), (question) => question.locator('.button-primary').click());
      await page.goto(server.url);
      await logIn(page, 'caregiver', 'sointu-demo');
      await page.locator('header.top-bar').waitFor();
      await page.goto(`${server.url}/messages/${messageId}`);
      await page.getByTestId('video-chat-join').click();
      const alert = page.getByTestId('video-chat').locator('[role=alert], .alert').first();
      await expect.poll(() => alert.textContent(), { timeout: 20_000 }).toContain('Videopuheluun yhdistäminen epäonnistui: kameran ja mikrofonin käyttö estettiin');
      await shot(page, 'video-chat-camera-refused', page.getByTestId('video-chat'));
    } finally {
      await refusing.close();
    }
  }, 120_000);
});
