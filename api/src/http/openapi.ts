import { toJsonSchema } from '@valibot/to-json-schema';
import type { AppConfig } from '../config';
import type { AnySchema, RegisteredRoute } from './define-route';

type JsonObject = Record<string, unknown>;

function jsonSchema(schema: AnySchema): JsonObject {
  // Input types: what a client sends (before trims and transforms).
  const { $schema: _ignored, ...rest } = toJsonSchema(schema, {
    target: 'draft-2020-12',
    typeMode: 'input',
    errorMode: 'ignore',
  }) as JsonObject;
  return rest;
}

function parameters(schema: AnySchema | undefined, location: 'query' | 'path'): JsonObject[] {
  if (!schema) return [];
  const object = jsonSchema(schema);
  const properties = (object.properties ?? {}) as Record<string, JsonObject>;
  const required = new Set((object.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    schema: property,
  }));
}

const ERROR_RESPONSES: Record<string, string> = {
  '400': 'Validation failed (errors[].field names the field)',
  '401': 'Missing, invalid or expired ID token',
  '403': 'Access Denied: the role lacks the permission',
  '404': 'Not found',
  '409': 'Conflict: duplicate name or stale version',
  '413': 'Body larger than the limit',
  '422': 'A business rule refused the request',
  '429': 'Too many requests',
};

function describePermission(route: RegisteredRoute): string {
  const p = route.permission;
  if (p === 'public') return 'Public.';
  if (p === 'signedIn') return 'Any signed-in user.';
  return `Needs ${p.action} on ${p.resource}.`;
}

/** OpenAPI 3.1 document of the routes declared with route()/rawRoute(), from their valibot schemas. */
export function buildOpenApiDocument(routes: RegisteredRoute[], config: AppConfig): JsonObject {
  const paths: Record<string, Record<string, JsonObject>> = {};
  for (const route of routes) {
    if (route.hidden) continue;
    const pathKey = route.fullUrl.replace(/:(\w+)/g, '{$1}');
    const protectedRoute = route.permission !== 'public';
    const success: JsonObject = route.envelope
      ? {
          description: 'Success',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['data'],
                properties: {
                  data: route.schemas.response ? jsonSchema(route.schemas.response) : {},
                  message: { type: 'string', description: 'Text the console shows after a write' },
                  messageKey: {
                    type: 'string',
                    description: "The message's stable key (apiMessages:<key>); sent with message",
                  },
                  messageParams: { type: 'object', description: 'Parameters of messageKey' },
                },
              },
            },
          },
        }
      : { description: 'Success' };
    const responses: Record<string, JsonObject> = { [String(route.status)]: success };
    if (route.envelope) {
      for (const [status, description] of Object.entries(ERROR_RESPONSES)) {
        if (!protectedRoute && (status === '401' || status === '403')) continue;
        responses[status] = {
          description,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
        };
      }
    }
    const operation: JsonObject = {
      operationId: `${route.method.toLowerCase()}_${route.fullUrl.replace(/[^\w]+/g, '_').replace(/^_|_$/g, '')}`,
      summary: route.summary,
      description: [route.description, describePermission(route)].filter(Boolean).join('\n\n'),
      tags: route.tags,
      security: protectedRoute ? [{ bearerAuth: [] }] : [],
      'x-permission': route.permission,
      parameters: [
        ...parameters(route.schemas.params, 'path'),
        ...parameters(route.schemas.query, 'query'),
      ],
      responses,
    };
    if (route.schemas.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: jsonSchema(route.schemas.body) } },
      };
    }
    (paths[pathKey] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'eSIM console management API',
      version: '1.0.0',
      description:
        'Success: { data, message? }. Errors: { errors: [{ message, code, field? }], errorMessage }. ' +
        'Every call except the public ones needs Authorization: Bearer <ID token>.',
    },
    servers: [{ url: config.publicUrl }],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: {
        ErrorBody: {
          type: 'object',
          required: ['errors', 'errorMessage', 'errorMessageKey'],
          properties: {
            errors: {
              type: 'array',
              items: {
                type: 'object',
                required: ['message', 'code', 'key'],
                properties: {
                  message: { type: 'string' },
                  code: { type: 'string' },
                  field: { type: 'string' },
                  key: { type: 'string', description: "The message's stable key" },
                  params: { type: 'object', description: 'Parameters of key' },
                },
              },
            },
            errorMessage: { type: 'string' },
            errorMessageKey: { type: 'string', description: "errorMessage's stable key" },
            errorMessageParams: { type: 'object', description: 'Parameters of errorMessageKey' },
          },
        },
      },
    },
  };
}
