import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectWarehouse } from '../../infra/clickhouse/clickhouse.ts';

// `npm run sql` (tools/cli/sql.ts) as an analyst runs it: a child process on the embedded chDB
// under DATA_DIR, with its exit code and output.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-sql-cli-'));
const tsx = path.resolve('node_modules/.bin/tsx');

async function sql(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env, DATA_DIR: dataDir, CLICKHOUSE_URL: '' };
  try {
    const { stdout, stderr } = await promisify(execFile)(tsx, ['tools/cli/sql.ts', ...args], { env, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

beforeAll(async () => {
  const warehouse = await connectWarehouse({ dataDir });
  await warehouse.exec('CREATE TABLE IF NOT EXISTS client_versions_v9 (n UInt64, label String) ENGINE = MergeTree ORDER BY n');
  await warehouse.insert('client_versions_v9', [{ n: 1, label: 'one' }, { n: 2, label: 'two' }, { n: 3, label: 'three' }]);
  await warehouse.close();
}, 60_000);

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('npm run sql', () => {
  it('should print the rows of a SELECT as a table', async () => {
    const result = await sql('SELECT n, label FROM client_versions_v9 WHERE n >= 2 ORDER BY n');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.split('\n').slice(0, 4)).toEqual(['n | label', '--+------', '2 | two', '3 | three']);
    expect(result.stdout).toMatch(/\(2 rows, \d+ ms\)/);
  }, 60_000);

  it('should refuse a write with a ValidationError and leave the table as it was', async () => {
    const drop = await sql('DROP TABLE client_versions_v9');
    expect(drop.code).toBe(1);
    expect(drop.stderr).toMatch(/ValidationError: Only SELECT statements are allowed \(with WITH, UNION, JOIN, subqueries\), not DROP/);
    const override = await sql('SELECT 1 SETTINGS readonly = 0');
    expect(override.code).toBe(1);
    expect(override.stderr).toMatch(/SETTINGS is not allowed/);
    const count = await sql('SELECT count() AS c FROM client_versions_v9', '--json');
    expect(JSON.parse(count.stdout)).toEqual([{ c: 3 }]);
  }, 60_000);

  it('should say so when another process holds the embedded warehouse', async () => {
    const holder = await connectWarehouse({ dataDir });
    try {
      const result = await sql('SELECT 1');
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/held by another process, most likely the running Sointu server/);
      expect(result.stderr).toMatch(/POST \/api\/admin\/warehouse-sql/);
    } finally {
      await holder.close();
    }
  }, 60_000);
});
