/**
 * The signed link of a local upload (step two without an Authorization header): the URL carries
 * `token=<payload>.<signature>`, payload = base64url JSON { i: upload id, k: key, s: size,
 * e: expiry (epoch seconds) }, signature = HMAC-SHA256 over it with a key derived from the
 * server's SECRET_KEY for this one purpose. Single use is the database's part: the PUT claims the
 * upload's row (pending -> receiving) once.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface UploadLinkClaims {
  /** file_uploads.id */
  id: string;
  key: string;
  size: number;
  /** Epoch seconds. */
  expires: number;
}

const CONTEXT = 'esim-console/file-upload-link/v1\n';

function signature(key: Buffer, payload: string): Buffer {
  return createHmac('sha256', key)
    .update(CONTEXT + payload)
    .digest();
}

export function signUploadLink(key: Buffer, claims: UploadLinkClaims): string {
  const payload = Buffer.from(
    JSON.stringify({ i: claims.id, k: claims.key, s: claims.size, e: claims.expires }),
  ).toString('base64url');
  return `${payload}.${signature(key, payload).toString('base64url')}`;
}

/** The claims of a token signed with `key` and not expired at `now` (ms); null otherwise. */
export function verifyUploadLink(
  key: Buffer,
  token: string,
  now = Date.now(),
): UploadLinkClaims | null {
  const dot = token.indexOf('.');
  if (dot <= 0) return null;
  const payload = token.slice(0, dot);
  // Compared as text: base64url's spare low bits would let two spellings pass as one signature.
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(signature(key, payload).toString('base64url'));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const { i, k, s, e } = (parsed ?? {}) as Record<string, unknown>;
  if (typeof i !== 'string' || typeof k !== 'string') return null;
  if (typeof s !== 'number' || typeof e !== 'number') return null;
  if (e * 1000 <= now) return null;
  return { id: i, key: k, size: s, expires: e };
}
