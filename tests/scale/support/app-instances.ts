import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../../support/product-server.ts';

// App instances as an operator runs several: real `node server/main.ts` processes, each with its
// own port and DATA_DIR, sharing one Postgres server, one ClickHouse server and (when given) one
// object store through their environment. Unlike the browser tests' server, no web build: these
// tests speak HTTP to the API only.

const root = resolve(import.meta.dirname, '..', '..', '..');

export interface AppInstance {
  name: string;
  url: string;
  process: ChildProcess;
  dataDir: string;
  /** Everything the process printed so far (start-up failures, logs at LOG_LEVEL). */
  output(): string;
}

/** The same signing keys on every instance: a cookie issued by one must verify on the others. */
export const sharedSecrets = { COOKIE_SECRET: 'scale-test-cookie-secret-0123456789abcdef', JWT_SECRET: 'scale-test-jwt-secret-0123456789abcdef0123456789abcdef' };

export async function startInstance(name: string, env: Record<string, string>): Promise<AppInstance> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `sointu-${name}-`));
  // No demo usage unless a test asks (DEMO_USAGE_DAYS): the scale tests bring their own load.
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...sharedSecrets, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO_USAGE_DAYS: '0', ...env };
  for (const unset of ['EVENTSTORE_URL', 'KAFKA_BROKERS', 'SMTP_URL'] as const) delete childEnv[unset];
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'main.ts')], { cwd: root, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 110_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`instance ${name} exited with ${child.exitCode}:\n${output}`);
    const answered = await fetch(`${url}/api/ping`).then(
      // 401 without a session: the server is up and answering.
      (response) => response.status < 500,
      () => false,
    );
    if (answered) return { name, url, process: child, dataDir, output: () => output };
    await new Promise((done) => setTimeout(done, 300));
  }
  child.kill('SIGKILL');
  throw new Error(`instance ${name} did not answer on ${url}:\n${output}`);
}

/** SIGKILL: no shutdown hook runs, no lease is given up; what a crashed machine leaves behind. */
export async function killInstance(instance: AppInstance): Promise<void> {
  if (instance.process.exitCode !== null || instance.process.signalCode !== null) return;
  const exited = new Promise((done) => instance.process.once('exit', done));
  instance.process.kill('SIGKILL');
  await exited;
}

export async function stopInstance(instance: AppInstance): Promise<void> {
  if (instance.process.exitCode === null && instance.process.signalCode === null) {
    const exited = new Promise((done) => instance.process.once('exit', done));
    instance.process.kill('SIGTERM');
    await Promise.race([exited, new Promise((done) => setTimeout(done, 15_000))]);
    await killInstance(instance);
  }
  rmSync(instance.dataDir, { recursive: true, force: true });
}

/** A client with one cookie jar, so a test can carry a session from one instance to another. */
export interface Client {
  cookie: string | undefined;
  call(base: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }>;
  /** Any request with the session: an upload's multipart body, a file's bytes, a Range. */
  raw(base: string, method: string, path: string, init?: { body?: Buffer; headers?: Record<string, string> }): Promise<Response>;
}

export function newClient(): Client {
  const client: Client = {
    cookie: undefined,
    async raw(base, method, path, init = {}) {
      const headers: Record<string, string> = { origin: base, ...init.headers };
      if (client.cookie) headers.cookie = client.cookie;
      const response = await fetch(`${base}${path}`, { method, headers, body: init.body ? new Uint8Array(init.body) : undefined });
      const set = response.headers.getSetCookie();
      if (set.length > 0) client.cookie = set.map((c) => c.split(';')[0]).join('; ');
      return response;
    },
    async call(base, method, path, body) {
      const response = await client.raw(base, method, path, body === undefined ? {} : { body: Buffer.from(JSON.stringify(body)), headers: { 'content-type': 'application/json' } });
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
    },
  };
  return client;
}
