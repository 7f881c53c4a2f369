import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

// Debian's Chromium, driven by playwright-core (nothing downloaded). A fresh profile per launch
// and every background service off, so a test sees only its own traffic.
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const args = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** A tablet-sized (1024x768) browser with its own throwaway profile. */
export async function launchBrowser(viewport = { width: 1024, height: 768 }, extraArgs: readonly string[] = []): Promise<Browser> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'sointu-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath,
    headless: true,
    args: [...args, ...extraArgs],
    viewport,
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
