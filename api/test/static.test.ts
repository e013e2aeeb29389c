import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { neverCacheErrors } from '../src/http/static-files';
import { createTestApp, type TestContext } from './support/app';

let t: TestContext;
const INDEX = '<!doctype html><html><body><div id="root"></div></body></html>';

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(() => t?.close());

function build() {
  const dir = t.config.hostDistDir;
  fs.mkdirSync(path.join(dir, 'static'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dir, 'main.0123456789abcdef.js'), 'console.log("main")');
  fs.writeFileSync(path.join(dir, 'static', 'vendor-3fa2b9c1d4.css'), 'body{}');
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), 'var remote = 1;');
}

describe('without a host build', () => {
  it('answers / with a page saying to build, and keeps the API up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('pnpm build');
    const deep = await t.app.inject({ method: 'GET', url: '/roles/assign' });
    expect(deep.body).toContain('pnpm build');
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
  });
});

describe('with a host build', () => {
  beforeAll(build);

  it('serves index.html at / without caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });

  it.each(['/dashboard', '/roles/assign', '/tariff/GROUP-1/create', '/admin/auth/login'])(
    'falls back to index.html for the console route %s',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('caches hashed assets forever and other files not', async () => {
    const hashed = await t.app.inject({ method: 'GET', url: '/main.0123456789abcdef.js' });
    expect(hashed.statusCode).toBe(200);
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(hashed.headers['content-type']).toMatch(/javascript/);
    const nested = await t.app.inject({ method: 'GET', url: '/static/vendor-3fa2b9c1d4.css' });
    expect(nested.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const entry = await t.app.inject({ method: 'GET', url: '/remoteEntry.js' });
    expect(entry.statusCode).toBe(200);
    expect(entry.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing file with 404, not the app shell', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/main.ffffffffffff.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('id="root"');
  });

  it.each(['/api/mng/unknown', '/api', '/identity/unknown', '/api/other'])(
    'never answers %s with the app shell',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json().errors[0].code).toBe('NOT_FOUND');
    },
  );

  it('does not serve files outside the build', async () => {
    for (const url of [
      '/../../../../etc/passwd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/..%2f..%2fpackage.json',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toMatch(/root:x:0:0|"name":/);
    }
  });
});

describe('compressed transfer, over real HTTP', () => {
  // A chunk as the build writes it: <file>, <file>.br and <file>.gz (@esim/build PrecompressPlugin).
  const CHUNK = `${'export const text = "compressible";\n'.repeat(200)}`;
  let base = '';
  let storeDir = '';

  function writeWithCopies(file: string, content: string, encodings: ('br' | 'gzip')[]) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
    if (encodings.includes('br')) fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
    if (encodings.includes('gzip')) fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content));
  }

  beforeAll(async () => {
    build();
    const dir = t.config.hostDistDir;
    writeWithCopies(path.join(dir, 'shell.0123456789.js'), CHUNK, ['br', 'gzip']);
    writeWithCopies(path.join(dir, 'runtime.js'), CHUNK, ['gzip']);
    storeDir = t.config.remoteStoreDir;
    const version = path.join(storeDir, 'suppliers', '1.0.0');
    writeWithCopies(path.join(version, 'remoteEntry.js'), CHUNK, ['br', 'gzip']);
    writeWithCopies(path.join(version, 'routes.0123456789ab.js'), CHUNK, ['br', 'gzip']);
    // A changed local build of 1.0.0, as auto-publish names it (semver build metadata).
    const local = path.join(storeDir, 'suppliers', '1.0.0+local.0123456789ab');
    writeWithCopies(path.join(local, 'remoteEntry.js'), CHUNK, ['br', 'gzip']);
    // A precompressed copy that leads out of the store is never sent.
    const outside = path.join(path.dirname(storeDir), 'outside.txt');
    fs.writeFileSync(outside, 'not for the browser');
    writeWithCopies(path.join(version, 'linked.0123456789ab.js'), CHUNK, []);
    fs.symlinkSync(outside, path.join(version, 'linked.0123456789ab.js.br'));
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = address;
  });

  async function get(url: string, acceptEncoding?: string) {
    const res = await request(`${base}${url}`, {
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });
    const body = Buffer.from(await res.body.arrayBuffer());
    return { status: res.statusCode, headers: res.headers, body };
  }

  function decoded(res: { headers: Record<string, unknown>; body: Buffer }): string {
    const encoding = res.headers['content-encoding'];
    if (encoding === 'br') return zlib.brotliDecompressSync(res.body).toString();
    if (encoding === 'gzip') return zlib.gunzipSync(res.body).toString();
    return res.body.toString();
  }

  it('sends a hashed host chunk brotli-compressed to a browser, immutable, varying on Accept-Encoding', async () => {
    const res = await get('/shell.0123456789.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(CHUNK.length / 10);
    expect(decoded(res)).toBe(CHUNK);
  });

  it('falls back to gzip, then to the plain file, by what the client accepts and what exists', async () => {
    const gzip = await get('/shell.0123456789.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toBe(CHUNK);

    const plain = await get('/shell.0123456789.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toMatch(/accept-encoding/i);
    expect(plain.body.toString()).toBe(CHUNK);

    // Only a .gz beside it: a brotli-and-gzip client gets gzip; a brotli-only one the plain file.
    const onlyGzip = await get('/runtime.js', 'br, gzip');
    expect(onlyGzip.headers['content-encoding']).toBe('gzip');
    expect(onlyGzip.headers['cache-control']).toBe('no-cache');
    expect(decoded(onlyGzip)).toBe(CHUNK);
    const brOnly = await get('/runtime.js', 'br');
    expect(brOnly.headers['content-encoding']).toBeUndefined();
    expect(brOnly.body.toString()).toBe(CHUNK);
  });

  it('keeps index.html revalidated (no-cache), never immutable', async () => {
    const res = await get('/dashboard', 'br, gzip');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(decoded(res)).toBe(INDEX);
  });

  it('never caches an error answer', async () => {
    const missing = await get('/main.ffffffffffff.js', 'br, gzip');
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    const store = await get('/remotes/suppliers/1.0.0/routes.ffffffffffff.js', 'br, gzip');
    expect(store.status).toBe(404);
    expect(store.headers['cache-control']).toBe('no-store');
  });

  it('sends remote chunks from the store compressed, immutable', async () => {
    for (const file of ['remoteEntry.js', 'routes.0123456789ab.js']) {
      const res = await get(`/remotes/suppliers/1.0.0/${file}`, 'br, gzip');
      expect(res.status, file).toBe(200);
      expect(res.headers['content-encoding'], file).toBe('br');
      expect(res.headers['vary'], file).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control'], file).toBe('public, max-age=31536000, immutable');
      expect(decoded(res), file).toBe(CHUNK);
      const gzip = await get(`/remotes/suppliers/1.0.0/${file}`, 'gzip');
      expect(gzip.headers['content-encoding'], file).toBe('gzip');
      expect(decoded(gzip), file).toBe(CHUNK);
    }
  });

  it('serves a local build of a version (1.0.0+local.<hash>) the same way', async () => {
    const res = await get('/remotes/suppliers/1.0.0+local.0123456789ab/remoteEntry.js', 'br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(decoded(res)).toBe(CHUNK);
  });

  it('refuses a store file whose precompressed copy leads out of the store', async () => {
    const res = await get('/remotes/suppliers/1.0.0/linked.0123456789ab.js', 'br');
    expect(res.status).toBe(404);
    expect(res.body.toString()).not.toContain('not for the browser');
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('an answer that fails after a file route set its caching', () => {
  it('goes out with no-store, not the immutable header', async () => {
    const app = Fastify();
    app.addHook('onSend', neverCacheErrors);
    app.get('/file', async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      reply.code(500);
      return { error: 'read failed' };
    });
    app.get('/ok', async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      return 'ok';
    });
    const failed = await app.inject({ method: 'GET', url: '/file' });
    expect(failed.headers['cache-control']).toBe('no-store');
    const ok = await app.inject({ method: 'GET', url: '/ok' });
    expect(ok.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    await app.close();
  });
});
