import type {
  ApiMessage,
  ApiSuccess,
  PermissionEntry,
  PermissionMethod,
  Resource,
} from '@esim/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import * as v from 'valibot';
import { ForbiddenError, ValidationError, type FieldError } from './errors';
import { issuesToFieldErrors, type MessageCatalog } from './messages';

/**
 * Who may call a route. Declared on EVERY route, in its route() call:
 * - 'public': no token needed (health, config, static files, the OpenAPI document);
 * - 'signedIn': any valid token of an active user;
 * - { resource, action }: can(permissions, resource, action) must hold for the caller's role.
 *   Reads are 'GET' even when the HTTP call is a POST list.
 */
export type RoutePermission =
  'public' | 'signedIn' | { readonly resource: Resource; readonly action: PermissionMethod };

/** The signed-in caller, set by the auth hook (src/http/auth.ts). */
export interface AuthContext {
  userId: string;
  email: string;
  roleId: string | null;
  /**
   * The partner the caller is a staff account of: partner-owned records of other partners are out
   * of its reach (docs/partners.md, decision 0019). null for the reseller's own staff.
   */
  partnerId: string | null;
  permissions: PermissionEntry[];
  /** Present when the caller signed the request with a release token (the release CLI). */
  via?: 'releaseToken';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: RoutePermission;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
export type AnySchema = v.GenericSchema;
type Output<S> = S extends AnySchema ? v.InferOutput<S> : undefined;
type AuthFor<P> = P extends 'public' ? AuthContext | null : AuthContext;

export interface RouteContext<TBody, TQuery, TParams, TAuth> {
  body: TBody;
  query: TQuery;
  params: TParams;
  auth: TAuth;
  request: FastifyRequest;
  reply: FastifyReply;
}

interface CommonOptions<P extends RoutePermission, SB, SQ, SP> {
  method: HttpMethod;
  /** Relative to the prefix it is registered under ('role/list'), or absolute ('/healthz'). */
  url: string;
  permission: P;
  /** valibot schemas from @esim/contracts: the same ones the console's forms use. */
  body?: SB;
  query?: SQ;
  params?: SP;
  summary: string;
  description?: string;
  tags: string[];
  /** Left out of the OpenAPI document (static files). */
  hidden?: boolean;
}

/**
 * What a route() handler returns: the data, and after a write the message the console toasts.
 * The message is an ApiMessage (defineApiMessages): it cannot be sent without its key.
 */
export interface RouteAnswer<TData> {
  data: TData;
  message?: ApiMessage | undefined;
  /** This answer's status instead of the route's (a replayed creation answers 200, not 201). */
  status?: number | undefined;
}

/** The success envelope of an answer: { data, message, messageKey, messageParams }. */
export function successEnvelope<TData>(answer: RouteAnswer<TData>): ApiSuccess<TData> {
  const { data, message } = answer;
  if (!message) return { data };
  return {
    data,
    message: message.text,
    messageKey: message.key,
    ...(message.params ? { messageParams: message.params } : {}),
  };
}

export interface ApiRouteOptions<
  P extends RoutePermission,
  SB,
  SQ,
  SP,
  TData,
> extends CommonOptions<P, SB, SQ, SP> {
  /** Success status, 200 unless told (201 for creations if you like). */
  status?: number;
  /** Schema of `data` for the OpenAPI document (optional). */
  response?: AnySchema;
  /** Returns { data, message? }; message (an ApiMessage) is what the console toasts after a write. */
  handler: (
    ctx: RouteContext<Output<SB>, Output<SQ>, Output<SP>, AuthFor<P>>,
  ) => Promise<RouteAnswer<TData>>;
}

export interface RawRouteOptions<P extends RoutePermission, SB, SQ, SP> extends CommonOptions<
  P,
  SB,
  SQ,
  SP
> {
  /** Whatever it returns (or sends through reply) goes out as it is, without the envelope. */
  handler: (ctx: RouteContext<Output<SB>, Output<SQ>, Output<SP>, AuthFor<P>>) => Promise<unknown>;
}

/** A route with its types erased, ready for registerRoutes() and the OpenAPI document. */
export interface RouteDefinition {
  method: HttpMethod;
  url: string;
  permission: RoutePermission;
  summary: string;
  description: string | undefined;
  tags: string[];
  hidden: boolean;
  envelope: boolean;
  status: number;
  schemas: { body?: AnySchema; query?: AnySchema; params?: AnySchema; response?: AnySchema };
  handle(ctx: RouteContext<unknown, unknown, unknown, AuthContext | null>): Promise<unknown>;
}

function definition(
  options: CommonOptions<
    RoutePermission,
    AnySchema | undefined,
    AnySchema | undefined,
    AnySchema | undefined
  >,
  extra: Pick<RouteDefinition, 'envelope' | 'status' | 'handle'> & { response?: AnySchema },
): RouteDefinition {
  return {
    method: options.method,
    url: options.url,
    permission: options.permission,
    summary: options.summary,
    description: options.description,
    tags: options.tags,
    hidden: options.hidden ?? false,
    envelope: extra.envelope,
    status: extra.status,
    schemas: {
      ...(options.body ? { body: options.body } : {}),
      ...(options.query ? { query: options.query } : {}),
      ...(options.params ? { params: options.params } : {}),
      ...(extra.response ? { response: extra.response } : {}),
    },
    handle: extra.handle,
  };
}

/**
 * Declares an API route: permission, schemas, docs and handler in one place.
 *
 *   route({
 *     method: 'POST', url: 'role', permission: { resource: RESOURCES.roles, action: 'POST' },
 *     body: createRoleSchema, summary: 'Create a role', tags: ['roles'], status: 201,
 *     handler: async ({ body, auth }) => ({ data: await service.createRole(body, auth), message: ACCESS_MESSAGES.roleCreated }),
 *   })
 */
export function route<
  const P extends RoutePermission,
  SB extends AnySchema | undefined = undefined,
  SQ extends AnySchema | undefined = undefined,
  SP extends AnySchema | undefined = undefined,
  TData = unknown,
>(options: ApiRouteOptions<P, SB, SQ, SP, TData>): RouteDefinition {
  return definition(options, {
    envelope: true,
    status: options.status ?? 200,
    ...(options.response ? { response: options.response } : {}),
    handle: options.handler as RouteDefinition['handle'],
  });
}

/** Like route(), for answers that are not the { data } envelope (health, config.json, files). */
export function rawRoute<
  const P extends RoutePermission,
  SB extends AnySchema | undefined = undefined,
  SQ extends AnySchema | undefined = undefined,
  SP extends AnySchema | undefined = undefined,
>(options: RawRouteOptions<P, SB, SQ, SP>): RouteDefinition {
  return definition(options, {
    envelope: false,
    status: 200,
    handle: options.handler as RouteDefinition['handle'],
  });
}

/** A route as registered: its definition plus the full URL (the OpenAPI document reads these). */
export interface RegisteredRoute extends RouteDefinition {
  fullUrl: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered through registerRoutes(), in order. */
    routeDefinitions: RegisteredRoute[];
    messageCatalog: MessageCatalog;
  }
}

