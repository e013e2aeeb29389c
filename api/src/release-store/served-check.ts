/**
 * "Pin checks what it pins": before a pin or a canary is accepted, the version's mf-manifest.json
 * and remote entry are read from where the console will load them (the manifest URL of the
 * pinned release document) and their sha256 compared with the hashes recorded at publish.
 *
 * An absolute manifest URL (PUBLIC_URL or REMOTE_STORE_URL: a proxy, a bucket, a CDN) is fetched
 * over HTTP with a timeout; the embedded default's relative '/remotes/...' is this API's own
 * store directory, read the way its /remotes/ route serves it.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { MANIFEST_FILE, parseManifest, sha256 } from './files';

export type ServedProblem =
  /** A file could not be read (HTTP error, refused connection, missing file). */
  | { kind: 'unreachable'; file: string; detail: string }
  /** No answer within the timeout. */
  | { kind: 'timeout'; file: string }
  /** Read, but not the bytes that were published. */
  | { kind: 'mismatch'; file: string };

export interface ServedFiles {
  manifestHash: string;
  entryHash: string;
  /** The manifest's remote entry path (relative to the manifest). */
  remoteEntry: string;
  manifestBytes: Buffer;
}

export interface ServedCheckOptions {
  manifestUrl: string;
  /** The store directory behind a relative manifest URL. */
  storeDir: string;
  remote: string;
  version: string;
  timeoutMs: number;
  /** The largest file read (a remote entry is a few KB). */
  maxBytes?: number;
}

class ServedError extends Error {
  constructor(readonly problem: ServedProblem) {
    super(problem.kind);
  }
}

async function readLimited(response: Response, maxBytes: number, file: string): Promise<Buffer> {
  const reader = response.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new ServedError({ kind: 'unreachable', file, detail: 'too large' });
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

async function fetchFile(url: string, file: string, options: ServedCheckOptions): Promise<Buffer> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  try {
    const response = await fetch(url, {
      signal,
      redirect: 'follow',
      // The store's own bytes, not a compressed or cached variant.
      headers: { 'accept-encoding': 'identity', 'cache-control': 'no-cache' },
    });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new ServedError({ kind: 'unreachable', file, detail: `HTTP ${response.status}` });
    }
    return await readLimited(response, options.maxBytes ?? 16 * 1024 * 1024, file);
  } catch (error) {
    if (error instanceof ServedError) throw error;
    if (signal.aborted) throw new ServedError({ kind: 'timeout', file });
    throw new ServedError({ kind: 'unreachable', file, detail: 'no answer' });
  }
}

async function readStoreFile(relative: string, file: string, options: ServedCheckOptions) {
  const root = path.resolve(options.storeDir);
  const target = path.resolve(root, options.remote, options.version, relative);
  if (!target.startsWith(root + path.sep)) {
    throw new ServedError({ kind: 'unreachable', file, detail: 'outside the store' });
  }
  try {
    return await fs.readFile(target);
  } catch {
    throw new ServedError({ kind: 'unreachable', file, detail: 'missing' });
  }
}

/** Reads the manifest and the remote entry the console would load, and hashes them. */
export async function readServedFiles(
  options: ServedCheckOptions,
): Promise<ServedFiles | ServedProblem> {
  const absolute = /^https?:\/\//i.test(options.manifestUrl);
  const read = (relative: string, file: string) =>
    absolute
      ? fetchFile(new URL(relative, options.manifestUrl).toString(), file, options)
      : readStoreFile(relative, file, options);
  try {
    const manifestBytes = await read(MANIFEST_FILE, MANIFEST_FILE);
    let remoteEntry: string;
    try {
      remoteEntry = parseManifest(manifestBytes, MANIFEST_FILE).remoteEntry;
    } catch {
      throw new ServedError({ kind: 'mismatch', file: MANIFEST_FILE });
    }
    const entryBytes = await read(remoteEntry, remoteEntry);
    return {
      manifestHash: sha256(manifestBytes),
      entryHash: sha256(entryBytes),
      remoteEntry,
      manifestBytes,
    };
  } catch (error) {
    if (error instanceof ServedError) return error.problem;
    throw error;
  }
}

/**
 * What is wrong with the served version (null: it is exactly what was published). `entryHash`
 * null (a version published before entry hashes were recorded) checks the manifest only.
 */
export function servedProblem(
  served: ServedFiles | ServedProblem,
  expected: { manifestHash: string; entryHash: string | null },
): ServedProblem | null {
  if ('kind' in served) return served;
  if (served.manifestHash !== expected.manifestHash)
    return { kind: 'mismatch', file: MANIFEST_FILE };
  if (expected.entryHash !== null && served.entryHash !== expected.entryHash)
    return { kind: 'mismatch', file: served.remoteEntry };
  return null;
}
