import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';

// The product as a user meets it: the real server (server/main.ts, embedded PGlite, demo seed, a
// throwaway DATA_DIR) serving a fresh build of web/. Browser tests start one per file.

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

/** Always build: a test or bench must see the web code as it is now, not an older dist/web. */
export function buildWeb(): void {
  const build = spawnSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}\n${build.stderr}`);
}

export interface Server {
  url: string;
  process: ChildProcess;
  dataDir: string;
}

/**
 * Builds the web app and starts the real server on a fresh data directory, or on `dataDir` (a
 * server stopped with `keepData`, started again: what a restart after an operator's change sees).
 */
export async function startServer(options: { dataDir?: string; /** Set after the clearing below (e.g. KAFKA_BROKERS of a mock cluster). */ env?: Record<string, string> } = {}): Promise<Server> {
  const main = join(root, 'server', 'main.ts');
  if (!existsSync(main)) throw new Error('server/main.ts does not exist yet: the browser test needs the real server');
  buildWeb();
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'sointu-e2e-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  for (const name of ['DATABASE_URL', 'CLICKHOUSE_URL', 'EVENTSTORE_URL', 'KAFKA_BROKERS'] as const) delete env[name];
  Object.assign(env, options.env);
  const child = spawn(process.execPath, ['--import', 'tsx', main], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 170_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    const answered = await fetch(`${url}/api/ping`).then(
      (response) => response.status < 500,
      () => false,
    );
    if (answered) return { url, process: child, dataDir };
    await new Promise((done) => setTimeout(done, 500));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not answer on ${url}:\n${output}`);
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