function joinUrl(prefix: string, url: string): string {
  if (url.startsWith('/')) return prefix + url;
  return `${prefix}/${url}`;
}

function parsePart(
  catalog: MessageCatalog,
  schema: AnySchema | undefined,
  input: unknown,
  errors: FieldError[],
): unknown {
  if (!schema) return undefined;
  const result = v.safeParse(schema, input ?? {});
  if (result.success) return result.output;
  errors.push(...issuesToFieldErrors(catalog, result.issues, schema));
  return undefined;
}

/** Registers route definitions on app under prefix ('/api/mng'), the permission in route config. */
export function registerRoutes(
  app: FastifyInstance,
  definitions: RouteDefinition[],
  options: { prefix?: string } = {},
): void {
  for (const def of definitions) {
    const fullUrl = joinUrl(options.prefix ?? '', def.url);
    app.routeDefinitions.push({ ...def, fullUrl });
    app.route({
      method: def.method,
      url: fullUrl,
      config: { permission: def.permission },
      handler: async (request, reply) => {
        // The auth hook has run; a protected route without a caller is a wiring fault: fail closed.
        if (def.permission !== 'public' && !request.auth) throw new ForbiddenError();
        const errors: FieldError[] = [];
        const catalog = app.messageCatalog;
        const params = parsePart(catalog, def.schemas.params, request.params, errors);
        const query = parsePart(catalog, def.schemas.query, request.query, errors);
        const body = parsePart(catalog, def.schemas.body, request.body, errors);
        if (errors.length > 0) throw new ValidationError(errors);
        const result = await def.handle({
          body,
          query,
          params,
          auth: request.auth,
          request,
          reply,
        });
        if (!def.envelope) return result;
        const answer = result as RouteAnswer<unknown>;
        reply.code(answer.status ?? def.status);
        return successEnvelope(answer);
      },
    });
  }
}

/**
 * Routes that plugins register themselves (no route() call to declare them in), declared here.
 * Anything else without a declaration is refused by the auth hook.
 */
export const PLUGIN_ROUTE_DECLARATIONS: {
  matches: (route: Pick<RouteOptions, 'method' | 'url'>) => boolean;
  permission: RoutePermission;
  why: string;
}[] = [
  {
    matches: (r) => r.method === 'OPTIONS' && (r.url === '*' || r.url === '/*'),
    permission: 'public',
    why: '@fastify/cors preflight route; the plugin answers preflights in its onRequest hook',
  },
];
