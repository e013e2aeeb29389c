/**
 * Where a proxy or CDN serves the remote store from a bucket (docker/compose.yaml: the
 * esim-remotes bucket behind nginx's /remotes/), a version published through the API is written
 * there too, at the same `<remote>/<version>/<file>` keys (REMOTE_STORE_BUCKET, with the S3_*
 * connection settings of the uploads). Objects are never overwritten: a key that holds the same
 * bytes is left alone (a retried publish), one that holds other bytes refuses the publish.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3FilesConfig } from '../config';
import { ReleaseError } from './errors';

export interface StoreMirror {
  /** Writes every file of a published version's directory to the bucket. */
  upload(remote: string, version: string, dir: string): Promise<void>;
  close(): void;
}

const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.cjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
};

function contentType(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey')
  );
}

export function createBucketMirror(s3: S3FilesConfig, bucket: string): StoreMirror {
  const client = new S3Client({
    region: s3.region,
    ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
    forcePathStyle: s3.forcePathStyle,
    ...(s3.credentials ? { credentials: s3.credentials } : {}),
  });

  /** The object's sha256, or null when there is none. */
  async function existing(key: string): Promise<string | null> {
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return sha256(await object.Body!.transformToByteArray());
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return {
    async upload(remote, version, dir) {
      for (const file of await filesUnder(dir)) {
        const key = `${remote}/${version}/${file.split(path.sep).join('/')}`;
        const bytes = await fs.readFile(path.join(dir, file));
        const found = await existing(key);
        if (found === sha256(bytes)) continue;
        if (found !== null) {
          throw new ReleaseError(
            'version_exists',
            `${remote} ${version} is already in the store bucket with other content (${key}); ` +
              'a published version is never overwritten.',
            { remote, version },
          );
        }
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: key,
            Body: bytes,
            ContentType: contentType(file),
            CacheControl: 'public, max-age=31536000, immutable',
            // Written once: S3 refuses the write when the key appeared meanwhile.
            IfNoneMatch: '*',
          }),
        );
      }
    },
    close: () => client.destroy(),
  };
}
