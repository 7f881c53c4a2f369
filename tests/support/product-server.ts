import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { ensureWebBuild } from './web-build.ts';

// The product as a user meets it: the real server (server/main.ts, embedded PGlite and chDB, demo
// seed, a throwaway DATA_DIR) serving the build of web/. Browser tests start one per file, each on
// its own copy of a data directory seeded once per run (tests/support/e2e-global-setup.ts): the
// seed and the server's first start are paid once, not by every file.

const root = resolve(import.meta.dirname, '..', '..');
export const screenshots = join(root, 'test-output', 'screenshots');

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

/** A bench or a test must see the web code as it is now: builds unless dist/web is of these sources. */
export const buildWeb = ensureWebBuild;

export interface Server {
  url: string;
  process: ChildProcess;
  dataDir: string;
}

/**
 * The demo a data directory starts with: `seeded` is the demo users, units and library with no
 * usage (DEMO_USAGE_DAYS=0); `history` adds the demo units' usage since the first day of the
 * previous month (this month and a whole earlier one for the reports), projected into the
 * warehouse before the directory is used.
 */
export type Demo = 'seeded' | 'history';

/** Where the global setup left each prepared directory, for the test files' workers. */
const preparedDirEnv: Record<Demo, string> = { seeded: 'SOINTU_E2E_SEEDED_DIR', history: 'SOINTU_E2E_HISTORY_DIR' };

/** Days from the first of the previous month to today, both included. */
function daysSincePreviousMonth(now = new Date()): number {
  const first = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1);
  return Math.floor((now.getTime() - first) / 86_400_000) + 1;
}

/**
 * Seeds a data directory once: starts the server on a fresh one, waits until its demo (and with
 * `history` the generated usage, projected) is there, and stops it. Returns the directory.
 */
export async function prepareDemoDataDir(demo: Demo): Promise<string> {
  const days = demo === 'history' ? daysSincePreviousMonth() : 0;
  const server = await launch(mkdtempSync(join(tmpdir(), `sointu-e2e-${demo}-`)), { DEMO_USAGE_DAYS: String(days), LOG_LEVEL: 'info' });
  try {
    if (demo === 'history') {
      await server.output(/Generated demo usage|demo usage generation failed/, 600_000);
      if (/demo usage generation failed/.test(server.text())) throw new Error(`demo usage generation failed:\n${server.text()}`);
      await projectionsLive(server.url);
    }
  } finally {
    await stopServer(server, { keepData: true });
  }
  return server.dataDir;
}

