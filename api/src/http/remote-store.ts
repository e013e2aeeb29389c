import fs from 'node:fs/promises';
import path from 'node:path';
import { RELEASE_VERSION_PATTERN, REMOTE_NAME_PATTERN } from '@esim/contracts';
import { rawRoute, type RouteDefinition } from './define-route';
import { NotFoundError } from './errors';
import { IMMUTABLE, sendStaticFile } from './static-files';

/** Where the store is served: `/remotes/<remote>/<version>/<file>`. */
export const REMOTE_STORE_PATH = '/remotes';

/** The precompressed siblings @fastify/static may send instead of a file. */
const ENCODED_SUFFIXES = ['.br', '.gz'];

/** A file name segment: no dot-only names, no hidden files, no separators or control characters. */
const SEGMENT = /^[A-Za-z0-9_~@+-][A-Za-z0-9._~@+-]*$/;

/**
 * The store-relative path of a request (`suppliers/1.0.0/remoteEntry.js`) when it names a file
 * inside a version directory, else null. Nothing else is reachable: no listing of the store or of
 * a version, no `..`, no hidden files, no publish staging directories.
 */
export function storeFilePath(relative: string): string[] | null {
  if (relative.length > 1024) return null;
  const segments = relative.split('/');
  const [remote, version, ...file] = segments;
  if (!remote || !version || file.length === 0) return null;
  if (!REMOTE_NAME_PATTERN.test(remote) || !RELEASE_VERSION_PATTERN.test(version)) return null;
  if (version.includes('.staging-')) return null;
  if (!file.every((segment) => SEGMENT.test(segment))) return null;
  return segments;
}

async function realFile(file: string, root: string): Promise<boolean> {
  try {
    const [real, realRoot] = await Promise.all([fs.realpath(file), fs.realpath(root)]);
    if (!real.startsWith(realRoot + path.sep)) return false;
    return (await fs.stat(real)).isFile();
  } catch {
    return false;
  }
}

/** A precompressed sibling that exists is held to the same rule as the file. */
async function safeSiblings(file: string, root: string): Promise<boolean> {
  const checks = ENCODED_SUFFIXES.map(async (suffix) => {
    try {
      await fs.lstat(file + suffix);
    } catch {
      return true;
    }
    return realFile(file + suffix, root);
  });
  return (await Promise.all(checks)).every(Boolean);
}

function notFound(): NotFoundError {
  return new NotFoundError('File');
}

/**
 * The remote store (config.remoteStoreDir) at /remotes/, as a CDN or S3 bucket serves it in
 * production: versioned files immutable, a missing file a JSON 404 that is never cached (a version
 * published a minute later must not stay missing) and never the console's index.html. A file goes
 * out brotli / gzip compressed when its version has <file>.br / <file>.gz (written by the build
 * or at publish) and the client accepts it (src/http/static-files.ts).
 */
export function remoteStoreRoutes(storeDir: string): RouteDefinition[] {
  const root = path.resolve(storeDir);
  return [
    rawRoute({
      method: 'GET',
      url: `${REMOTE_STORE_PATH}/*`,
      permission: 'public',
      hidden: true,
      summary: 'The remote store: published remote versions, immutable',
      tags: ['static'],
      handler: async ({ request, reply }) => {
        reply.header('cache-control', 'no-store');
        const relative = (request.params as Record<string, string | undefined>)['*'] ?? '';
        const segments = storeFilePath(relative);
        if (!segments) throw notFound();
        const file = path.resolve(root, ...segments);
        if (!file.startsWith(root + path.sep) || !(await realFile(file, root))) throw notFound();
        if (!(await safeSiblings(file, root))) throw notFound();
        // A published version never changes: every file under <remote>/<version>/ is cached for good.
        return sendStaticFile(reply, segments.join('/'), root, IMMUTABLE);
      },
    }),
  ];
}
