import { Writable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerRoutes, route } from '../src/http/define-route';
import {
  BAD_BODY_VALUES,
  BAD_TEXTS,
  badCsvFiles,
  describeValue,
  kindOf,
  type JsonSchema,
} from './support/bad-input-corpus';
import { servedStoreConfig } from './release-store/support';
import { createTestApp, type TestContext } from './support/app';
import { createSweepFixtures, type Subject, type SweepFixtures } from './support/sweep-fixtures';
import { declared, operations, queryString, type Operation } from './support/openapi-operations';

/**
 * THE BAD-INPUT SWEEP: every operation of the OpenAPI document, called with hostile values in each
 * query parameter and body field (one at a time, the rest plausible), and with hostile bodies.
 * Whatever the input, the answer is never a 5xx, and never a value the contract let through to be
 * refused by the database (the error handler answers those 400, but logs them as contract gaps).
 *
 * "Plausible" means real: the baselines name fixtures created through the API
 * (support/sweep-fixtures.ts), so a hostile value reaches the service and the database instead of
 * a 404. Version-checked updates are sent one at a time with the fixture's current version;
 * deletions run after everything else. The depth check fails when baselines stop succeeding.
 */

const PROBE_URL = '/api/mng/test/sweep-probe';
const BODY_LIMIT = 64 * 1024;
const SWEEP_TIMEOUT_MS = 300_000;

/** The error handler's log message for a value the database refused (src/http/error-handler.ts). */
const REFUSED_LOG = 'database refused a request value';

/**
 * Operations whose baseline needs a fixture (an id, a name, a checked file, a published remote...):
 * each must answer 2xx, or the sweep's values stop short of the service and the database.
 */
const FIXTURE_BASELINES = [
  'GET /api/mng/permission',
  'GET /api/mng/role',
  'PUT /api/mng/role',
  'POST /api/mng/role/permission',
  'POST /api/mng/role/user',
  'POST /api/mng/role/assign',
  'PUT /api/mng/user/status',
  'GET /api/mng/user',
  'POST /api/mng/user',
  'PUT /api/mng/release/pin',
  'POST /api/mng/release/rollback',
  'PUT /api/mng/release/canary',
  'POST /api/mng/release/publish',
  'GET /api/mng/tariff/profile-detail',
  'GET /api/mng/tariff',
  'POST /api/mng/tariff',
  'PUT /api/mng/tariff',
  'DELETE /api/mng/tariff',
  'POST /api/mng/tariff/product-list',
  'GET /api/mng/tariff/relation',
  'GET /api/mng/tariff/history',
  'PUT /api/mng/tariff/group',
  'DELETE /api/mng/tariff/group',
  'POST /api/mng/tariff/copy',
  'PUT /api/mng/tariff/product-price',
  'POST /api/mng/tariff/copy-product',
  'POST /api/mng/tariff/import',
  'GET /api/mng/product',
  'POST /api/mng/product',
  'PUT /api/mng/product',
  'PUT /api/mng/product/edit-selling-price',
  'PUT /api/mng/product/edit-special-price',
  'PUT /api/mng/product/label',
  'GET /api/mng/product/prices',
  'GET /api/mng/supplier',
  'POST /api/mng/supplier',
  'PUT /api/mng/supplier',
  'DELETE /api/mng/supplier',
  'POST /api/mng/supplier/test-connection',
  'GET /api/mng/stock',
  'PUT /api/mng/stock',
  'DELETE /api/mng/stock',
  'POST /api/mng/stock/activation-code',
  'POST /api/mng/stock/csv',
  'POST /api/mng/stock/csv/apply',
  'GET /api/mng/stock/csv/job',
  'POST /api/mng/product/external/product-for-update/list',
  'GET /api/mng/product/external/product/get',
  'PUT /api/mng/product/external/product-for-update',
  'POST /api/mng/stock/external/stock/list',
  'POST /api/mng/currency',
  'POST /api/mng/utils/upload-file',
  'POST /api/mng/utils/check-exist-file',
  'GET /api/mng/branch',
  'PUT /api/mng/branch',
  'DELETE /api/mng/branch',
  'PUT /api/mng/branch/select-partner',
  'GET /api/mng/branch/item',
  'POST /api/mng/branch/item',
  'PUT /api/mng/branch/item',
  'DELETE /api/mng/branch/item',
];
/** Baselines answering 2xx, at least (all 83 of the document's operations did when it was written). */
const MIN_BASELINES_2XX = 80;

type Values = Record<string, unknown>;

let t: TestContext;
let admin: string;
let fixtures: SweepFixtures;
/** The remote store the sweep's pins check (served over HTTP, like a CDN). */
let releaseStore: Awaited<ReturnType<typeof servedStoreConfig>>;
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

