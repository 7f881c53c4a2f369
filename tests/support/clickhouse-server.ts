import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

// A throwaway ClickHouse server for tests, as tests/support/postgres-server.ts does for Postgres:
// its own config, users and data under a temporary folder, loopback only, on free ports. The
// binary is CLICKHOUSE_SERVER_BIN, else `clickhouse-server` (Debian's package puts it in
// /usr/sbin), else the single `clickhouse` binary of newer releases run as `clickhouse server`.

export const analystPassword = 'analyst-test-password';

export interface ClickHouseServer {
  /** The app's user (`default`, no password), database `default`. */
  url: string;
  /** The read-only analyst user (profile readonly=1, as in docker/clickhouse/users.d). */
  analystUrl: string;
  version: string;
  stop(): Promise<void>;
}

function findServerCommand(): [string, string[]] | null {
  const which = (name: string) => {
    const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8', env: { ...process.env, PATH: `${process.env.PATH ?? ''}:/usr/sbin:/usr/local/sbin` } });
    return found.status === 0 ? found.stdout.trim() : null;
  };
  if (process.env.CLICKHOUSE_SERVER_BIN) return [process.env.CLICKHOUSE_SERVER_BIN, []];
  const server = which('clickhouse-server');
  if (server) return [server, []];
  const single = which('clickhouse');
  return single ? [single, ['server']] : null;
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

// `yandex` is the root element every release reads (24+ also accept `clickhouse`).
const config = (dir: string, httpPort: number, tcpPort: number) => `<?xml version="1.0"?>
<yandex>
  <logger><level>warning</level><log>${dir}/log/server.log</log><errorlog>${dir}/log/error.log</errorlog></logger>
  <http_port>${httpPort}</http_port>
  <tcp_port>${tcpPort}</tcp_port>
  <listen_host>127.0.0.1</listen_host>
  <path>${dir}/data/</path>
  <tmp_path>${dir}/tmp/</tmp_path>
  <user_files_path>${dir}/user_files/</user_files_path>
  <format_schema_path>${dir}/format_schemas/</format_schema_path>
  <users_config>${dir}/users.xml</users_config>
  <default_profile>default</default_profile>
  <default_database>default</default_database>
  <mark_cache_size>67108864</mark_cache_size>
  <uncompressed_cache_size>67108864</uncompressed_cache_size>
  <timezone>UTC</timezone>
</yandex>
`;

const users = `<?xml version="1.0"?>
<yandex>
  <profiles>
    <default/>
    <analyst><readonly>1</readonly></analyst>
  </profiles>
  <users>
    <default><password></password><networks><ip>127.0.0.1</ip></networks><profile>default</profile><quota>default</quota></default>
    <analyst><password>${analystPassword}</password><networks><ip>127.0.0.1</ip></networks><profile>analyst</profile><quota>default</quota></analyst>
  </users>
  <quotas><default/></quotas>
</yandex>
`;

async function waitForPing(base: string, child: ChildProcess, logDir: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) break;
    try {
      const response = await fetch(`${base}/ping`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const logs = ['error.log', 'stdout.log'].map((f) => path.join(logDir, f)).filter((f) => fs.existsSync(f)).map((f) => fs.readFileSync(f, 'utf8').slice(-2000));
  throw new Error(`ClickHouse server did not start (exit ${child.exitCode}):\n${logs.join('\n')}`);
}

export async function startClickHouseServer(options: { timeoutMs?: number } = {}): Promise<ClickHouseServer> {
  const command = findServerCommand();
  if (!command) throw new Error('No ClickHouse server binary: install clickhouse-server (apt) or set CLICKHOUSE_SERVER_BIN.');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-ch-'));
  for (const sub of ['data', 'tmp', 'log', 'user_files', 'format_schemas']) fs.mkdirSync(path.join(dir, sub));
  const [httpPort, tcpPort] = [await freePort(), await freePort()];
  fs.writeFileSync(path.join(dir, 'config.xml'), config(dir, httpPort, tcpPort));
  fs.writeFileSync(path.join(dir, 'users.xml'), users);

  const out = fs.openSync(path.join(dir, 'log', 'stdout.log'), 'a');
  const child = spawn(command[0], [...command[1], `--config-file=${path.join(dir, 'config.xml')}`], { cwd: dir, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  const base = `http://127.0.0.1:${httpPort}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForPing(base, child, path.join(dir, 'log'), options.timeoutMs ?? 60_000);
    const version = (await (await fetch(`${base}/?query=${encodeURIComponent('SELECT version()')}`)).text()).trim();
    return { url: `http://default:@127.0.0.1:${httpPort}/default`, analystUrl: `http://analyst:${analystPassword}@127.0.0.1:${httpPort}/default`, version, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
