import { defineConfig } from 'vitest/config';

// Test level is in the file name (*.unit.spec.ts, *.int.spec.ts, *.e2e.spec.ts), one project each,
// so `vitest run --project int` runs exactly the integration tests.
// Where tests live: unit tests beside the code they test, never under tests/; integration and
// browser tests under tests/ only; benchmarks (*.bench.ts, run by tsx) under tests/bench/. Each
// project looks only in its place, and tools/test-layout.unit.spec.ts fails naming any test file
// out of place or with no level in its name, so none can silently stop running.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['**/*.unit.spec.{ts,tsx}'], exclude: ['node_modules/**', 'tests/**'] } },
      {
        test: {
          name: 'int',
          include: ['tests/**/*.int.spec.ts'],
          exclude: ['node_modules/**'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          globalSetup: ['tests/support/global-setup.ts'],
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/**/*.e2e.spec.ts'],
          exclude: ['node_modules/**'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          globalSetup: ['tests/support/e2e-global-setup.ts'],
          fileParallelism: false,
        },
      },
    ],
  },
});