interface Probe {
  operation: Operation;
  label: string;
  /** The field holding the hostile value: the fixtures' live and unique values leave it alone. */
  field?: { in: 'query' | 'body'; name: string };
  query: Values;
  body?: Values;
  raw?: { contentType: string; payload: string | Buffer };
  /** Its place among the operation's probes: which of its fixtures (baseline.live) it goes to. */
  member?: number;
}

interface SweepResult {
  failures: string[];
  /** Operation key -> the baseline's status and the start of its answer. */
  baselines: Map<string, { status: number; body: string }>;
  requests: number;
}

beforeAll(async () => {
  releaseStore = await servedStoreConfig();
  t = await createTestApp({
    config: {
      ...releaseStore.config,
      rateLimit: { max: 1_000_000, windowMs: 60_000 },
      bodyLimitBytes: BODY_LIMIT,
      logLevel: 'warn',
      // The eSIM Go simulator of the API suppliers listens on 127.0.0.1.
      outboundAllowList: ['127.0.0.1'],
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
  fixtures = await createSweepFixtures(t, admin);
}, 120_000);

afterAll(async () => {
  await fixtures?.close();
  await t?.close();
  await releaseStore?.close();
});

/** Every request the sweep sends to one operation; the baseline first. */
function probesOf(operation: Operation): Probe[] {
  return requestsOf(operation).map((probe, member) => ({ ...probe, member }));
}

function requestsOf(operation: Operation): Probe[] {
  const { baseQuery: query, baseBody: body, baseline } = operation;
  const raw = baseline.raw;
  const jsonBody = operation.body ? body : undefined;
  const probes: Probe[] = [
    { operation, label: 'baseline', query, ...(jsonBody ? { body: jsonBody } : {}), raw },
  ];
  for (const [name, schema] of Object.entries(operation.query)) {
    for (const value of [...BAD_TEXTS[kindOf(schema)], ['1', '2']]) {
      probes.push({
        operation,
        label: `query ${name}=${describeValue(value)}`,
        field: { in: 'query', name },
        query: { ...query, [name]: value },
        ...(jsonBody ? { body: jsonBody } : {}),
        raw,
      });
    }
  }
  if (raw && typeof raw.payload === 'string') {
    // The file itself (stock/csv).
    for (const file of badCsvFiles(raw.payload)) {
      probes.push({
        operation,
        label: file.label,
        query,
        raw: { contentType: raw.contentType, payload: file.payload },
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
    if (/csv/i.test(name) && typeof body[name] === 'string') {
      // A CSV text (the imports): the file's own hostile shapes too.
      for (const file of badCsvFiles(body[name])) {
        if (typeof file.payload === 'string')
          values.push({ value: file.payload, shown: file.label });
      }
    }
    for (const { value, shown } of values) {
      probes.push({
        operation,
        label: `body ${name}=${shown}`,
        field: { in: 'body', name },
        query,
        body: { ...body, [name]: value },
      });
    }
  }
  const whole = (label: string, contentType: string, payload: string): Probe => ({
    operation,
    label,
    query,
    raw: { contentType, payload },
  });
  for (const value of [null, [], 'text', 42, [body]]) {
    probes.push(
      whole(`whole body ${describeValue(value)}`, 'application/json', JSON.stringify(value)),
    );
  }
  probes.push(
    whole('text/plain body', 'text/plain', 'hello'),
    whole('form body', 'application/x-www-form-urlencoded', 'name=x&page=1'),
    whole('csv body', 'text/csv', 'iccid\n\u0000'),
    whole('xml body', 'application/xml', '<a/>'),
    whole('broken JSON', 'application/json', '{"name":'),
    whole('deep JSON', 'application/json', '['.repeat(5000) + ']'.repeat(5000)),
    whole('__proto__ JSON', 'application/json', '{"__proto__":{"polluted":1}}'),
    whole(
      'oversized body',
      'application/json',
      JSON.stringify({ ...body, x: 'y'.repeat(BODY_LIMIT) }),
    ),
  );
  return probes;
}

// ---------------------------------------------------------------- fixtures' state

/** A fixture's state as last read; absent = read it again. */
const states = new Map<string, unknown>();

async function stateOf(subject: Subject): Promise<unknown> {
  if (!states.has(subject.name)) {
    const res = await t.inject({ method: 'GET', url: subject.url, token: admin });
    states.set(subject.name, res.statusCode === 200 ? res.json().data : null);
  }
  return states.get(subject.name);
}

/** `values` over `target`, except the field under test; only the fields the contract declares. */
function overlay(
  target: Values | undefined,
  values: Values | undefined,
  probe: Probe,
  where: 'query' | 'body',
  names: Iterable<string>,
): Values | undefined {
  if (!target || !values) return target;
  const out = { ...target };
  for (const [name, value] of Object.entries(declared(values, names))) {
    if (probe.field?.in === where && probe.field.name === name) continue;
    out[name] = value;
  }
  return out;
}

/** The fixture a probe changes under a version check (its probes are sent one at a time). */
function subjectOf(probe: Probe): Subject | undefined {
  const { live, touches } = probe.operation.baseline;
  if (!live) return touches;
  return live.subjects[(probe.member ?? 0) % live.subjects.length];
}

/**
 * Sends a probe once: unique names, the fixture's own values and its current ones (version...)
 * filled in.
 */
async function attempt(probe: Probe): Promise<LightMyRequestResponse> {
  const { operation } = probe;
  const { live, unique } = operation.baseline;
  const queryNames = Object.keys(operation.query);
  const bodyNames = Object.keys((operation.body?.properties ?? {}) as Values);
  const subject = subjectOf(probe);
  let { query, body } = probe;
  if (unique && body) {
    const fresh = Object.fromEntries(unique.map((name) => [name, fixtures.uniqueValue()]));
    body = overlay(body, fresh, probe, 'body', bodyNames);
  }
  if (live && subject) {
    const values = live.values(await stateOf(subject));
    query = overlay(query, { ...subject.query, ...values.query }, probe, 'query', queryNames)!;
    body = overlay(body, { ...subject.body, ...values.body }, probe, 'body', bodyNames);
  }
  const res = await t.inject({
    method: operation.method as 'GET',
    url: operation.path + queryString(query),
    token: admin,
    ...(probe.raw
      ? { headers: { 'content-type': probe.raw.contentType }, payload: probe.raw.payload }
      : body
        ? { payload: body }
        : {}),
  });
  // A change (2xx): the answer is the fixture's new state when it has its version, else (and
  // after a stale version, 409) the state is read again before the next probe.
  if (subject && (res.statusCode < 400 || res.statusCode === 409)) {
    const data =
      res.statusCode < 300 ? (res.json() as { data?: { version?: unknown } }).data : null;
    if (live && typeof data?.version === 'number') states.set(subject.name, data);
    else states.delete(subject.name);
  }
  return res;
}

/** Sends a probe; once more (twice at most) when the fixture's version was stale after all. */
async function send(probe: Probe): Promise<LightMyRequestResponse> {
  const versioned = probe.operation.baseline.live && probe.field?.name !== 'version';
  let res = await attempt(probe);
  for (let tries = 1; versioned && res.statusCode === 409 && tries < 3; tries += 1) {
    const stale = (res.json() as { errors?: { field?: string }[] }).errors?.[0]?.field;
    if (stale !== 'version') break;
    res = await attempt(probe);
  }
  return res;
}

/**
 * Runs the probes `width` at a time, in order, except that the probes of one fixture wait for each
 * other (the others go ahead meanwhile); returns those answered with a 5xx or refused by the
 * database, and each baseline's answer.
 */
async function sweep(probes: Probe[], width = 12): Promise<SweepResult> {
  const failures: string[] = [];
  const baselines = new Map<string, { status: number; body: string }>();
  const sent = new Map<string, string>();
  const taken = new Uint8Array(probes.length);
  const busy = new Set<string>();
  let first = 0;
  let waiting: (() => void)[] = [];
  /** The next probe to send; null when only probes of busy fixtures are left, undefined at the end. */
  function take(): Probe | null | undefined {
    while (first < probes.length && taken[first]) first += 1;
    for (let i = first; i < probes.length; i += 1) {
      if (taken[i]) continue;
      const subject = subjectOf(probes[i]!)?.name;
      if (subject && busy.has(subject)) continue;
      taken[i] = 1;
      if (subject) busy.add(subject);
      return probes[i]!;
    }
    return first < probes.length ? null : undefined;
  }
  async function worker() {
    for (let probe = take(); probe !== undefined; probe = take()) {
      if (probe === null) {
        await new Promise<void>((resolve) => waiting.push(resolve));
        continue;
      }
      const subject = subjectOf(probe)?.name;
      const res = await send(probe).finally(() => {
        if (subject) busy.delete(subject);
        const woken = waiting;
        waiting = [];
        for (const wake of woken) wake();
      });
      const what = `${probe.operation.key} ${probe.label}`;
      sent.set(String(res.headers['x-request-id']), what);
      if (res.statusCode >= 500) failures.push(`${res.statusCode} ${what}`);
      if (probe.label === 'baseline') {
        baselines.set(probe.operation.key, {
          status: res.statusCode,
          body: res.body.slice(0, 200),
        });
      }
    }
  }
  await Promise.all(Array.from({ length: width }, worker));
  for (const [requestId, what] of sent) {
    const refused = refusedByDatabase.get(requestId);
    if (refused !== undefined) failures.push(`400 (database: ${refused.slice(0, 80)}) ${what}`);
  }
  return { failures: failures.sort(), baselines, requests: probes.length };
}

/** Each operation's probes spread evenly over the run (so one-at-a-time fixtures rarely wait). */
function spread(lists: Probe[][]): Probe[] {
  return lists
    .flatMap((list) => list.map((probe, i) => ({ probe, at: (i + 0.5) / list.length })))
    .sort((a, b) => a.at - b.at)
    .map(({ probe }) => probe);
}

/**
 * The whole sweep, once for the tests that read it: every baseline first (on fresh fixtures),
 * then every other probe, then the deletions (their baselines last, so that they delete the
 * fixture they were given).
 */
let wholeSweep: Promise<SweepResult> | undefined;
function sweepEverything(): Promise<SweepResult> {
  wholeSweep ??= (async () => {
    const all = (await operations(t, fixtures)).filter((operation) => operation.path !== PROBE_URL);
    const byOperation = all.map(probesOf);
    const isDelete = (list: Probe[]) => list[0]!.operation.method === 'DELETE';
    const others = byOperation.filter((list) => !isDelete(list));
    const deletions = byOperation.filter(isDelete);
    // Baselines one at a time: each finds its fixture as the set-up left it.
    const phases: [Probe[], number][] = [
      [others.map((list) => list[0]!), 1],
      [spread(others.map((list) => list.slice(1))), 12],
      [spread(deletions.map((list) => list.slice(1))), 12],
      [deletions.map((list) => list[0]!), 1],
    ];
    const result: SweepResult = { failures: [], baselines: new Map(), requests: 0 };
    for (const [phase, width] of phases) {
      const part = await sweep(phase, width);
      result.failures.push(...part.failures);
      for (const [key, answer] of part.baselines) result.baselines.set(key, answer);
      result.requests += part.requests;
    }
    result.failures.sort();
    return result;
  })();
  return wholeSweep;
}

describe('bad-input sweep', () => {
  it('reads the whole API from the OpenAPI document', async () => {
    const all = await operations(t, fixtures);
    expect(all.length).toBeGreaterThan(60);
    expect(all.filter((operation) => operation.body).length).toBeGreaterThan(30);
  });

  it('catches a route that crashes on a bad value (self-check)', async () => {
    const probe = (await operations(t, fixtures)).filter(
      (operation) => operation.path === PROBE_URL,
    );
    expect(probe).toHaveLength(1);
    const { failures } = await sweep(probesOf(probe[0]!));
    expect(failures).toContain(`500 GET ${PROBE_URL} query q="\\u0000"`);
    expect(failures.some((line) => line.endsWith(`GET ${PROBE_URL} query q="2024-13-01"`))).toBe(
      true,
    );
  });

  it('answers no 5xx to any bad value on any route', { timeout: SWEEP_TIMEOUT_MS }, async () => {
    const { failures, requests } = await sweepEverything();
    // Every failure, one per line, in the report.
    const report = `${failures.length} of ${requests} requests failed:\n${failures.join('\n')}`;
    expect(failures.length, report).toBe(0);
  });

  it(
    'reaches the services: the baselines succeed on the fixtures',
    { timeout: SWEEP_TIMEOUT_MS },
    async () => {
      const { baselines } = await sweepEverything();
      const answered = (key: string) => {
        const answer = baselines.get(key);
        return `${answer?.status} ${answer?.body}`;
      };
      const succeeded = (key: string) => {
        const status = baselines.get(key)?.status ?? 0;
        return status >= 200 && status < 300;
      };
      // An operation gone from the document is not missed (MIN_BASELINES_2XX still counts).
      const missed = FIXTURE_BASELINES.filter((key) => baselines.has(key) && !succeeded(key));
      const all2xx = [...baselines.keys()].filter(succeeded).length;
      const others = [...baselines.keys()].filter(
        (key) => !succeeded(key) && !FIXTURE_BASELINES.includes(key),
      );
      const report = [
        `${all2xx} of ${baselines.size} baselines answered 2xx (at least ${MIN_BASELINES_2XX} expected).`,
        ...fixtures.problems.map((problem) => `Fixture not created: ${problem}`),
        ...[...missed, ...others].map((key) => `${key}: ${answered(key)}`),
      ].join('\n');
      expect(missed, report).toEqual([]);
      expect(all2xx, report).toBeGreaterThanOrEqual(MIN_BASELINES_2XX);
    },
  );
});
