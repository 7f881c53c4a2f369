import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

// Finds a Postgres server for integration tests, in this order: TEST_DATABASE_URL; a throwaway
// cluster made with the local PostgreSQL binaries (initdb + pg_ctl on a free port). No Docker here.

const PG_BIN = process.env.PG_BIN ?? ['/usr/lib/postgresql/17/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/15/bin'].find((dir) => fs.existsSync(path.join(dir, 'initdb')));

export interface PostgresServer {
  url: string;
  stop(): Promise<void>;
  /**
   * `pg_ctl restart` on the same port and settings: `fast` ends every session with 57P01 as an
   * operator's restart does, `immediate` cuts them as a crash would. Only for a cluster this
   * process started (`own`); a shared TEST_DATABASE_URL cannot be restarted.
   */
  restart(mode: 'fast' | 'immediate'): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Postgres refuses to run as root: run its binaries as the `postgres` user when we are root. */
function asOwner(binary: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args];
}

function runAsOwner(binary: string, args: string[]): void {
  const [command, commandArgs] = asOwner(binary, args);
  const result = spawnSync(command, commandArgs, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${binary} failed: ${result.stderr || result.stdout}`);
}

/** runAsOwner without blocking: the load a test runs in this process goes on meanwhile. */
async function runAsOwnerAsync(binary: string, args: string[]): Promise<void> {
  const [command, commandArgs] = asOwner(binary, args);
  await promisify(execFile)(command, commandArgs, { encoding: 'utf8' });
}

/**
 * `durable`: keep Postgres's default fsync/commit settings (benchmarks); `own`: a cluster of its
 * own, to restart. Either never reuses TEST_DATABASE_URL.
 */
export async function startPostgresServer(options: { durable?: boolean; own?: boolean } = {}): Promise<PostgresServer> {
  if (process.env.TEST_DATABASE_URL && !options.durable && !options.own) {
    return {
      url: process.env.TEST_DATABASE_URL,
      stop: async () => undefined,
      restart: async () => {
        throw new Error('a shared TEST_DATABASE_URL server cannot be restarted: start one with { own: true }');
      },
    };
  }
  if (!PG_BIN) throw new Error('No Postgres server: set TEST_DATABASE_URL or install PostgreSQL server binaries (initdb).');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-pg-'));
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  runAsOwner(path.join(PG_BIN, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  // fsync off: a throwaway test cluster; durability is not what these tests measure.
  const fast = options.durable ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off';
  runAsOwner(path.join(PG_BIN, 'pg_ctl'), [
    '-D', dataDir, '-l', path.join(dir, 'log'), '-w', 'start',
    '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1${fast} -c max_connections=200`,
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      runAsOwner(path.join(PG_BIN!, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', 'stop']);
      fs.rmSync(dir, { recursive: true, force: true });
    },
    async restart(mode) {
      // pg_ctl keeps the start's options in postmaster.opts and starts with them again.
      await runAsOwnerAsync(path.join(PG_BIN!, 'pg_ctl'), ['-D', dataDir, '-l', path.join(dir, 'log'), '-m', mode, '-w', 'restart']);
    },
  };
}

/** A fresh database on the server, so every test file works on its own data; a copy of `template` when given. */
export async function createTestDatabase(serverUrl: string, name = `t_${Date.now()}_${Math.floor(Math.random() * 1e6)}`, template?: string): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}${template ? ` TEMPLATE ${pg.escapeIdentifier(template)}` : ''}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
