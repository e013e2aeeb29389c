// Every check CI runs, stopping at the first failure. The static checks run side by side (each
// is one process on one core; CI has two); the test steps run one after another, each using
// every core itself.
import { ensureChromium } from './ensure-chromium.mjs';
import { ensurePostgres } from './ensure-postgres.mjs';
import { run, runQuiet } from './lib.mjs';

const started = Date.now();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(0)} s`;

/** Runs checks side by side; each one's output is printed whole when it ends. */
async function together(checks) {
  const results = await Promise.allSettled(
    checks.map(async ([name, command, args]) => {
      const t0 = Date.now();
      try {
        const output = await runQuiet(command, args);
        console.info(`--- ${name} ok (${seconds(t0)})\n${output}`);
      } catch (error) {
        console.error(`--- ${name} FAILED (${seconds(t0)})\n${error.output ?? ''}`);
        throw new Error(`${name} failed`);
      }
    }),
  );
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

const steps = [
  [
    'lint, format, typecheck',
    () =>
      together([
        ['lint', 'pnpm', ['run', 'lint']],
        ['format', 'pnpm', ['run', 'format:check']],
        ['typecheck', 'pnpm', ['run', 'typecheck']],
      ]),
  ],
  ['unit tests', () => run('pnpm', ['run', 'test:unit'])],
  ['api tests', () => run('pnpm', ['run', 'test:api'])],
  ['build', () => run('pnpm', ['run', 'build'])],
  ['built-console tests (proxy)', () => run('pnpm', ['run', 'test:built'])],
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
  console.info(`=== ${name} ok (${seconds(t0)})`);
}
console.info(`\nAll checks passed in ${seconds(started)}`);
