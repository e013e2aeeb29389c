/**
 * A real S3-compatible server for tests: s3rver (npm), on 127.0.0.1 at a free port, storing in a
 * temporary directory, with one bucket. It speaks the S3 REST protocol the AWS SDK and browsers
 * use (presigned PUT, HEAD, ranged GET, copy, delete) and refuses expired presigned URLs; it does
 * not verify V4 signatures or the signed Content-Length (real S3 does), which is why the API
 * checks every object it is handed by size and content (docs/decisions/0018-file-uploads.md).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { S3FilesConfig } from '../../src/config';

interface S3rverInstance {
  run(): Promise<{ port: number; address: string }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

const require = createRequire(import.meta.url);

/** s3rver's built-in account. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** The API's S3 configuration for this server (path-style, its credentials). */
  config(keyPrefix?: string): S3FilesConfig;
  close(): Promise<void>;
}

export async function startS3Server(bucket = 'esim-files'): Promise<TestS3Server> {
  const S3rver = require('s3rver') as S3rverClass;
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    config: (keyPrefix = '') => ({
      bucket,
      region: 'us-east-1',
      endpoint,
      publicEndpoint: undefined,
      forcePathStyle: true,
      credentials: CREDENTIALS,
      keyPrefix,
    }),
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
