/**
 * Local storage (embedded default): files at FILES_DIR/<key>, uploads arriving at
 * FILES_DIR/.incoming/<upload id>. Keys are made by the server (contracts FILE_KEY_PATTERN:
 * `<folder>/<uuid>.<ext>`) and every path is checked to stay under the directory anyway.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { FILE_KEY_PATTERN } from '@esim/contracts';
import type { FileUploadRow } from '../../db/schema';
import { CONTENT_SAMPLE_BYTES, type FileStorageBase, type IncomingFile } from './storage';

/** More bytes arrived than the upload named. */
export class UploadTooLargeError extends Error {
  constructor() {
    super('upload larger than announced');
    this.name = 'UploadTooLargeError';
  }
}

/** Bytes read (and thrown away) after the limit, so the client gets the answer, not a reset. */
const DRAIN_AFTER_LIMIT_BYTES = 1024 * 1024;

export interface LocalFileStorage extends FileStorageBase {
  readonly mode: 'local';
  /** Writes the PUT's body as the upload's incoming file; at most `upload.size` bytes. */
  receive(upload: FileUploadRow, body: Readable): Promise<number>;
}

export function createLocalFileStorage(options: {
  dir: string;
  /** The step-two URL of an upload (a signed link to the console's own API). */
  linkFor(upload: FileUploadRow): string;
}): LocalFileStorage {
  const root = path.resolve(options.dir);
  const incomingDir = path.join(root, '.incoming');

  function pathOfKey(key: string): string {
    if (!FILE_KEY_PATTERN.test(key)) throw new Error('not a file key');
    const resolved = path.resolve(root, key);
    if (!resolved.startsWith(root + path.sep)) throw new Error('file key outside the storage');
    return resolved;
  }
  function incomingPath(upload: FileUploadRow): string {
    if (!/^[0-9a-f-]{36}$/.test(upload.id)) throw new Error('not an upload id');
    return path.join(incomingDir, upload.id);
  }

  return {
    mode: 'local',
    async uploadUrl(upload) {
      return options.linkFor(upload);
    },
    async receive(upload, body) {
      await fs.promises.mkdir(incomingDir, { recursive: true });
      const target = incomingPath(upload);
      const out = fs.createWriteStream(target, { flags: 'w', mode: 0o600 });
      let received = 0;
      let tooLarge = false;
      try {
        for await (const chunk of body) {
          const bytes = chunk as Buffer;
          received += bytes.length;
          if (received > upload.size) {
            tooLarge = true;
            if (received > upload.size + DRAIN_AFTER_LIMIT_BYTES) break;
            continue;
          }
          if (!out.write(bytes))
            await new Promise<void>((resolve) => out.once('drain', () => resolve()));
        }
      } finally {
        await new Promise<void>((resolve) => out.end(resolve));
      }
      if (tooLarge) {
        await fs.promises.rm(target, { force: true });
        throw new UploadTooLargeError();
      }
      return received;
    },
    async incoming(upload) {
      const file = incomingPath(upload);
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(file, 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      try {
        const { size } = await handle.stat();
        const head = Buffer.alloc(Math.min(size, CONTENT_SAMPLE_BYTES));
        const { bytesRead } = await handle.read(head, 0, head.length, 0);
        return { size, head: head.subarray(0, bytesRead) } satisfies IncomingFile;
      } finally {
        await handle.close();
      }
    },
    async promote(upload) {
      const target = pathOfKey(upload.key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await fs.promises.rename(incomingPath(upload), target);
    },
    async discardIncoming(upload) {
      await fs.promises.rm(incomingPath(upload), { force: true });
    },
    async exists(key) {
      try {
        return (await fs.promises.stat(pathOfKey(key))).isFile();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      }
    },
    async remove(key) {
      await fs.promises.rm(pathOfKey(key), { force: true });
    },
  };
}
