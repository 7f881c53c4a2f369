import os from 'node:os';
import type { CDPSession, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { buildWeb, logIn } from '../support/product-server.ts';
import { startProduct, stopProduct, waitUntilQuiet } from './product.ts';

// `npm run bench:tablet`: how soon a care home's tablet can be used (issue 21 item 4). The product
// as the browser tests run it (a fresh build, the embedded default, the demo seed) and headless
// Chromium with its CPU slowed 4x and a slow mobile network (DevTools protocol). For the
// caregiver and the administrator, with an empty cache and again with the cache from an earlier
// visit, it measures from the navigation to:
// - landing usable: the root redirect's page (today's messages) drawn with a button or link that
//   takes a tap;
// - report drawn: /reports with its session chart painted on its canvas and the overall-usage pie
//   painted (or the report saying the period has no usage).
// The server is measured as a care home meets it, quiet: the bench waits until the demo usage a
// first start writes (some 140,000 events) is generated and projected, as the other benches do.
// Times are the page's own clock (`performance.now()`, from the navigation's start), read by a
// check that runs on the page's main thread, so a busy thread delays it as it would delay a tap.
// Results go to docs/benchmarks.md by hand.

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CPU_SLOWDOWN = 4;
/** "Fast 3G"-like, as DevTools' presets: latency in ms, throughput in bytes per second. */
const network = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const goals = { landing: 1500, report: 2500 } as const;
const users = ['caregiver', 'admin'] as const;

type Target = keyof typeof goals;

/**
 * Runs in the page: its clock when `what` is on screen, or false. A string, not a function, so the
 * runner's transpiler adds no helpers the page lacks.
 */
const readyCheck = `(what) => {
  const painted = (selector) => {
    const canvas = document.querySelector(selector);
    if (!canvas || canvas.width === 0 || canvas.height === 0) return false;
    const pixels = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data;
    if (!pixels) return false;
    // Axes and labels alone ink a little of the canvas; bars or slices ink much more.
    let inked = 0;
    for (let i = 3; i < pixels.length; i += 4) if (pixels[i] > 0) inked++;
    return inked > canvas.width * canvas.height * 0.02;
  };
  if (what === 'landing') {
    const page = document.querySelector('[data-testid=todays-messages]');
    const control = page?.querySelector('button:not([disabled]), a[href]');
    return control && control.getClientRects().length > 0 ? performance.now() : false;
  }
  const chart = painted('[data-testid=report-chart-sessions] canvas');
  const pie = painted('[data-testid=report-pie-overall] canvas') || document.querySelector('p[data-testid=report-pie-overall]') !== null;
  return chart && pie ? performance.now() : false;
}`;

/** Milliseconds from the navigation's start until `ready` holds in the page. */
async function timeTo(page: Page, url: string, target: Target): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  const ready = await page.waitForFunction(`(${readyCheck})(${JSON.stringify(target)})`, undefined, { polling: 50, timeout: 120_000 });
  return Number(await ready.jsonValue());
}

async function slowDown(cdp: CDPSession) {
  await cdp.send('Network.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Network.emulateNetworkConditions', network);
}

/**
 * BENCH_WATERFALL=1: after the last cold load of each screen (the first is often slower: a server just started), what the page waited for, from its
 * own Resource Timing: when each request started, when its answer began and ended (ms from the
 * navigation's start), and its bytes on the wire. Shows which waits are chained.
 */
const WATERFALL = process.env.BENCH_WATERFALL === '1';
const waterfallScript = `(() => {
  const nav = performance.getEntriesByType('navigation')[0];
  return [nav, ...performance.getEntriesByType('resource')].map((entry) => ({
    what: entry.name.replace(location.origin, ''),
    start: Math.round(entry.startTime),
    'answer from': Math.round(entry.responseStart),
    'answer done': Math.round(entry.responseEnd),
    'wire bytes': entry.transferSize,
  }));
})()`;

async function printWaterfall(page: Page, label: string) {
  console.log(`Waterfall: ${label}`);
  console.table(await page.evaluate(waterfallScript));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

buildWeb();
const server = await startProduct();
const rows: Array<Record<string, string | number>> = [];
try {
  await waitUntilQuiet(server, { demoUsage: true });
  for (const user of users) {
    const browser = await launchBrowser({ width: 1024, height: 768 });
    try {
      const page = browser.context.pages()[0] ?? (await browser.context.newPage());
      // Logged in at full speed: the benchmark is about opening the app, not the login form.
      await page.goto(server.url);
      await logIn(page, user, 'sointu-demo');
      await page.locator('header.top-bar').waitFor({ timeout: 60_000 });
      const landingPath = new URL(page.url()).pathname;
      const cdp = await browser.context.newCDPSession(page);
      await slowDown(cdp);
      for (const target of ['landing', 'report'] as const) {
        const url = target === 'landing' ? `${server.url}/` : `${server.url}/reports`;
        const times: Record<'cold' | 'warm', number[]> = { cold: [], warm: [] };
        for (let run = 0; run < RUNS; run++) {
          // Cold: nothing cached, as the first visit of a new tablet (HTTP and compiled-code cache).
          await cdp.send('Network.clearBrowserCache');
          await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
          times.cold.push(await timeTo(page, url, target));
          if (WATERFALL && run === RUNS - 1) await printWaterfall(page, `${user}, ${target}, cold`);
          // Warm: the same screen again with what the visit before cached.
          await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
          await timeTo(page, url, target);
          times.warm.push(await timeTo(page, url, target));
        }
        for (const cache of ['cold', 'warm'] as const) {
          const ms = Math.round(median(times[cache]));
          rows.push({
            user,
            screen: target === 'landing' ? `landing (${landingPath})` : 'report charts (/reports)',
            cache,
            'median ms': ms,
            runs: times[cache].map(Math.round).join(' '),
            'goal ms': goals[target],
            ok: ms <= goals[target] ? 'yes' : 'NO',
          });
        }
      }
    } finally {
      await browser.close();
    }
  }
} finally {
  await stopProduct(server);
}

console.log(`CPU ${CPU_SLOWDOWN}x slower, network ${network.latency} ms, ${(network.downloadThroughput * 8) / 1024 / 1024} Mbit/s down, ${Math.round((network.uploadThroughput * 8) / 1024)} kbit/s up; ${RUNS} runs each; load average ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
console.table(rows);
if (rows.some((row) => row.ok !== 'yes')) process.exitCode = 1;
