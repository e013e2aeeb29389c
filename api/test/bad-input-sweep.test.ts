import { Writable } from 'node:stream';
import type { InjectOptions } from 'fastify';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerRoutes, route } from '../src/http/define-route';
import {
  BAD_BODY_VALUES,
  BAD_TEXTS,
  describeValue,
  encodeQueryText,
  kindOf,
  sampleObject,
  sampleValue,
  type JsonSchema,
} from './support/bad-input-corpus';
import { createTestApp, type TestContext } from './support/app';

/**
 * THE BAD-INPUT SWEEP: every operation of the OpenAPI document, called with hostile values in each
 * query parameter and body field (one at a time, the rest plausible), and with hostile bodies.
 * Whatever the input, the answer is never a 5xx, and never a value the contract let through to be
 * refused by the database (the error handler answers those 400, but logs them as contract gaps).
 */

const PROBE_URL = '/api/mng/test/sweep-probe';
const BODY_LIMIT = 64 * 1024;

/** The error handler's log message for a value the database refused (src/http/error-handler.ts). */
const REFUSED_LOG = 'database refused a request value';

let t: TestContext;
let admin: string;
/** reqId -> the database's message, for each value the database refused. */
const refusedByDatabase = new Map<string, string>();

const logStream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n')) {
      if (!line.includes(REFUSED_LOG)) continue;
      const entry = JSON.parse(line) as { reqId: string; err?: { message?: string } };
      refusedByDatabase.set(entry.reqId, entry.err?.message ?? '');
    }
    done();
  },
});

interface Operation {
  method: string;
  path: string;
  query: Record<string, JsonSchema>;
  requiredQuery: Record<string, unknown>;
  body: JsonSchema | null;
}

interface Probe {
  label: string;
  request: InjectOptions;
}

beforeAll(async () => {
  t = await createTestApp({
    config: {
      rateLimit: { max: 1_000_000, windowMs: 60_000 },
      bodyLimitBytes: BODY_LIMIT,
      logLevel: 'warn',
    },
    logStream,
    extend(app) {
      // A route that crashes on NUL and hands any other text to the database as a date, as the
      // unchecked contracts did: the sweep must report both.
      registerRoutes(app, [
        route({
          method: 'GET',
          url: PROBE_URL,
          permission: 'signedIn',
          query: v.object({ q: v.optional(v.string()) }),
          summary: 'Sweep self-check',
          tags: ['test'],
          handler: async ({ query }) => {
            if (query.q === undefined) return { data: null };
            if (query.q.includes('\u0000')) throw new Error('invalid byte sequence 0x00');
            await t.database.withConnection((sql) => sql('SELECT $1::date AS d', [query.q]));
            return { data: null };
          },
        }),
      ]);
    },
  });
  admin = await t.adminToken();
});

afterAll(() => t?.close());

async function operations(): Promise<Operation[]> {
  const res = await t.inject({ method: 'GET', url: '/api/mng/openapi.json' });
  const document = res.json() as { paths: Record<string, Record<string, JsonSchema>> };
  const out: Operation[] = [];
  for (const [path, byMethod] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(byMethod)) {
      const parameters = (operation.parameters ?? []) as {
        name: string;
        in: string;
        required: boolean;
        schema: JsonSchema;
      }[];
      const query: Record<string, JsonSchema> = {};
      const requiredQuery: Record<string, unknown> = {};
      for (const parameter of parameters) {
        query[parameter.name] = parameter.schema;
        if (parameter.required || parameter.in === 'path') {
          requiredQuery[parameter.name] = sampleValue(parameter.name, parameter.schema);
        }
      }
      const requestBody = operation.requestBody as
        { content: Record<string, { schema: JsonSchema }> } | undefined;
      out.push({
        method: method.toUpperCase(),
        path,
        query,
        requiredQuery,
        body: requestBody?.content['application/json']?.schema ?? null,
      });
    }
  }
  return out;
}

function queryString(values: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined) continue;
      parts.push(`${encodeURIComponent(name)}=${encodeQueryText(String(item))}`);
    }
  }
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

function baseBody(operation: Operation): Record<string, unknown> {
  return operation.body ? sampleObject(operation.body) : {};
}

function request(
  operation: Operation,
  query: Record<string, unknown>,
  body: Record<string, unknown>,
): InjectOptions {
  return {
    method: operation.method as 'GET',
    url: operation.path + queryString(query),
    ...(operation.body ? { payload: body } : {}),
  };
}

