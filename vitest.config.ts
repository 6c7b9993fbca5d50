import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { TimedSequencer } from './tests/order/timed-sequencer';

const alias = {
  '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
  '@web': fileURLToPath(new URL('./src/web', import.meta.url)),
};

export default defineConfig({
  resolve: { alias },
  test: {
    // the longest files first, by measured time (tests/order/timed-sequencer.ts)
    sequence: { sequencer: TimedSequencer },
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: [
            'src/shared/**/*.test.ts',
            'src/server/**/*.test.ts',
            'tests/lint/**/*.test.ts',
            'tests/order/**/*.test.ts',
            'tests/vendors/**/*.test.ts',
            // the generators of `npm run security`, not the runner
            'scripts/security/**/*.test.ts',
            // the build's own Vite plugins (vite.config.ts)
            'scripts/vite-plugins/**/*.test.ts',
          ],
          environment: 'node',
          // one migrated, seeded template database per run, cloned by each harness
          globalSetup: ['src/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // one module graph per worker, not per file: importing the server app anew for each file was
          // a third of this project's CPU time, and the offline face model now loads once per worker.
          // Files must leave no module-level state behind (docs/decisions/030-test-speed.md).
          isolate: false,
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          testTimeout: 20_000,
          isolate: false,
          setupFiles: ['src/web/testing/fresh-document.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // one server and one Chromium shared by the specs that can (tests/e2e/support/lifecycle.ts)
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // expect.poll's default of 1 s is shorter than a Radix exit animation takes on a CI machine
          // busy with the PostgreSQL lane beside three browsers (docs/decisions/030-test-speed.md)
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: true,
          maxWorkers: 3,
          pool: 'forks',
        },
      },
      {
        // real processes on PostgreSQL: only `node scripts/test.mjs --only=scale` with TEST_DATABASE_URL
        resolve: { alias },
        test: {
          name: 'scale',
          include: ['tests/scale/**/*.test.ts'],
          environment: 'node',
          testTimeout: 420_000,
          hookTimeout: 240_000,
          fileParallelism: false,
          pool: 'forks',
        },
      },
    ],
  },
});
