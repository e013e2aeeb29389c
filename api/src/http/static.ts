import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { rawRoute, type RouteDefinition } from './define-route';
import { IMMUTABLE, sendStaticFile } from './static-files';

/**
 * Paths the console never answers with index.html: unknown ones there are JSON 404s (the remote
 * store has its own route, src/http/remote-store.ts; this covers `/remotes` itself).
 */
const NOT_SPA = /^\/?(api|identity|remotes)(\/|$)|^\/?(healthz|readyz|config\.json)$/;
/** Content-hashed build output (main.3f2a9c1d.js): safe to cache forever. */
const HASHED_ASSET = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;

export const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>eSIM console</title></head>
<body><h1>eSIM console</h1>
<p>The console has not been built yet. Run <code>pnpm build</code> in the repository, then reload this page.</p>
<p>The API is running: <a href="/healthz">/healthz</a>, <a href="/api/mng/openapi.json">/api/mng/openapi.json</a>.</p>
</body></html>
`;

async function isFile(file: string): Promise<boolean> {
  try {
    return (await fs.stat(file)).isFile();
  } catch {
    return false;
  }
}

function sendIndex(reply: FastifyReply, root: string) {
  return sendStaticFile(reply, 'index.html', root, 'no-cache');
}

/**
 * The built host (config.hostDistDir) at /, with SPA fallback: a GET of a path without a file
 * extension that is not the API's answers index.html (no-cache); hashed assets are immutable.
 * Files go out brotli / gzip compressed when the build wrote <file>.br / <file>.gz and the client
 * accepts it (src/http/static-files.ts). Without a build, / answers a page saying how to build
 * (the API keeps working).
 */
export function staticRoutes(hostDistDir: string): RouteDefinition[] {
  const root = path.resolve(hostDistDir);
  return [
    rawRoute({
      method: 'GET',
      url: '/*',
      permission: 'public',
      hidden: true,
      summary: 'The console (host build), with SPA fallback',
      tags: ['static'],
      handler: async ({ request, reply }) => {
        const relative = (request.params as Record<string, string | undefined>)['*'] ?? '';
        if (NOT_SPA.test(relative) || relative.includes('\0')) return reply.callNotFound();
        const file = path.resolve(root, `./${relative}`);
        const inside = file === root || file.startsWith(root + path.sep);
        if (inside && file !== root && (await isFile(file))) {
          const name = path.basename(file);
          if (name === 'index.html') return sendIndex(reply, root);
          return sendStaticFile(
            reply,
            path.relative(root, file),
            root,
            HASHED_ASSET.test(name) ? IMMUTABLE : 'no-cache',
          );
        }
        // A missing file (it has an extension) is a 404, not the app shell.
        if (!inside || /\.[a-z0-9]+$/i.test(path.basename(relative))) return reply.callNotFound();
        if (!(await isFile(path.join(root, 'index.html')))) {
          reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
          return NOT_BUILT_PAGE;
        }
        return sendIndex(reply, root);
      },
    }),
  ];
}
