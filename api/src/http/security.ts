import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { filesUploadOrigin, type AppConfig } from '../config';

function origin(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The console's CSP: its own origin, the remote store (Module Federation remotes: manifests are
 * fetched, chunks are scripts, and a remote's CSS, images and fonts come from there too), Cognito.
 * With REMOTE_STORE_URL unset the store is served by the API itself ('self').
 */
export function contentSecurityPolicy(config: AppConfig): string {
  const remoteStore = origin(config.remoteStoreUrl);
  const cognito =
    config.identity.mode === 'cognito'
      ? `https://cognito-idp.${config.identity.region}.amazonaws.com`
      : null;
  // S3 storage: the browser PUTs uploads to the bucket (docs/files.md).
  const files = filesUploadOrigin(config.files);
  const list = (...sources: (string | null)[]) =>
    [...new Set(sources.filter((s): s is string => Boolean(s)))].join(' ');
  return [
    `default-src 'self'`,
    `script-src ${list("'self'", remoteStore)}`,
    // antd's css-in-js injects <style> elements at run time.
    `style-src ${list("'self'", "'unsafe-inline'", remoteStore)}`,
    `connect-src ${list("'self'", remoteStore, cognito, files)}`,
    `img-src ${list("'self'", 'data:', 'blob:', remoteStore)}`,
    `font-src ${list("'self'", 'data:', remoteStore)}`,
    `object-src 'none'`,
    // The kit's PDF viewer shows a document fetched with the session as a blob: URL in a frame.
    `frame-src 'self' blob:`,
    `frame-ancestors 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
  ].join('; ');
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** Request id: the caller's x-request-id when it looks sane, else a new UUID. */
export function requestId(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  const value = Array.isArray(incoming) ? incoming[0] : incoming;
  return value && REQUEST_ID.test(value) ? value : randomUUID();
}

/**
 * Answers that may carry account data or tokens: the management API and the identity endpoint.
 * Never stored by a browser or proxy; a route may still set its own caching afterwards (the
 * public JWKS does). Static files and remote builds keep theirs.
 */
const NO_STORE_PREFIXES = ['/api/', '/identity'];

export function isNoStorePath(url: string): boolean {
  return NO_STORE_PREFIXES.some((prefix) => url.startsWith(prefix));
}

/** Sets the security headers and x-request-id on every response (first onRequest hook). */
export function createSecurityHeadersHook(config: AppConfig) {
  const csp = contentSecurityPolicy(config);
  const publicUrlIsHttps = config.publicUrl.startsWith('https://');
  return async function securityHeaders(request: FastifyRequest, reply: FastifyReply) {
    reply.header('x-request-id', request.id);
    reply.header('content-security-policy', csp);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    if (isNoStorePath(request.url)) reply.header('cache-control', 'no-store');
    // request.protocol honours x-forwarded-proto only when trustProxy is on.
    if (publicUrlIsHttps || request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
  };
}
