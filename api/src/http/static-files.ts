import type { FastifyStaticOptions } from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * How the built-in server sends files (the host build, the remote store): `<file>.br` or
 * `<file>.gz`, written beside each text asset at build time (@esim/build PrecompressPlugin) and
 * copied with a published remote version, is sent as it is to a client that accepts it, else the
 * file itself. Nothing is compressed per request (docs/decisions/0015).
 */
export const STATIC_FILE_OPTIONS: FastifyStaticOptions = {
  // Only reply.sendFile: the routes (src/http/static.ts, src/http/remote-store.ts) decide what
  // may be reached and how long it may be cached.
  serve: false,
  preCompressed: true,
  // Served trees never have hidden files by design.
  dotfiles: 'deny',
  // The routes set Cache-Control. Here, not per sendFile: when a precompressed copy is missing,
  // @fastify/static retries with its plugin options only, which would add `max-age=0`.
  cacheControl: false,
};

/** Content-hashed build output or a published remote version: never changes. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Sends `file` (relative to `root`) with `cacheControl`. The answer depends on Accept-Encoding
 * (brotli, gzip or none), so caches must key on it: Vary: Accept-Encoding.
 */
export function sendStaticFile(
  reply: FastifyReply,
  file: string,
  root: string,
  cacheControl: string,
): FastifyReply {
  reply.header('vary', 'accept-encoding');
  reply.header('cache-control', cacheControl);
  return reply.sendFile(file, root);
}

const STORABLE = /max-age=[1-9]|immutable|public/i;

/**
 * onSend: an error answer is never cached. A file route sets its long-lived Cache-Control before
 * the file is sent; if sending then fails (the file vanished, a read error), the 404 / 500 that
 * goes out instead must not stay in browsers and proxies for a year.
 */
export async function neverCacheErrors(
  _request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (reply.statusCode >= 400) {
    const current = reply.getHeader('cache-control');
    if (current === undefined || STORABLE.test(String(current))) {
      reply.header('cache-control', 'no-store');
    }
  }
  return payload;
}
