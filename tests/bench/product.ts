import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { join, resolve } from 'node:path';
import zlib from 'node:zlib';
import { freePort } from '../support/product-server.ts';

// What the benchmarks that measure the product over HTTP share: the real server (server/main.ts,
// the embedded default: PGlite and chDB in a throwaway DATA_DIR, demo seed; or its event store and
// read models on a Postgres server given by the bench), started and stopped
// by the bench itself and reached only on 127.0.0.1; logging in; timing calls; percentiles.

const root = resolve(import.meta.dirname, '..', '..');

export interface Product {
  url: string;
  dataDir: string;
  process: ChildProcess;
  output(): string;
}

/**
 * Starts the server on `dataDir` (a fresh one when not given) and waits until it answers.
 * `nodeArgs`: more options for its node (e.g. `--cpu-prof`, which NODE_OPTIONS may not carry).
 * `databaseUrl`: a Postgres server for the event store and read models instead of PGlite (chDB
 * stays in-process under `dataDir`); never one from the caller's environment, which could be a real one.
 */
export async function startProduct(dataDir = mkdtempSync(join(os.tmpdir(), 'sointu-bench-')), nodeArgs: readonly string[] = [], databaseUrl?: string): Promise<Product> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' };
  for (const name of ['DATABASE_URL', 'CLICKHOUSE_URL', 'EVENTSTORE_URL', 'KAFKA_BROKERS', 'PUBLIC_URL'] as const) delete env[name];
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', join(root, 'server', 'main.ts')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    if (await fetch(`${url}/api/ping`).then((r) => r.status < 500, () => false)) return { url, dataDir, process: child, output: () => output };
    await sleep(500);
  }
  child.kill('SIGKILL');
  throw new Error(`server did not answer on ${url}:\n${output}`);
}

export async function stopProduct(product: Product, options: { keepData?: boolean } = {}): Promise<void> {
  if (product.process.exitCode === null) {
    const exited = new Promise((done) => product.process.once('exit', done));
    product.process.kill('SIGTERM');
    await Promise.race([exited, sleep(30_000)]);
    if (product.process.exitCode === null) product.process.kill('SIGKILL');
  }
  if (!options.keepData) rmSync(product.dataDir, { recursive: true, force: true });
}

/**
 * "Nothing else running": on a first start the server writes the demo units' 90 days of usage in
 * the background; waits for that (when `demoUsage`) and then until every projection is live with
 * no lag, as the operator's status page reports it.
 */
export async function waitUntilQuiet(product: Product, options: { demoUsage: boolean }): Promise<void> {
  const deadline = Date.now() + 900_000;
  if (options.demoUsage) {
    while (!/Generated demo usage|demo usage generation failed/.test(product.output())) {
      if (Date.now() > deadline) throw new Error('demo usage was not generated in time');
      await sleep(1000);
    }
  }
  const operator = await logIn(product.url, 'operator');
  while (Date.now() < deadline) {
    const { body } = await call<{ current: boolean; lagEvents: number; state: string }[]>(product.url, operator, 'GET', '/api/admin/projections');
    if (body.filter((p) => p.current).every((p) => p.lagEvents === 0 && p.state === 'live')) return;
    await sleep(1000);
  }
  throw new Error('projections did not catch up in time');
}

export const demoPassword = 'sointu-demo';

/** The session cookie of `username` (POST /api/login). */
export async function logIn(url: string, username: string, password = demoPassword): Promise<string> {
  const response = await fetch(`${url}/api/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username, password }) });
  if (response.status !== 200) throw new Error(`login of ${username} failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('sointu_session='));
  if (!cookie) throw new Error(`login of ${username} set no session cookie`);
  return cookie.split(';')[0]!;
}

/**
 * Keep-alive connections for `call`. node:http, not fetch: the load generator shares the measured
 * machine's two cores, and fetch's streams cost it several times the CPU per request (issue 21
 * item 5: the bench's client took 15-18% of a core at 100 posts per second).
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One API call with a session cookie; throws unless it answers 200. `ms`: from sending to the whole answer read. */
export function call<T>(url: string, cookie: string, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<{ body: T; ms: number }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  // What a browser sends, so the server does the same work (compression included) as for one.
  const headers: Record<string, string | number> = { Cookie: cookie, Origin: url, Accept: 'application/json', 'Accept-Encoding': 'gzip, deflate' };
  if (payload !== undefined) Object.assign(headers, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) });
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(`${url}${path}`, { method, headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        try {
          const raw = Buffer.concat(chunks);
          const encoding = response.headers['content-encoding'];
          const text = (encoding === 'gzip' ? zlib.gunzipSync(raw) : encoding === 'deflate' ? zlib.inflateSync(raw) : raw).toString();
          const ms = performance.now() - started;
          if (response.statusCode !== 200) throw new Error(`${method} ${path}: ${response.statusCode} ${text}`);
          resolve({ body: JSON.parse(text) as T, ms });
        } catch (error) {
          reject(error);
        }
      });
    });
    request.on('error', reject);
    request.end(payload);
  });
}

/** The p-th percentile (0..100) by nearest rank of `values`. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export const loadAverage = (): string => os.loadavg().map((l) => l.toFixed(2)).join(' / ');

export const machine = (): string => `${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;

export const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));
