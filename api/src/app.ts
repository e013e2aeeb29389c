import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import { areaRoutes, registerAreaBodyParsers } from './areas';
import type { AreaDeps } from './areas/types';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import { closeDocumentRenderer } from './documents';
import { createAuthHook } from './http/auth';
import { createReleaseTokenAuth } from './http/release-token-auth';
import {
  PLUGIN_ROUTE_DECLARATIONS,
  registerRoutes,
  type RegisteredRoute,
} from './http/define-route';
import { installErrorHandling } from './http/error-handler';
import { neverCacheErrors, STATIC_FILE_OPTIONS } from './http/static-files';
import { RateLimitedError } from './http/errors';
import { loadEnglishCatalog, missingValidationTexts } from './http/messages';
import { API_BASE, metaRoutes } from './http/meta-routes';
import { remoteStoreRoutes } from './http/remote-store';
import { createSecurityHeadersHook, requestId } from './http/security';
import { staticRoutes } from './http/static';
import type { IdentityModule } from './identity/types';
import type { JobQueue } from './jobs';
import { createLogger } from './logger';
import { createAreaJobQueue } from './worker';

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  identity: IdentityModule;
  /** pino logger (server.ts shares one with the identity module); default: from config.logLevel. */
  logger?: FastifyBaseLogger;
  /**
   * The started job queue (server.ts). Without one the app makes its own, started by the first
   * enqueue, running jobs but no schedules, and stopped when the app closes (tests).
   */
  jobs?: JobQueue;
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
  registerAreaBodyParsers(app);
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

  app.addHook(
    'onRequest',
    createAuthHook({ identity, releaseTokens: createReleaseTokenAuth(database.db) }),
  );

  await app.register(fastifyStatic, STATIC_FILE_OPTIONS);
  app.addHook('onSend', neverCacheErrors);

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

  // The process's document renderer (Chromium) ends with the app; server.ts warms it at start.
  app.addHook('onClose', () => closeDocumentRenderer());

  const jobs = options.jobs ?? ownJobQueue(app, options);
  const deps: AreaDeps = { config, database, db: database.db, identity, jobs };
  registerRoutes(app, areaRoutes(deps), { prefix: API_BASE });
  registerRoutes(app, metaRoutes(app, config, database));
  registerRoutes(app, remoteStoreRoutes(config.remoteStoreDir));
  registerRoutes(app, staticRoutes(config.hostDistDir));

  return app;
}

function ownJobQueue(app: FastifyInstance, options: BuildAppOptions): JobQueue {
  const { queue } = createAreaJobQueue({
    database: options.database,
    config: options.config,
    identity: options.identity,
    logger: app.log,
    schedules: false,
    pollingIntervalSeconds: 1,
  });
  app.addHook('onClose', () => queue.stop());
  return queue;
}
