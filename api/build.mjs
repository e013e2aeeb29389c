/**
 * Bundles src/server.ts into dist/server.mjs, and each worker-thread file beside it
 * (api/src/workers/pool.ts finds them there: dist/stock-import-worker.mjs). Workspace packages
 * (@esim/*, TypeScript source) are bundled; every other package stays external and loads from
 * node_modules. The SQL migrations (api/drizzle) and the locales are read at run time from the
 * repository (paths are resolved from the repository root, which is the same from src/ and
 * dist/).
 */
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiRoot = path.dirname(fileURLToPath(import.meta.url));

/** Everything imported by bare name is external, except our workspace packages. */
const externalExceptWorkspace = {
  name: 'external-except-workspace',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@esim/')) return undefined;
      if (path.isAbsolute(args.path)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

fs.rmSync(path.join(apiRoot, 'dist'), { recursive: true, force: true });
await build({
  absWorkingDir: apiRoot,
  entryPoints: {
    server: 'src/server.ts',
    'stock-import-worker': 'src/areas/stock/import-worker.ts',
  },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalExceptWorkspace],
  logLevel: 'info',
});
