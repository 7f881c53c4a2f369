import { describe, expect, it } from 'vitest';
import { repoFiles } from '../tests/support/repo-files.ts';

// Where tests live (vitest.config.ts runs each level only in its place, so this test is what
// names a test that would otherwise silently stop running):
// - unit tests (*.unit.spec.ts, *.unit.spec.tsx) beside the code they test, never under tests/;
// - integration (*.int.spec.ts) and browser (*.e2e.spec.ts) tests under tests/ only;
// - benchmarks (*.bench.ts) under tests/bench/.
// Any other test-like name (*.spec.ts, *.test.ts, *.int.spec.tsx ...) belongs to no level.

/** Why `file` breaks the rule, or null if it keeps it (or is not a test). */
function misplacement(file: string): string | null {
  const name = file.split('/').at(-1)!;
  const underTests = file.startsWith('tests/');
  if (/\.unit\.spec\.tsx?$/.test(name)) return underTests ? 'a unit test sits beside the code it tests, not under tests/' : null;
  if (/\.(int|e2e)\.spec\.ts$/.test(name)) return underTests ? null : 'integration and browser tests sit under tests/';
  if (/\.bench\.ts$/.test(name)) return file.startsWith('tests/bench/') ? null : 'benchmarks sit under tests/bench/';
  if (/\.(spec|test|bench)\.[cm]?[jt]sx?$/.test(name)) return 'the name names no test level (.unit.spec.ts, .int.spec.ts, .e2e.spec.ts, .bench.ts)';
  return null;
}

describe('where tests live', () => {
  it('should find every test in its place', () => {
    const misplaced = repoFiles()
      .map((file) => ({ file, why: misplacement(file) }))
      .filter((entry) => entry.why !== null)
      .map((entry) => `${entry.file}: ${entry.why}`);
    expect(misplaced).toEqual([]);
  });

  it.each([
    ['web/lib/format.unit.spec.ts', null],
    ['web/app/shell/app.unit.spec.tsx', null],
    ['tests/http/login.int.spec.ts', null],
    ['tests/e2e/shell.e2e.spec.ts', null],
    ['tests/bench/append.bench.ts', null],
    ['web/lib/format.ts', null],
    ['tests/support/browser.ts', null],
    ['tests/http/login.unit.spec.ts', 'a unit test sits beside the code it tests, not under tests/'],
    ['commands/messages/create-message.int.spec.ts', 'integration and browser tests sit under tests/'],
    ['web/features/search/search.e2e.spec.ts', 'integration and browser tests sit under tests/'],
    ['projections/warehouse/derive.bench.ts', 'benchmarks sit under tests/bench/'],
    ['tests/http/ping.bench.ts', 'benchmarks sit under tests/bench/'],
    ['infra/config.spec.ts', 'the name names no test level (.unit.spec.ts, .int.spec.ts, .e2e.spec.ts, .bench.ts)'],
    ['web/lib/pager.test.tsx', 'the name names no test level (.unit.spec.ts, .int.spec.ts, .e2e.spec.ts, .bench.ts)'],
    ['tests/http/login.int.spec.tsx', 'the name names no test level (.unit.spec.ts, .int.spec.ts, .e2e.spec.ts, .bench.ts)'],
  ])('should judge %s', (file, why) => {
    expect(misplacement(file)).toBe(why);
  });
});
