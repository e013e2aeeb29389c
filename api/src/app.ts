import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import { AREAS } from './areas';
import { registerCsvBodyParser } from './areas/stock/csv-body';
import type { AreaDeps } from './areas/types';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import { createAuthHook } from './http/auth';
import {
  PLUGIN_ROUTE_DECLARATIONS,
  registerRoutes,
  type RegisteredRoute,
} from './http/define-route';
import { installErrorHandling } from './http/error-handler';
import { RateLimitedError } from './http/errors';
import { loadEnglishCatalog, missingValidationTexts } from './http/messages';
import { API_BASE, metaRoutes } from './http/meta-routes';
import { remoteStoreRoutes } from './http/remote-store';
import { createSecurityHeadersHook, requestId } from './http/security';
import { staticRoutes } from './http/static';
import type { IdentityModule } from './identity/types';
import { createLogger } from './logger';

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  identity: IdentityModule;
  /** pino logger (server.ts shares one with the identity module); default: from config.logLevel. */
  logger?: FastifyBaseLogger;
  /** Called for every route as it is registered, before anything else sees it (tests enumerate routes). */
  onRoute?: (route: RouteOptions) => void;
}

/** Paths with their own protections; the API's rate limit covers /api only. */
const RATE_LIMITED = /^\/api\//;

/**
 * The whole HTTP application, not listening: security headers and request ids, CORS, rate limit,
 * the auth hook, the error envelope, /identity (local mode), the areas under /api/mng, meta routes,
 * the remote store at /remotes/ and the console's static files.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database, identity } = options;
  const app = Fastify({
    loggerInstance: options.logger ?? createLogger(config),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    genReqId: requestId,
    return503OnClosing: true,
  });

  const catalog = loadEnglishCatalog();
  const missing = missingValidationTexts(catalog);
  if (missing.length > 0) {
    app.log.warn(
      { missing },
      'locales/en/validation.json lacks texts: those messages answer as keys',
    );
  }
  app.decorate('routeDefinitions', [] as RegisteredRoute[]);
  app.decorate('messageCatalog', catalog);
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    const declared = route.config?.permission;
    if (declared === undefined) {
      const known = PLUGIN_ROUTE_DECLARATIONS.find((entry) => entry.matches(route));
      if (known) route.config = { ...route.config, permission: known.permission };
    }
    options.onRoute?.(route);
  });

  installErrorHandling(app);
  // Raw text/csv bodies (stock/csv files, up to 20 MB).
  registerCsvBodyParser(app);
  app.addHook('onRequest', createSecurityHeadersHook(config));

  await app.register(cors, {
    origin: [config.publicUrl],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH'],
    allowedHeaders: ['authorization', 'content-type', 'x-request-id', 'x-time-zone'],
    exposedHeaders: ['x-request-id'],
    maxAge: 600,
  });

  await app.register(rateLimit, {
    global: false,
    max: config.rateLimit.max,
    timeWindow: config.rateLimit.windowMs,
    errorResponseBuilder: () => new RateLimitedError(),
  });
  const limit = app.rateLimit({ max: config.rateLimit.max, timeWindow: config.rateLimit.windowMs });
  app.addHook('onRequest', async (request, reply) => {
    if (RATE_LIMITED.test(request.url)) await limit.call(app, request, reply);
  });

  app.addHook('onRequest', createAuthHook({ db: database.db, identity }));

  await app.register(fastifyStatic, { serve: false });

  if (config.identity.mode === 'local') {
    // The Cognito-compatible protocol authenticates its own calls (sessions, OTPs, tokens):
    // its routes are public to the API's auth hook, declared here for the whole prefix.
    await app.register(
      async (scope) => {
        scope.addHook('onRoute', (route) => {
          if (route.config?.permission === undefined) {
            route.config = { ...route.config, permission: 'public' };
          }
        });
        await scope.register(identity.plugin);
      },
      { prefix: '/identity' },
    );
  }

  const deps: AreaDeps = { config, database, db: database.db, identity };
  registerRoutes(
    app,
    AREAS.flatMap((area) => area(deps)),
    { prefix: API_BASE },
  );
  registerRoutes(app, metaRoutes(app, config, database));
  registerRoutes(app, remoteStoreRoutes(config.remoteStoreDir));
  registerRoutes(app, staticRoutes(config.hostDistDir));

  return app;
}
