import os from 'node:os';
import { defineConfig } from 'vitest/config';

/** Every core (at least two): test files are independent and CI has two cores. */
const WORKERS = Math.max(2, os.availableParallelism());

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'shared/*/test/**/*.test.{ts,tsx}',
            'host/test/**/*.test.{ts,tsx}',
            // Remotes' tests render through @esim/ui/testing (polyfills, providers, i18n).
            'remotes/*/test/**/*.test.{ts,tsx}',
            'locales/test/**/*.test.ts',
          ],
          environment: 'jsdom',
          // Worker threads start faster than forked processes: 8-10% less time over the same
          // files, measured interleaved on CI's two cores; every file still gets its own module
          // graph and jsdom.
          pool: 'threads',
          // jsdom's computed styles with antd's many CSS rules, and its missing canvas: see the files.
          setupFiles: ['shared/ui/test/jsdomSelectorCache.ts', 'shared/ui/test/jsdomCanvas.ts'],
          // Vitest's default is one worker per core less one: a single worker on CI's 2 cores.
          maxWorkers: WORKERS,
          // An antd screen renders in 0.5-2 s in jsdom, up to 9 s when the two cores are shared
          // with a build: the 5 s default failed tests for the machine's load, not behaviour.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['api/test/**/*.test.ts'],
          // *.pg.test.ts race real connections; PGlite has one, so its pass leaves them out.
          exclude:
            process.env.TEST_DB === 'pglite'
              ? ['**/node_modules/**', 'api/test/**/*.pg.test.ts']
              : ['**/node_modules/**'],
          environment: 'node',
          // Each file has its own database; waits on PostgreSQL leave the second core idle.
          maxWorkers: WORKERS,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // Tests of the built console, run after `pnpm build` (`pnpm test:built`): the
          // production proxy (docker/nginx.conf) in a real nginx.
          name: 'built',
          include: ['docker/test/**/*.test.ts'],
          environment: 'node',
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
