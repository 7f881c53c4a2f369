import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectAll } from '../../projections/engine/project-all.ts';
import { readModels } from '../../projections/projectors.ts';
import { buildTestApp, type TestApp } from '../support/build-test-app.ts';
import { readModelRows, writeReadModelLog } from './support/read-model-log.ts';

// Issue 13, deliverable 3: a read model is a function of the log. Each one projects the whole log
// (the demo seed, generated usage, arbitrary events of every type it handles) twice from position 0,
// into two versions with their own tables, once in big batches and once in small ones: the tables
// are equal, row for row.

describe('every read model, projected twice from position 0', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await writeReadModelLog(t);
  }, 240_000);
  afterAll(() => t?.close());

  it.each(Object.keys(readModels))('%s should hold the same rows in both versions', async (name) => {
    const make = readModels[name]!;
    const first = make(1);
    const second = make(2);
    await projectAll({ log: t.store, sql: t.sql, projectors: [first] });
    await projectAll({ log: t.store, sql: t.sql, projectors: [second], batchSize: 7 });
    const [a, b] = [await readModelRows(t.sql, first), await readModelRows(t.sql, second)];
    // Something to compare: every table of the read model holds rows.
    for (const [view, rows] of Object.entries(a)) expect(rows.length, `${name}: ${view}`).toBeGreaterThan(0);
    expect(b).toEqual(a);
    // The second version was built beside the first: the stable names still read version 1.
    const [{ view, table }] = first.views as [{ view: string; table: string }];
    const [served] = await t.sql.query<{ n: number | string }>(`SELECT (SELECT count(*) FROM ${view}) - (SELECT count(*) FROM ${table}) AS n`);
    expect(Number(served!.n)).toBe(0);
  }, 120_000);
});
