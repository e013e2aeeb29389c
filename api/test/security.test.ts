import fs from 'node:fs';
import path from 'node:path';
import { ERROR_CODES } from '@esim/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { runtimeConfig } from '../src/http/meta-routes';
import { contentSecurityPolicy } from '../src/http/security';
import { createTestApp, type TestContext } from './support/app';

let t: TestContext;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({
    config: { trustProxy: true, bodyLimitBytes: 4096, rateLimit: { max: 20, windowMs: 60_000 } },
  });
  admin = await t.adminToken();
});

afterAll(() => t?.close());

describe('security headers', () => {
  it.each([
    ['GET', '/healthz', 200],
    ['GET', '/', 200],
    ['POST', '/api/mng/role/list', 401],
    ['POST', '/api/mng/nothing-here', 404],
  ])('are on every response (%s %s)', async (method, url, status) => {
    const res = await t.app.inject({
      method: method as 'GET',
      url,
      ...(method === 'POST' ? { payload: {} } : {}),
    });
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-security-policy']).toBe(contentSecurityPolicy(t.config));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('sends the console CSP', () => {
    const csp = contentSecurityPolicy(t.config);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("frame-src 'self' blob:");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).not.toContain('amazonaws.com');
  });

  it('allows the remote store and, in cognito mode, Cognito', () => {
    const config = loadConfig({
      COGNITO_USER_POOL_ID: 'ap-northeast-1_AbCdEf',
      COGNITO_REGION: 'ap-northeast-1',
      REMOTE_STORE_URL: 'https://cdn.example.com/remotes/',
    });
    const csp = contentSecurityPolicy(config);
    expect(csp).toContain("script-src 'self' https://cdn.example.com;");
    expect(csp).toContain(
      "connect-src 'self' https://cdn.example.com https://cognito-idp.ap-northeast-1.amazonaws.com;",
    );
  });

  it('sends HSTS only over TLS (x-forwarded-proto https behind a trusted proxy)', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const tls = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(tls.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('keeps a sane incoming x-request-id and replaces anything else', async () => {
    const kept = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(kept.headers['x-request-id']).toBe('abc-123');
    const replaced = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'bad id\twith spaces' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('CORS', () => {
  it('answers a preflight from the console origin', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/mng/role/list',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(String(res.headers['access-control-allow-headers'])).toMatch(/authorization/);
  });

  it('gives no CORS headers to another origin', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/mng/role/list',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const simple = await t.inject({
      method: 'POST',
      url: '/api/mng/role/list',
      token: admin,
      headers: { origin: 'https://evil.example' },
      payload: {},
    });
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('limits', () => {
  it('answers a body over the limit with 413 in the error shape', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/mng/role',
      token: admin,
      payload: { name: 'big', description: 'x'.repeat(8000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      errors: [
        {
          message: 'The request is too large.',
          code: ERROR_CODES.payloadTooLarge,
          key: 'errors.payloadTooLarge',
        },
      ],
      errorMessage: 'The request is too large.',
      errorMessageKey: 'errors.payloadTooLarge',
    });
  });

  it('rate-limits the API with 429 in the error shape, not health or identity', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 25; i += 1) {
      last = await t.app.inject({
        method: 'GET',
        url: '/api/mng/openapi.json',
        remoteAddress: '10.9.9.9',
      });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(20).every((status) => status === 429)).toBe(true);
    expect(last?.statusCode).toBe(429);
    expect(last?.json()).toEqual({
      errors: [
        {
          message: 'Too many requests. Please wait a moment and try again.',
          code: ERROR_CODES.rateLimited,
          key: 'errors.rateLimited',
        },
      ],
      errorMessage: 'Too many requests. Please wait a moment and try again.',
      errorMessageKey: 'errors.rateLimited',
    });
    expect(last?.headers['retry-after']).toBeTruthy();
    for (let i = 0; i < 8; i += 1) {
      const health = await t.app.inject({
        method: 'GET',
        url: '/healthz',
        remoteAddress: '10.9.9.9',
      });
      expect(health.statusCode).toBe(200);
      const jwks = await t.app.inject({
        method: 'GET',
        url: `/identity/${t.config.identity.userPoolId}/.well-known/jwks.json`,
        remoteAddress: '10.9.9.9',
      });
      expect(jwks.statusCode).not.toBe(429);
    }
  });
});

describe('meta routes', () => {
  it('/healthz answers while the process is alive', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('/readyz checks the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('/config.json gives the runtime config, never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/config.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      apiBaseUrl: '/api/mng',
      publicUrl: 'http://localhost:3000',
      identity: {
        region: 'ap-northeast-1',
        userPoolId: t.config.identity.userPoolId,
        userPoolClientId: t.config.identity.clientId,
        userPoolEndpoint: 'http://localhost:3000/identity',
      },
      remotes: { releaseDocumentUrl: '/api/mng/release/pinned', loadTimeoutMs: 8000 },
    });
  });

  it('gives the console its remote load timeout: REMOTE_LOAD_TIMEOUT_MS, kept within bounds', () => {
    const timeout = (value?: string) =>
      runtimeConfig(loadConfig(value === undefined ? {} : { REMOTE_LOAD_TIMEOUT_MS: value }))
        .remotes.loadTimeoutMs;
    expect(timeout()).toBe(8000);
    expect(timeout('3000')).toBe(3000);
    expect(timeout('10')).toBe(500);
    expect(timeout('99999999')).toBe(120_000);
  });

  it('without PUBLIC_URL, names no origin and a same-origin identity endpoint (any origin signs in)', () => {
    const config = loadConfig({ PORT: '3300' });
    expect(config.publicUrl).toBe('http://localhost:3300');
    expect(runtimeConfig(config).publicUrl).toBeNull();
    expect(runtimeConfig(config).identity.userPoolEndpoint).toBe('/identity');
    expect(contentSecurityPolicy(config)).toContain("connect-src 'self';");
  });

  it('with PUBLIC_URL, names that origin and an identity endpoint on it', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://console.example.com/' });
    expect(runtimeConfig(config).publicUrl).toBe('https://console.example.com');
    expect(runtimeConfig(config).identity.userPoolEndpoint).toBe(
      'https://console.example.com/identity',
    );
  });

  it('points at the real pool (userPoolEndpoint null) in cognito mode', () => {
    const config = loadConfig({
      COGNITO_USER_POOL_ID: 'ap-northeast-1_AbCdEf',
      COGNITO_CLIENT_ID: 'client123',
    });
    expect(runtimeConfig(config).identity).toEqual({
      region: 'ap-northeast-1',
      userPoolId: 'ap-northeast-1_AbCdEf',
      userPoolClientId: 'client123',
      userPoolEndpoint: null,
    });
  });
});

describe('caching of API answers', () => {
  it('answers authenticated API calls, their errors and the identity protocol with no-store', async () => {
    const listed = await t.inject({
      method: 'POST',
      url: '/api/mng/role/list',
      token: admin,
      payload: {},
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['cache-control']).toBe('no-store');
    const refused = await t.inject({ method: 'GET', url: '/api/mng/role?id=x', token: 'bad' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const identity = await t.app.inject({
      method: 'POST',
      url: '/identity/',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.GetUser',
      },
      payload: JSON.stringify({ AccessToken: 'nope' }),
    });
    expect(identity.headers['cache-control']).toBe('no-store');
  });

  it('keeps the caching of public assets (hashed host files, the JWKS)', async () => {
    const assets = path.join(t.config.hostDistDir, 'assets');
    fs.mkdirSync(assets, { recursive: true });
    fs.writeFileSync(path.join(assets, 'main-0123abcd.js'), 'console.log(1);');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/main-0123abcd.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const jwks = await t.app.inject({
      method: 'GET',
      url: `/identity/${t.config.identity.userPoolId}/.well-known/jwks.json`,
    });
    expect(jwks.statusCode).toBe(200);
    expect(jwks.headers['cache-control']).toBe('public, max-age=300');
  });
});
