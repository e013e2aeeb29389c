// Every check CI runs, in order, stopping at the first failure.
import { ensureChromium } from './ensure-chromium.mjs';
import { ensurePostgres } from './ensure-postgres.mjs';
import { run } from './lib.mjs';

const started = Date.now();
const steps = [
  ['lint', () => run('pnpm', ['run', 'lint'])],
  ['format', () => run('pnpm', ['run', 'format:check'])],
  ['typecheck', () => run('pnpm', ['run', 'typecheck'])],
  ['unit tests', () => run('pnpm', ['run', 'test:unit'])],
  ['api tests', () => run('pnpm', ['run', 'test:api'])],
  ['build', () => run('pnpm', ['run', 'build'])],
  [
    'e2e tests',
    async () => {
      ensureChromium();
      await ensurePostgres();
      await run('pnpm', ['run', 'test:e2e']);
    },
  ],
];

for (const [name, step] of steps) {
  const t0 = Date.now();
  console.info(`\n=== ${name}`);
  try {
    await step();
  } catch (error) {
    console.error(`\n=== ${name} FAILED: ${error.message}`);
    process.exit(1);
  }
  console.info(`=== ${name} ok (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
}
console.info(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
