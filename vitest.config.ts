import { defineConfig } from 'vitest/config';

// Test level is in the file name (*.unit.spec.ts, *.int.spec.ts, *.e2e.spec.ts), one project each,
// so `vitest run --project int` runs exactly the integration tests.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['**/*.unit.spec.{ts,tsx}'], exclude: ['node_modules/**'] } },
      {
        test: {
          name: 'int',
          include: ['**/*.int.spec.ts'],
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
          include: ['**/*.e2e.spec.ts'],
          exclude: ['node_modules/**'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          globalSetup: ['tests/support/global-setup.ts'],
          fileParallelism: false,
        },
      },
    ],
  },
});
