// Type-checks the whole workspace as two programs, each file once: the browser side (host,
// remotes, shared UI packages, e2e) and the Node side (API, build helpers). The per-package
// `typecheck` scripts check one package with its shared sources again; this is what CI runs.
import { run } from './lib.mjs';

await Promise.all([
  run('pnpm', ['exec', 'tsc', '-p', 'tsconfig.web.json']),
  run('pnpm', ['exec', 'tsc', '-p', 'tsconfig.node.json']),
  run('node', ['locales/check-complete.mjs']),
]);
