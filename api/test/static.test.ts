import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
