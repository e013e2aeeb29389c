/**
 * The object store the proxy reads remote builds from, as far as the proxy uses it: S3's
 * path-style GET/HEAD object (`/<bucket>/<key>`) with an anonymous-read bucket, a 404
 * NoSuchKey for a missing object, the content type an upload records (mc mirror sets it from
 * the extension). The bucket's objects are the files under `dir`.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'application/javascript',
  '.json': 'application/json',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

export interface S3Bucket {
  port: number;
  /** Requests the bucket answered: `<method> <path> <status>`. */
  log: string[];
  close(): Promise<void>;
}

function s3Error(res: http.ServerResponse, status: number, code: string, resource: string) {
  res.writeHead(status, { 'content-type': 'application/xml', 'x-amz-request-id': 'stand-in' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Resource>${resource}</Resource></Error>`,
  );
}

export async function startS3Bucket(bucket: string, dir: string): Promise<S3Bucket> {
  const root = path.resolve(dir);
  const log: string[] = [];
  const server = http.createServer((req, res) => {
    res.on('finish', () => log.push(`${req.method} ${req.url} ${res.statusCode}`));
    const url = new URL(req.url ?? '/', 'http://store');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return s3Error(res, 405, 'MethodNotAllowed', url.pathname);
    }
    const [, name, ...rest] = decodeURIComponent(url.pathname).split('/');
    if (name !== bucket) return s3Error(res, 404, 'NoSuchBucket', url.pathname);
    const file = path.resolve(root, rest.join('/'));
    const stat = file.startsWith(root + path.sep) && fs.statSync(file, { throwIfNoEntry: false });
    if (!stat || !stat.isFile()) return s3Error(res, 404, 'NoSuchKey', url.pathname);
    const body = fs.readFileSync(file);
    res.writeHead(200, {
      'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
      'content-length': body.length,
      etag: `"${createHash('md5').update(body).digest('hex')}"`,
      'last-modified': stat.mtime.toUTCString(),
      'accept-ranges': 'bytes',
      'x-amz-request-id': 'stand-in',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    log,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
