/**
 * A build uploaded to POST release/publish: a gzipped tar of one build directory
 * (remotes/<remote>/dist/<version>/), unpacked into a staging directory as it streams in.
 *
 * Refused, with nothing left behind: more than `maxBytes` compressed or `maxUnpackedBytes`
 * unpacked or `maxFiles` files, anything that is not a plain file or directory (links,
 * devices ...), absolute paths, '..', hidden names, names the store would not serve, and file
 * types a remote build does not have. Nothing in the archive is trusted to say where it goes:
 * each file is written by this code under the staging directory, created new.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Parser, type ReadEntry } from 'tar';

export interface UploadLimits {
  /** Compressed bytes. */
  maxBytes: number;
  maxUnpackedBytes: number;
  maxFiles: number;
}

export const DEFAULT_UNPACKED_LIMIT = 256 * 1024 * 1024;
export const DEFAULT_FILE_LIMIT = 5000;

/** What a remote build holds: scripts, styles, JSON, maps, images, fonts; each maybe .br / .gz. */
const ALLOWED_FILE =
  /\.(?:js|mjs|cjs|css|json|map|txt|svg|png|jpe?g|gif|webp|avif|ico|woff2?|ttf|otf)(?:\.br|\.gz)?$/i;
/** A name segment the store serves (http/remote-store.ts SEGMENT). */
const SEGMENT = /^[A-Za-z0-9_~@+-][A-Za-z0-9._~@+-]*$/;

export type UploadProblem =
  | { kind: 'too_large' }
  | { kind: 'not_an_archive' }
  | { kind: 'bad_entry'; entry: string; why: 'type' | 'path' | 'file_type' }
  | { kind: 'too_many_files' };

export class UploadRefused extends Error {
  constructor(readonly problem: UploadProblem) {
    super(`upload refused: ${problem.kind}`);
    this.name = 'UploadRefused';
  }
}

/** The archive path as a relative path of plain segments, or null when it is not one. */
export function safeEntryPath(raw: string): string | null {
  if (raw.includes('\\') || raw.includes('\0') || raw.startsWith('/')) return null;
  const segments = raw.split('/').filter((segment, index) => !(index === 0 && segment === '.'));
  while (segments.length > 0 && segments.at(-1) === '') segments.pop();
  if (segments.length === 0) return '';
  if (segments.length > 8) return null;
  if (!segments.every((segment) => SEGMENT.test(segment))) return null;
  return segments.join('/');
}

function byteLimit(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > maxBytes) done(new UploadRefused({ kind: 'too_large' }));
      else done(null, chunk);
    },
  });
}

/**
 * Unpacks the upload into a new directory under `stagingRoot` and returns it (relative paths of
 * the files in `files`). Throws UploadRefused; the directory is removed on any failure.
 */
export async function unpackUpload(
  body: Readable,
  stagingRoot: string,
  limits: UploadLimits,
): Promise<{ dir: string; files: string[] }> {
  await fs.mkdir(stagingRoot, { recursive: true });
  const dir = path.join(stagingRoot, `upload-${randomBytes(8).toString('hex')}`);
  await fs.mkdir(dir);
  const files: string[] = [];
  const writes: Promise<void>[] = [];
  let unpacked = 0;
  let problem: UploadProblem | null = null;

  const refuse = (entry: ReadEntry, found: UploadProblem) => {
    problem ??= found;
    entry.resume();
  };

  const parser = new Parser({
    strict: true,
    // A build is text that compresses well, but not a thousand times.
    maxDecompressionRatio: 200,
    onReadEntry: (entry: ReadEntry) => {
      if (problem) return void entry.resume();
      const relative = safeEntryPath(entry.path);
      if (relative === null)
        return refuse(entry, { kind: 'bad_entry', entry: entry.path, why: 'path' });
      if (entry.type === 'Directory') {
        entry.resume();
        if (relative !== '')
          writes.push(
            fs.mkdir(path.join(dir, relative), { recursive: true }).then(() => undefined),
          );
        return;
      }
      if (entry.type !== 'File' && entry.type !== 'OldFile' && entry.type !== 'ContiguousFile') {
        return refuse(entry, { kind: 'bad_entry', entry: entry.path, why: 'type' });
      }
      if (relative === '')
        return refuse(entry, { kind: 'bad_entry', entry: entry.path, why: 'path' });
      if (!ALLOWED_FILE.test(relative)) {
        return refuse(entry, { kind: 'bad_entry', entry: relative, why: 'file_type' });
      }
      if (files.length >= limits.maxFiles) return refuse(entry, { kind: 'too_many_files' });
      unpacked += entry.size;
      if (unpacked > limits.maxUnpackedBytes) return refuse(entry, { kind: 'too_large' });
      files.push(relative);
      const target = path.join(dir, relative);
      entry.pause();
      writes.push(
        fs
          .mkdir(path.dirname(target), { recursive: true })
          // 'wx': a name the archive repeats is refused, never overwritten.
          .then(() => pipeline(entry, createWriteStream(target, { flags: 'wx' })))
          .catch(() => {
            problem ??= { kind: 'bad_entry', entry: relative, why: 'path' };
            entry.resume();
          }),
      );
    },
  });

  try {
    try {
      await pipeline(body, byteLimit(limits.maxBytes), parser as unknown as NodeJS.WritableStream);
    } catch (error) {
      if (error instanceof UploadRefused) throw error;
      throw new UploadRefused(problem ?? { kind: 'not_an_archive' });
    }
    await Promise.all(writes);
    if (problem) throw new UploadRefused(problem);
    if (files.length === 0) throw new UploadRefused({ kind: 'not_an_archive' });
    return { dir, files };
  } catch (error) {
    await Promise.allSettled(writes);
    await fs.rm(dir, { recursive: true, force: true });
    throw error;
  }
}
