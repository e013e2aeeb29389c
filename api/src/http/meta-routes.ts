import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import { buildOpenApiDocument } from './openapi';
import { rawRoute, type RouteDefinition } from './define-route';
import type { FastifyInstance } from 'fastify';

export const API_BASE = '/api/mng';

/** The runtime config the console reads at start (one build serves every environment). */
export interface RuntimeConfig {
  apiBaseUrl: string;
  /**
   * The one origin the console is used at (PUBLIC_URL); null = any origin it is reached at.
   * At another origin the login screen sends the user there instead of failing to sign in.
   */
  publicUrl: string | null;
  identity: {
    region: string;
    userPoolId: string;
    userPoolClientId: string;
    /**
     * The local Cognito-compatible endpoint, or null for the real Cognito pool. A path
     * ('/identity') without PUBLIC_URL: the console resolves it against its own origin.
     */
    userPoolEndpoint: string | null;
  };
  remotes: {
    releaseDocumentUrl: string;
    /** Milliseconds the console waits for a remote's manifest or entry (REMOTE_LOAD_TIMEOUT_MS). */
    loadTimeoutMs: number;
  };
}

export function runtimeConfig(config: AppConfig): RuntimeConfig {
  return {
    apiBaseUrl: API_BASE,
    publicUrl: config.consoleOrigin ?? null,
    identity: {
      region: config.identity.region,
      userPoolId: config.identity.userPoolId,
      userPoolClientId: config.identity.clientId,
      userPoolEndpoint:
        config.identity.mode === 'local' ? `${config.consoleOrigin ?? ''}/identity` : null,
    },
    remotes: {
      releaseDocumentUrl: `${API_BASE}/release/pinned`,
      loadTimeoutMs: config.remoteLoadTimeoutMs,
    },
  };
}

const READY_TIMEOUT_MS = 3000;

/** /healthz, /readyz, /config.json and the OpenAPI document. */
export function metaRoutes(
  app: FastifyInstance,
  config: AppConfig,
  database: Database,
): RouteDefinition[] {
  let openApi: unknown;
  return [
    rawRoute({
      method: 'GET',
      url: '/healthz',
      permission: 'public',
      summary: 'Liveness: the process answers',
      tags: ['meta'],
      handler: async ({ reply }) => {
        reply.header('cache-control', 'no-store');
        return { status: 'ok' };
      },
    }),
    rawRoute({
      method: 'GET',
      url: '/readyz',
      permission: 'public',
      summary: 'Readiness: the database answers SELECT 1',
      tags: ['meta'],
      handler: async ({ reply, request }) => {
        reply.header('cache-control', 'no-store');
        let timer: NodeJS.Timeout | undefined;
        try {
          await Promise.race([
            database.withConnection((query) => query('SELECT 1')),
            new Promise((_, reject) => {
              timer = setTimeout(() => reject(new Error('database timeout')), READY_TIMEOUT_MS);
            }),
          ]);
          return { status: 'ok' };
        } catch (error) {
          request.log.warn({ err: error }, 'readiness check failed');
          reply.code(503);
          return { status: 'unavailable' };
        } finally {
          clearTimeout(timer);
        }
      },
    }),
    rawRoute({
      method: 'GET',
      url: '/config.json',
      permission: 'public',
      summary: 'Runtime configuration of the console',
      tags: ['meta'],
      handler: async ({ reply }) => {
        reply.header('cache-control', 'no-store');
        return runtimeConfig(config);
      },
    }),
    rawRoute({
      method: 'GET',
      url: `${API_BASE}/openapi.json`,
      permission: 'public',
      summary: 'This OpenAPI 3.1 document',
      tags: ['meta'],
      handler: async () => {
        openApi ??= buildOpenApiDocument(app.routeDefinitions, config);
        return openApi;
      },
    }),
  ];
}