/** Every projection live (none catching up), as the operator's rebuild screen reads them. */
async function projectionsLive(url: string): Promise<void> {
  const login = await fetch(`${url}/api/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'operator', password: 'sointu-demo' }) });
  if (login.status !== 200) throw new Error(`operator login failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const deadline = Date.now() + 600_000;
  let states = '';
  while (Date.now() < deadline) {
    const list = (await (await fetch(`${url}/api/admin/projections`, { headers: { cookie } })).json()) as Array<{ name: string; current: boolean; state: string; lagEvents: number }>;
    const current = list.filter((p) => p.current);
    states = current.map((p) => `${p.name}: ${p.state} (${p.lagEvents} behind)`).join(', ');
    if (current.length > 0 && current.every((p) => p.state === 'live' && p.lagEvents === 0)) return;
    await new Promise((done) => setTimeout(done, 1000));
  }
  throw new Error(`projections did not catch up with the demo usage: ${states}`);
}

const preparing = new Map<Demo, Promise<string>>();

/** The prepared directory of `demo`: the global setup's, or (a file run on its own) one made now. */
function preparedDir(demo: Demo): Promise<string> {
  const fromSetup = process.env[preparedDirEnv[demo]];
  if (fromSetup && existsSync(fromSetup)) return Promise.resolve(fromSetup);
  let dir = preparing.get(demo);
  if (!dir) preparing.set(demo, (dir = prepareDemoDataDir(demo)));
  return dir;
}

/** For the global setup: prepares both demos side by side and hands their places to the workers. */
export async function prepareDemoDataDirs(): Promise<() => void> {
  const [seeded, history] = await Promise.all([prepareDemoDataDir('seeded'), prepareDemoDataDir('history')]);
  process.env[preparedDirEnv.seeded] = seeded;
  process.env[preparedDirEnv.history] = history;
  return () => {
    for (const dir of [seeded, history]) rmSync(dir, { recursive: true, force: true });
  };
}

/**
 * Starts the real server on a copy of a prepared demo data directory (`demo`, seeded by default),
 * or on `dataDir` (a server stopped with `keepData`, started again: what a restart after an
 * operator's change sees).
 */
export async function startServer(
  options: { dataDir?: string; demo?: Demo; /** Set after the clearing below (e.g. KAFKA_BROKERS of a mock cluster). */ env?: Record<string, string> } = {},
): Promise<Server> {
  let dataDir = options.dataDir;
  if (!dataDir) {
    const prepared = await preparedDir(options.demo ?? 'seeded');
    dataDir = mkdtempSync(join(tmpdir(), 'sointu-e2e-'));
    cpSync(prepared, dataDir, { recursive: true });
  }
  const { url, process } = await launch(dataDir, { DEMO_USAGE_DAYS: '0', ...options.env });
  return { url, process, dataDir };
}

interface Launched extends Server {
  /** Resolves when the server's output matches `pattern`. */
  output(pattern: RegExp, timeoutMs: number): Promise<void>;
  text(): string;
}

/** Starts server/main.ts on `dataDir` on a port the system picks, and waits for its URL. */
async function launch(dataDir: string, extraEnv: Record<string, string>): Promise<Launched> {
  const main = join(root, 'server', 'main.ts');
  if (!existsSync(main)) throw new Error('server/main.ts does not exist yet: the browser test needs the real server');
  ensureWebBuild();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  for (const name of ['DATABASE_URL', 'CLICKHOUSE_URL', 'EVENTSTORE_URL', 'KAFKA_BROKERS', 'PUBLIC_URL'] as const) delete env[name];
  Object.assign(env, extraEnv);
  const child = spawn(process.execPath, ['--import', 'tsx', main], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const waiters: Array<() => void> = [];
  const take = (chunk: Buffer) => {
    output += chunk.toString();
    for (const wake of waiters.splice(0)) wake();
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  child.once('exit', () => {
    for (const wake of waiters.splice(0)) wake();
  });
  /** Waits until the output matches, the server exits or the deadline passes. */
  const waitFor = async (pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const match = output.match(pattern);
      if (match) return match;
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`server did not print ${pattern} within ${timeoutMs / 1000} s:\n${output}`);
      }
      await new Promise<void>((wake) => {
        waiters.push(wake);
        setTimeout(wake, 1000);
      });
    }
  };
  // server/main.ts prints its address once it listens (PORT=0: the port the system gave it).
  const [, port] = await waitFor(/Sointu is running at http:\/\/[^:\s]+:(\d+)/, 170_000);
  return { url: `http://127.0.0.1:${port}`, process: child, dataDir, output: async (pattern, timeoutMs) => void (await waitFor(pattern, timeoutMs)), text: () => output };
}

export async function stopServer(server: Server, options: { keepData?: boolean } = {}): Promise<void> {
  if (server.process.exitCode === null) {
    const exited = new Promise((done) => server.process.once('exit', done));
    server.process.kill('SIGTERM');
    await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
    if (server.process.exitCode === null) server.process.kill('SIGKILL');
  }
  if (!options.keepData) rmSync(server.dataDir, { recursive: true, force: true });
}

/** The whole page, or only `part` of it (one report section) when given. */
export const shot = (page: Page, name: string, part?: Locator) => {
  mkdirSync(screenshots, { recursive: true });
  const path = join(screenshots, `${name}.png`);
  return part ? part.screenshot({ path }) : page.screenshot({ path, fullPage: true });
};

export async function logIn(page: Page, username: string, password: string): Promise<void> {
  await page.locator('input[name=username]').fill(username);
  await page.locator('input[name=password]').fill(password);
  await page.locator('form button[type=submit]').click();
}

/** A GET with the page's session cookie: what the browser itself is answered. */
export async function getJson(page: Page, path: string): Promise<{ status: number; body: unknown }> {
  return page.evaluate(async (url) => {
    const response = await fetch(url, { credentials: 'same-origin' });
    return { status: response.status, body: await response.json() };
  }, path);
}

/** A POST with the page's session cookie, as the browser itself sends it. */
export const postJson = (page: Page, path: string, body: unknown) => sendJson(page, 'POST', path, body);

/** A PUT with the page's session cookie, as the browser (or the operator console) sends it. */
export const putJson = (page: Page, path: string, body: unknown) => sendJson(page, 'PUT', path, body);

async function sendJson(page: Page, method: 'POST' | 'PUT', path: string, body: unknown): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ([verb, url, json]) => {
      const response = await fetch(url, { method: verb, credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: json });
      return { status: response.status, body: await response.json() };
    },
    [method, path, JSON.stringify(body)] as const,
  );
}

/** ECharts animates its charts in for about a second: a screenshot taken at once shows them half drawn. */
export const chartsSettled = (page: Page) => page.waitForTimeout(1500);
