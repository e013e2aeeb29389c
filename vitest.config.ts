import { defineConfig } from 'vitest/config';

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
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
