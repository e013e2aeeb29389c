/**
 * The production proxy as it runs: the real nginx with docker/nginx.conf (only host names, web
 * root and port replaced: nginx-config.ts) in front of the built console, the built API on
 * PostgreSQL and an S3-style bucket holding the built remotes. Run after `pnpm build`
 * (`pnpm test:built`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiServer, freePort, startApiServer, stop } from './api-server';
import { type Nginx, startNginx } from './nginx-process';
import { type S3Bucket, startS3Bucket } from './s3-bucket';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const HOST_DIST = path.join(ROOT, 'host', 'dist');
const API_ENTRY = path.join(ROOT, 'api', 'dist', 'server.mjs');
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Origins the API puts in its CSP: the document must carry them, so nginx must get them from it. */
const REMOTE_STORE_URL = 'https://cdn.console.example.test';
const UPLOADS_ENDPOINT = 'https://uploads.console.example.test';

/** Headers about one answer (its length, date, id ...), not the console's security policy. */
const PER_RESPONSE = new Set([
  'accept-ranges',
  'access-control-expose-headers',
  'cache-control',
  'connection',
  'content-length',
  'content-type',
  'date',
  'etag',
  'keep-alive',
  'last-modified',
  'server',
  'transfer-encoding',
  'vary',
  'x-request-id',
]);

interface BuiltRemote {
  remote: string;
  version: string;
  dir: string;
  chunk: string;
}

/** The first remote build under remotes/<remote>/dist/<version>/ and a chunk its routes load. */
function builtRemote(): BuiltRemote {
  for (const remote of fs.readdirSync(path.join(ROOT, 'remotes')).sort()) {
    const dist = path.join(ROOT, 'remotes', remote, 'dist');
    if (!fs.existsSync(dist)) continue;
    for (const version of fs.readdirSync(dist).sort()) {
      const manifestFile = path.join(dist, version, 'mf-manifest.json');
      if (!fs.existsSync(manifestFile)) continue;
      const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as {
        exposes: { assets: { js: { sync: string[] } } }[];
      };
      const chunk = manifest.exposes.flatMap((item) => item.assets.js.sync)[0];
      if (chunk) return { remote, version, dir: path.join(dist, version), chunk };
    }
  }
  throw new Error('No remote is built: run `pnpm build` first.');
}

function headersOf(response: Response): Record<string, string> {
  return Object.fromEntries(response.headers.entries());
}

let remote: BuiltRemote;
let storeDir: string;
let bucket: S3Bucket;
let api: ApiServer;
let nginx: Nginx;
let hostScript: string;

const get = (url: string, init?: RequestInit) => fetch(`${nginx.origin}${url}`, init);

beforeAll(async () => {
  for (const file of [path.join(HOST_DIST, 'index.html'), API_ENTRY]) {
    if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`pnpm build\` first.`);
  }
  remote = builtRemote();
  hostScript = /src="(\/[^"]+\.js)"/.exec(
    fs.readFileSync(path.join(HOST_DIST, 'index.html'), 'utf8'),
  )![1]!;
  // The esim-remotes bucket: <remote>/<version>/..., what `release publish` + store-sync write.
  storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-remotes-'));
  fs.mkdirSync(path.join(storeDir, remote.remote));
  fs.symlinkSync(remote.dir, path.join(storeDir, remote.remote, remote.version));
  bucket = await startS3Bucket('esim-remotes', storeDir);
  // As an API replica of docker/compose.yaml runs, with settings that change the CSP.
  api = await startApiServer(API_ENTRY, {
    NODE_ENV: 'production',
    TRUST_PROXY: 'true',
    PUBLIC_URL: 'https://console.example.test',
    REMOTE_STORE_URL,
    HOST_DIST_DIR: HOST_DIST,
    S3_BUCKET_UPLOADS: 'esim-uploads',
    S3_ENDPOINT: `http://127.0.0.1:${bucket.port}`,
    S3_PUBLIC_ENDPOINT: UPLOADS_ENDPOINT,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: 'esim',
    S3_SECRET_ACCESS_KEY: 'esim-secret',
  });
  nginx = await startNginx(path.join(ROOT, 'docker', 'nginx.conf'), {
    listenPort: await freePort(),
    apiPort: api.port,
    storePort: bucket.port,
    hostDist: HOST_DIST,
  });
}, 60_000);

afterAll(async () => {
  await nginx?.close();
  await api?.close();
  await bucket?.close();
  if (storeDir) fs.rmSync(storeDir, { recursive: true, force: true });
});

