import { defineConfig } from 'vitest/config';
import InterleavingSequencer from './tests/support/sequencer.ts';

// Test level is in the file name (*.unit.spec.ts, *.int.spec.ts, *.e2e.spec.ts), one project each,
// so `vitest run --project int` runs exactly the integration tests.
// Where tests live: unit tests beside the code they test, never under tests/; integration and
// browser tests under tests/ only; benchmarks (*.bench.ts, run by tsx) under tests/bench/. Each
// project looks only in its place, and tools/test-layout.unit.spec.ts fails naming any test file
// out of place or with no level in its name, so none can silently stop running.
// Files run two at a time, one per core: each has its own databases, ports and data directories
// (tests/README.md says how the run is kept inside CI's time).
export default defineConfig({
  test: {
    maxWorkers: 2,
    sequence: { sequencer: InterleavingSequencer },
    reporters: ['default', './tests/support/slowest-files-reporter.ts'],
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
          // This worker's own Postgres server (the event store's log order reads cluster-wide transaction ids).
          setupFiles: ['tests/support/int-worker-setup.ts'],
          // Every file makes its own databases and closes them: a worker keeps its loaded modules
          // (the app, PGlite's WASM) from one file to the next instead of importing them again.
          isolate: false,
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
        },
      },
    ],
  },
});