/** Every request the sweep sends to one operation. */
function probesOf(operation: Operation): Probe[] {
  const probes: Probe[] = [];
  const body = baseBody(operation);
  probes.push({ label: 'baseline', request: request(operation, operation.requiredQuery, body) });
  for (const [name, schema] of Object.entries(operation.query)) {
    for (const value of [...BAD_TEXTS[kindOf(schema)], ['1', '2']]) {
      probes.push({
        label: `query ${name}=${describeValue(value)}`,
        request: request(operation, { ...operation.requiredQuery, [name]: value }, body),
      });
    }
  }
  if (!operation.body) return probes;
  const properties = (operation.body.properties ?? {}) as Record<string, JsonSchema>;
  for (const [name, schema] of Object.entries(properties)) {
    const kind = kindOf(schema);
    const values = BAD_BODY_VALUES[kind].map((value) => ({ value, shown: describeValue(value) }));
    if (kind === 'array') {
      // The items too: each bad value of the item's kind, alone in the array.
      const item = schema.items as JsonSchema | undefined;
      for (const value of BAD_BODY_VALUES[kindOf(item)]) {
        values.push({ value: [value], shown: `[${describeValue(value)}]` });
      }
    }
    for (const { value, shown } of values) {
      probes.push({
        label: `body ${name}=${shown}`,
        request: request(operation, operation.requiredQuery, { ...body, [name]: value }),
      });
    }
  }
  const url = operation.path + queryString(operation.requiredQuery);
  const raw = (label: string, contentType: string, payload: string): Probe => ({
    label,
    request: {
      method: operation.method as 'POST',
      url,
      headers: { 'content-type': contentType },
      payload,
    },
  });
  for (const value of [null, [], 'text', 42, [body]]) {
    probes.push(
      raw(`whole body ${describeValue(value)}`, 'application/json', JSON.stringify(value)),
    );
  }
  probes.push(
    raw('text/plain body', 'text/plain', 'hello'),
    raw('form body', 'application/x-www-form-urlencoded', 'name=x&page=1'),
    raw('csv body', 'text/csv', 'iccid\n\u0000'),
    raw('xml body', 'application/xml', '<a/>'),
    raw('broken JSON', 'application/json', '{"name":'),
    raw('deep JSON', 'application/json', '['.repeat(5000) + ']'.repeat(5000)),
    raw('__proto__ JSON', 'application/json', '{"__proto__":{"polluted":1}}'),
    raw(
      'oversized body',
      'application/json',
      JSON.stringify({ ...body, x: 'y'.repeat(BODY_LIMIT) }),
    ),
  );
  return probes;
}

/** Runs the probes `width` at a time; returns those answered with a 5xx or refused by the database. */
async function sweep(probes: { operation: Operation; probe: Probe }[], width = 12) {
  const failures: string[] = [];
  const sent = new Map<string, string>();
  let next = 0;
  async function worker() {
    while (next < probes.length) {
      const { operation, probe } = probes[next++]!;
      const res = await t.inject({ ...probe.request, token: admin });
      const what = `${operation.method} ${operation.path} ${probe.label}`;
      sent.set(String(res.headers['x-request-id']), what);
      if (res.statusCode >= 500) failures.push(`${res.statusCode} ${what}`);
    }
  }
  await Promise.all(Array.from({ length: width }, worker));
  for (const [requestId, what] of sent) {
    const refused = refusedByDatabase.get(requestId);
    if (refused !== undefined) failures.push(`400 (database: ${refused.slice(0, 80)}) ${what}`);
  }
  return failures.sort();
}

describe('bad-input sweep', () => {
  it('reads the whole API from the OpenAPI document', async () => {
    const all = await operations();
    expect(all.length).toBeGreaterThan(60);
    expect(all.filter((operation) => operation.body).length).toBeGreaterThan(30);
  });

  it('catches a route that crashes on a bad value (self-check)', async () => {
    const probe = (await operations()).filter((operation) => operation.path === PROBE_URL);
    expect(probe).toHaveLength(1);
    const failures = await sweep(
      probesOf(probe[0]!).map((p) => ({ operation: probe[0]!, probe: p })),
    );
    expect(failures).toContain(`500 GET ${PROBE_URL} query q="\\u0000"`);
    expect(failures.some((line) => line.endsWith(`GET ${PROBE_URL} query q="2024-13-01"`))).toBe(
      true,
    );
  });

  it('answers no 5xx to any bad value on any route', { timeout: 240_000 }, async () => {
    const all = (await operations()).filter((operation) => operation.path !== PROBE_URL);
    const probes = all.flatMap((operation) =>
      probesOf(operation).map((probe) => ({ operation, probe })),
    );
    const failures = await sweep(probes);
    // Every failure, one per line, in the report.
    const report = `${failures.length} of ${probes.length} requests failed:\n${failures.join('\n')}`;
    expect(failures.length, report).toBe(0);
  });
});