describe('docker/nginx.conf in a real nginx', () => {
  it('passes nginx -t with only the upstream hosts, the web root and the port replaced', () => {
    expect(nginx.checkOutput).toContain('test is successful');
  });

  it("serves the console's document at / and at console routes: no-cache, with the API's security headers", async () => {
    const fromApi = await fetch(`http://127.0.0.1:${api.port}/`);
    expect(fromApi.status).toBe(200);
    const expected = Object.fromEntries(
      Object.entries(headersOf(fromApi)).filter(([name]) => !PER_RESPONSE.has(name)),
    );
    // What the document must never lack (the API's definition: api/src/http/security.ts).
    expect(expected['content-security-policy']).toContain("frame-src 'self' blob:");
    expect(expected['content-security-policy']).toContain(REMOTE_STORE_URL);
    expect(expected['content-security-policy']).toContain(UPLOADS_ENDPOINT);
    expect(expected).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'strict-transport-security': expect.any(String),
    });
    const index = fs.readFileSync(path.join(HOST_DIST, 'index.html'), 'utf8');

    for (const url of ['/', '/dashboard', '/orders/detail?id=1', '/index.html']) {
      const response = await get(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type'), url).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control'), url).toBe('no-cache');
      expect(await response.text(), url).toBe(index);
      const actual = headersOf(response);
      for (const [name, value] of Object.entries(expected)) expect(actual[name], name).toBe(value);
    }
  });

  it('serves a content-hashed host asset for a year', async () => {
    const response = await get(hostScript);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("serves a remote's manifest and its hashed chunks from the bucket, not from the host build", async () => {
    const base = `/remotes/${remote.remote}/${remote.version}`;
    const manifest = await get(`${base}/mf-manifest.json`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toMatch(/json/);
    expect(await manifest.json()).toEqual(
      JSON.parse(fs.readFileSync(path.join(remote.dir, 'mf-manifest.json'), 'utf8')),
    );

    const chunk = await get(`${base}/${remote.chunk}`);
    expect(chunk.status).toBe(200);
    expect(chunk.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(chunk.headers.get('content-type')).toMatch(/javascript/);
    expect(chunk.headers.get('x-content-type-options')).toBe('nosniff');
    expect(chunk.headers.get('x-amz-request-id')).toBeNull();
    expect(await chunk.text()).toBe(fs.readFileSync(path.join(remote.dir, remote.chunk), 'utf8'));
    expect(bucket.log).toContain(
      `GET /esim-remotes/${remote.remote}/${remote.version}/${remote.chunk} 200`,
    );
  });

  it('answers a missing file with a 404 that is never cached', async () => {
    const base = `/remotes/${remote.remote}`;
    for (const url of [
      `${base}/${remote.version}/9999.0123456789ab.js`,
      `${base}/0.0.0-missing/mf-manifest.json`,
      hostScript.replace(/\.[0-9a-f]{8,}\.js$/, '.0123456789.js'),
    ]) {
      const response = await get(url);
      expect(response.status, url).toBe(404);
      expect(response.headers.get('cache-control'), url).toBe('no-store');
    }
  });

  it('lets only GET and HEAD reach the bucket', async () => {
    const url = `/remotes/${remote.remote}/${remote.version}/mf-manifest.json`;
    expect((await get(url, { method: 'HEAD' })).status).toBe(200);
    const put = await get(url, { method: 'PUT', body: '{}' });
    expect(put.ok).toBe(false);
    expect(put.headers.get('cache-control')).toBe('no-store');
    expect(bucket.log.some((line) => line.startsWith('PUT'))).toBe(false);
  });

  it('passes the API, identity, health and runtime configuration to an API replica', async () => {
    const health = await get('/healthz');
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });

    const ready = await get('/readyz');
    expect(ready.status).toBe(200);
    // The document's subrequest for the API's headers is not a public path.
    expect((await get('/_api_security_headers')).status).toBe(404);

    const config = await get('/config.json');
    expect(config.status).toBe(200);
    expect(config.headers.get('cache-control')).toBe('no-cache');
    expect(await config.json()).toMatchObject({ apiBaseUrl: '/api/mng' });

    const jwks = await get('/identity/ap-northeast-1_local/.well-known/jwks.json');
    expect(jwks.status).toBe(200);
    expect(await jwks.json()).toHaveProperty('keys');

    // Signed out: the API's own 401, and its JSON 404 for a path that looks like a hashed asset.
    const list = await get('/api/mng/role/list', { method: 'POST', body: '{}' });
    expect(list.status).toBe(401);
    const missing = await get('/api/mng/files/logo.0123456789ab.png');
    expect(missing.status).toBe(404);
    for (const response of [list, missing]) {
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-request-id')).toBeTruthy();
    }
  });

  it('says the console is unavailable, and keeps nothing, when no API replica answers', async () => {
    await stop(api.process);
    const response = await get('/dashboard');
    expect(response.status).toBe(503);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-security-policy')).toBeNull();
  });
});
