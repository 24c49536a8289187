import { defineConfig } from 'vitest/config';

// Test tiers by file name (STYLE.md): *.unit.spec.ts pure, *.int.spec.ts real Postgres/Redis,
// *.e2e.spec.ts the whole product in a browser.
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        // Property tests run thousands of cases: a loaded machine must not turn them into timeouts.
        test: {
          name: 'unit',
          include: ['{libs,apps}/**/*.unit.spec.{ts,tsx}'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'int',
          include: ['{libs,apps}/**/*.int.spec.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: true,
          maxWorkers: 2,
          // Real Postgres, Redis and BullMQ under a loaded machine: a timing flake gets one more try (vitest
          // prints the retry), a real fault fails both tries.
          retry: 1,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['apps/**/*.e2e.spec.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          retry: 1,
          // A page shows a figure once its read model has caught up: a loaded machine needs more than a second.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
