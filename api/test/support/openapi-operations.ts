import { encodeQueryText, sampleObject, sampleValue, type JsonSchema } from './bad-input-corpus';
import type { TestContext } from './app';
import type { OperationBaseline, SweepFixtures } from './sweep-fixtures';

/* The operations of the API's OpenAPI document with plausible baseline requests (the sweeps). */

type Values = Record<string, unknown>;

export interface Operation {
  /** `${METHOD} ${path}` */
  key: string;
  method: string;
  path: string;
  /** Every query parameter the document declares, with its schema. */
  query: Record<string, JsonSchema>;
  /** The JSON body's schema. */
  body: JsonSchema | null;
  baseline: OperationBaseline;
  /** The baseline request: required parameters and body fields, fixtures where they are needed. */
  baseQuery: Values;
  baseBody: Values;
}

/** Only the fields a schema declares: a fixture value for a field the contract lost is dropped. */
export function declared(values: Values | undefined, names: Iterable<string>): Values {
  const known = new Set(names);
  return Object.fromEntries(Object.entries(values ?? {}).filter(([name]) => known.has(name)));
}

export async function operations(t: TestContext, fixtures: SweepFixtures): Promise<Operation[]> {
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
      const requiredQuery: Values = {};
      for (const parameter of parameters) {
        query[parameter.name] = parameter.schema;
        if (parameter.required || parameter.in === 'path') {
          requiredQuery[parameter.name] = sampleValue(parameter.name, parameter.schema);
        }
      }
      const requestBody = operation.requestBody as
        { content: Record<string, { schema: JsonSchema }> } | undefined;
      const body = requestBody?.content['application/json']?.schema ?? null;
      const key = `${method.toUpperCase()} ${path}`;
      const baseline = fixtures.baselines[key] ?? {};
      const properties = Object.keys((body?.properties ?? {}) as Values);
      out.push({
        key,
        method: method.toUpperCase(),
        path,
        query,
        body,
        baseline,
        baseQuery: { ...requiredQuery, ...declared(baseline.query, Object.keys(query)) },
        baseBody: body ? { ...sampleObject(body), ...declared(baseline.body, properties) } : {},
      });
    }
  }
  return out;
}

export function queryString(values: Values): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined) continue;
      parts.push(`${encodeURIComponent(name)}=${encodeQueryText(String(item))}`);
    }
  }
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}
