import { ERROR_CODES, ROLE_IDS, can, type PermissionMethod } from '@esim/contracts';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoutePermission } from '../src/http/define-route';
import { createTestApp, type TestContext, type TestUser } from './support/app';

/**
 * THE ROUTE TEST: every route the app registers declares who may call it, and every protected
 * route refuses a caller without a token (401) and a caller whose role lacks the permission (403).
 */

let t: TestContext;
let noRole: TestUser;
let partner: TestUser;
let staff: TestUser;

beforeAll(async () => {
  t = await createTestApp({
    // Every route is called several times: more requests than the per-minute limit allows.
    config: { rateLimit: { max: 100_000, windowMs: 60_000 } },
    extend(app) {
      // A route someone forgot to declare: it must be refused, and the enumeration must see it.
      app.get('/api/mng/undeclared-probe', async () => ({ data: 'should never be served' }));
    },
  });
  noRole = await t.createUser({ roleId: null });
  partner = await t.createUser({ roleId: ROLE_IDS.partner });
  staff = await t.createUser({ roleId: ROLE_IDS.staff });
});

afterAll(() => t?.close());

function methodsOf(route: RouteOptions): string[] {
  return Array.isArray(route.method) ? route.method : [route.method];
}

function permissionOf(route: RouteOptions): RoutePermission | undefined {
  return route.config?.permission;
}

/** Routes other than the deliberate probe. */
function realRoutes(): RouteOptions[] {
  return t.routes.filter((route) => route.url !== '/api/mng/undeclared-probe');
}

function sampleUrl(url: string): string {
  return url.replace(/:(\w+)/g, 'sample').replace(/\*$/, 'sample');
}

describe('route declarations', () => {
  it('collects the routes as they are registered', () => {
    const urls = t.routes.map((route) => route.url);
    expect(urls).toContain('/api/mng/role/list');
    expect(urls).toContain('/api/mng/utils/model/list');
    expect(urls).toContain('/healthz');
    expect(urls).toContain('/config.json');
    expect(t.routes.length).toBeGreaterThan(15);
  });

  it('every registered route declares a permission', () => {
    const undeclared = realRoutes()
      .filter((route) => permissionOf(route) === undefined)
      .map((route) => `${methodsOf(route).join(',')} ${route.url}`);
    expect(undeclared).toEqual([]);
  });

  it('the enumeration catches a route without a declaration', () => {
    const probe = t.routes.filter((route) => route.url === '/api/mng/undeclared-probe');
    expect(probe.length).toBeGreaterThan(0);
    expect(probe.every((route) => permissionOf(route) === undefined)).toBe(true);
  });

  it('a route without a declaration fails closed, even for an administrator', async () => {
    const admin = await t.adminToken();
    for (const token of [undefined, admin]) {
      const res = await t.inject({ method: 'GET', url: '/api/mng/undeclared-probe', token });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        errors: [
          { message: 'Access Denied', code: ERROR_CODES.forbidden, key: 'errors.forbidden' },
        ],
        errorMessage: 'Access Denied',
        errorMessageKey: 'errors.forbidden',
      });
      expect(res.body).not.toContain('should never be served');
    }
  });

  it('routes under /api/mng are public only where meant (the OpenAPI document)', () => {
    const publicApi = realRoutes()
      .filter((route) => route.url.startsWith('/api/mng') && permissionOf(route) === 'public')
      .map((route) => `${methodsOf(route).join(',')} ${route.url}`)
      .sort();
    expect(publicApi).toEqual([
      'GET /api/mng/openapi.json',
      'HEAD /api/mng/openapi.json',
      // Step two of a file upload: no token (spec section 7); its signed link is the permission.
      'PUT /api/mng/utils/upload-file/content',
    ]);
  });
});

describe('every protected route', () => {
  function protectedRoutes() {
    return realRoutes().flatMap((route) => {
      const permission = permissionOf(route);
      if (permission === undefined || permission === 'public') return [];
      return methodsOf(route).map((method) => ({ method, url: sampleUrl(route.url), permission }));
    });
  }

  it('has protected routes to check', () => {
    expect(protectedRoutes().length).toBeGreaterThan(10);
  });

  it('answers 401 without a token, and with a malformed or forged token', async () => {
    for (const { method, url } of protectedRoutes()) {
      for (const authorization of [undefined, 'Bearer not-a-jwt', 'Basic YWRtaW46YWRtaW4=']) {
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          headers: authorization ? { authorization } : {},
          ...(method === 'GET' || method === 'HEAD' ? {} : { payload: {} }),
        });
        expect(res.statusCode, `${method} ${url} (${authorization ?? 'no token'})`).toBe(401);
        if (method !== 'HEAD') expect(res.json().errors[0].code).toBe(ERROR_CODES.unauthenticated);
      }
    }
  });

  it('answers 403 to a signed-in user whose role lacks the permission', async () => {
    let checked = 0;
    for (const { method, url, permission } of protectedRoutes()) {
      if (permission === 'signedIn') continue;
      const action = permission.action as PermissionMethod;
      const callers = [
        { user: noRole, permissions: [] },
        {
          user: partner,
          permissions: (
            await t.inject({
              method: 'GET',
              url: `/api/mng/permission?email=${partner.email}`,
              token: partner.token,
            })
          ).json().data.permissions,
        },
        {
          user: staff,
          permissions: (
            await t.inject({
              method: 'GET',
              url: `/api/mng/permission?email=${staff.email}`,
              token: staff.token,
            })
          ).json().data.permissions,
        },
      ];
      for (const { user, permissions } of callers) {
        if (can(permissions, permission.resource, action)) continue;
        const res = await t.inject({
          method: method as 'GET',
          url,
          token: user.token,
          ...(method === 'GET' || method === 'HEAD' ? {} : { payload: {} }),
        });
        expect(res.statusCode, `${method} ${url} as ${user.email}`).toBe(403);
        if (method !== 'HEAD') {
          expect(res.json().errors[0]).toEqual({
            message: 'Access Denied',
            code: ERROR_CODES.forbidden,
            key: 'errors.forbidden',
          });
        }
        checked += 1;
      }
    }
    // The roles area is off limits to a user without a role, the partner and the staff roles.
    expect(checked).toBeGreaterThan(10);
  });

  it('lets the administrator through the auth check on every route', async () => {
    const admin = await t.adminToken();
    for (const { method, url } of protectedRoutes()) {
      const res = await t.inject({
        method: method as 'GET',
        url,
        token: admin,
        ...(method === 'GET' || method === 'HEAD' ? {} : { payload: {} }),
      });
      expect([401, 403], `${method} ${url}`).not.toContain(res.statusCode);
    }
  });
});
