/**
 * A supplier's API key is sealed together with the origin (scheme, host, port) of the base URL it
 * was entered for, and only ever opened for that origin: pointing the supplier at another server
 * needs the key entered again, and nothing that changes the stored base URL can make us send the
 * key elsewhere. Keys sealed before the binding existed (plain payload) open for any origin until
 * they are next entered.
 */
import type { SecretBox } from '../../secrets';

const BOUND_PREFIX = 'origin-bound:v1:';

/** The origin of a base URL; null when it is not a URL. */
export function originOf(baseUrl: string | null | undefined): string | null {
  if (!baseUrl) return null;
  try {
    return new URL(baseUrl).origin;
  } catch {
    return null;
  }
}

/** Opening a key for an origin it was not entered for. */
export class KeyOriginMismatchError extends Error {
  constructor() {
    super('The stored API key was entered for another origin');
    this.name = 'KeyOriginMismatchError';
  }
}

export function sealSupplierKey(box: SecretBox, key: string, baseUrl: string): string {
  const origin = originOf(baseUrl);
  if (!origin) throw new Error('An API key needs the base URL it is for');
  return box.seal(`${BOUND_PREFIX}${JSON.stringify({ origin, key })}`);
}

/** The key, if the base URL has the origin it was entered for (KeyOriginMismatchError if not). */
export function openSupplierKey(box: SecretBox, sealed: string, baseUrl: string): string {
  const plaintext = box.open(sealed);
  if (!plaintext.startsWith(BOUND_PREFIX)) return plaintext;
  const { origin, key } = JSON.parse(plaintext.slice(BOUND_PREFIX.length)) as {
    origin: string;
    key: string;
  };
  if (origin !== originOf(baseUrl)) throw new KeyOriginMismatchError();
  return key;
}
