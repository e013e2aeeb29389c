/**
 * Test support for the bad-input sweep: the corpus of hostile values, and a baseline request
 * (the required fields with plausible values) built from an operation's JSON schema, so that one
 * bad value at a time reaches as far into the route as it can.
 */

export type JsonSchema = Record<string, unknown>;

/** An id no row has: the sweep never reaches a destructive success path through an id. */
export const MISSING_ID = '7f3c2a10-5b1e-4c6d-9e8f-0a1b2c3d4e5f';

const CONTROL = ['\u0000', 'x\u0001\u001b\u007fy', 'a\u0085b'];
const SURROGATES = ['a\ud800b'];
const DATES = ['2024-13-01', '2025-02-30', '0000-00-00', '2024-01-01T99:99:99Z', '1970-01-01T:::'];
const INJECTION = ["%' OR 1=1 --", "'; DROP TABLE users; --", '%_\\'];
const UUID_LIKE = ['00000000-0000-0000-0000-000000000000', 'not-a-uuid'];
const NUMBER_TEXTS = ['1e308', '9223372036854775808', '-1', '1.5', 'NaN', 'Infinity', 'abc'];
const NUMBERS = [
  1e308,
  -1e308,
  2 ** 63,
  -(2 ** 63),
  2 ** 31,
  Number.MAX_SAFE_INTEGER + 2,
  -1,
  1.5,
  1e-300,
];
/** Wrong types for any field. */
const WRONG_TYPES: readonly unknown[] = [null, true, { $gt: '' }, ['a', 'b']];

export type ValueKind = 'text' | 'number' | 'choice' | 'boolean' | 'array' | 'object';

/** Text values (what a query parameter carries), by the kind of field they are sent to. */
export const BAD_TEXTS: Record<ValueKind, readonly string[]> = {
  text: [
    '',
    ...CONTROL,
    ...SURROGATES,
    ...DATES,
    ...INJECTION,
    ...UUID_LIKE,
    '1e308',
    '-1',
    'x'.repeat(20_000),
  ],
  number: [...NUMBER_TEXTS, '\u0000', '2025-02-30'],
  choice: ['\u0000', 'a\ud800b', "%' OR 1=1 --"],
  boolean: ['\u0000', 'yes', '2'],
  array: ['\u0000', "%' OR 1=1 --"],
  object: ['\u0000'],
};

/** Body values, by the kind of field they are sent to (each kind also gets the wrong types). */
export const BAD_BODY_VALUES: Record<ValueKind, readonly unknown[]> = {
  text: [...BAD_TEXTS.text, ...WRONG_TYPES, 1e308, -1, 1.5],
  number: [...NUMBERS, ...NUMBER_TEXTS, ...WRONG_TYPES, '\u0000'],
  choice: [...BAD_TEXTS.choice, ...WRONG_TYPES, 1e308],
  boolean: [...BAD_TEXTS.boolean, ...WRONG_TYPES, 1e308],
  array: [...WRONG_TYPES, 'text', 1e308, Array.from({ length: 10_000 }, () => 'x')],
  object: [...WRONG_TYPES, 'text', { '\u0000': '\u0000' }, { x: 1e308 }, { x: "%' OR 1=1 --" }],
};

/** Which corpus a property gets, from its JSON schema (a nullable union by its other branch). */
export function kindOf(schema: JsonSchema | undefined): ValueKind {
  if (!schema) return 'number';
  if (Array.isArray(schema.enum) || 'const' in schema) return 'choice';
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (branches) {
    const typed = branches.find((branch) => branch.type !== 'null') ?? branches[0];
    return kindOf(typed);
  }
  switch (schema.type) {
    case 'string':
      return 'text';
    case 'boolean':
      return 'boolean';
    case 'array':
      return 'array';
    case 'object':
      return 'object';
    default:
      // integer, number, and the untyped fields a contract coerces (page, pageSize, version).
      return 'number';
  }
}

/** One bad value as the sweep reports it (short, printable). */
export function describeValue(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 40)}…(${text.length} chars)` : text;
}

const TEXT_CANDIDATES = [
  'product',
  'JP',
  'USD',
  'SWEEP1',
  '1.0.0',
  '0'.repeat(64),
  'sweep@example.com',
  '2024-01-01',
];

function candidateFits(text: string, schema: JsonSchema): boolean {
  const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern, 'u') : null;
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  return (pattern?.test(text) ?? true) && text.length >= min && text.length <= max;
}

function textFor(name: string, schema: JsonSchema): string {
  if (schema.format === 'uuid' || /(^id$|Id$)/.test(name)) return MISSING_ID;
  if (schema.format === 'email' || /email/i.test(name)) return 'sweep@example.com';
  if (/date|^from$|^to$|^at$|until/i.test(name)) return '2024-01-01';
  if (/currency|isoCode/i.test(name)) return 'USD';
  if (/csv/i.test(name)) return 'a,b,c\n';
  return TEXT_CANDIDATES.find((text) => candidateFits(text, schema)) ?? 'sweep';
}

/** A plausible value for a property, from its JSON schema; undefined when none is needed. */
export function sampleValue(name: string, schema: JsonSchema | undefined): unknown {
  if (!schema) return undefined;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ('const' in schema) return schema.const;
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (branches?.[0]) return sampleValue(name, branches[0]);
  switch (schema.type) {
    case 'string':
      return textFor(name, schema);
    case 'integer':
    case 'number': {
      // 2, not 1: an exchange rate of 1 is refused, and so the rest of the body would not be tried.
      const low = typeof schema.minimum === 'number' ? Math.max(schema.minimum, 2) : 2;
      return typeof schema.maximum === 'number' ? Math.min(low, schema.maximum) : low;
    }
    case 'boolean':
      return false;
    case 'array': {
      const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const item = sampleValue(name, schema.items as JsonSchema | undefined);
      return Array.from({ length: min }, () => item);
    }
    case 'object':
      return sampleObject(schema);
    default:
      // An unknown-typed field (page, version: coerced by the contract) or a union.
      return /version/i.test(name) ? 1 : undefined;
  }
}

/** The required properties of an object schema with plausible values. */
export function sampleObject(schema: JsonSchema): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const out: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(properties)) {
    if (!required.has(name)) continue;
    const value = sampleValue(name, property);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/** Percent-encodes query text; a lone surrogate (which encodeURIComponent refuses) as bad UTF-8. */
export function encodeQueryText(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    out += code >= 0xd800 && code <= 0xdfff ? '%ED%A0%80' : encodeURIComponent(char);
  }
  return out;
}

/** A CSV cell holding `text` (quoted when it has to be). */
function csvCell(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Hostile files for a CSV upload, built on a plausible one (its header and first row): broken
 * encodings and quoting, wrong shapes, and each text of the corpus in each column in turn.
 */
export function badCsvFiles(file: string): { label: string; payload: string | Buffer }[] {
  const [header = '', row = ''] = file.split(/\r?\n/);
  const cells = row.split(',');
  const lines = (...rows: string[]) => `${[header, ...rows].join('\n')}\n`;
  const out: { label: string; payload: string | Buffer }[] = [
    { label: 'empty file', payload: '' },
    { label: 'NUL file', payload: '\u0000' },
    { label: 'BOM only', payload: '\ufeff' },
    { label: 'header only', payload: lines() },
    { label: 'blank rows', payload: lines('', ',,', '') },
    {
      label: 'invalid UTF-8',
      payload: Buffer.concat([Buffer.from(`${header}\n`), Buffer.from([0xff, 0xfe, 0xfd, 0x0a])]),
    },
    {
      label: 'lone surrogate bytes',
      payload: Buffer.concat([Buffer.from(`${header}\n`), Buffer.from([0xed, 0xa0, 0x80, 0x0a])]),
    },
    { label: 'UTF-16 file', payload: Buffer.from(`\ufeff${lines(row)}`, 'utf16le') },
    { label: 'unterminated quote', payload: lines(`"${row}`) },
    {
      label: 'quoted newline',
      payload: lines(`"${cells[0] ?? ''}\n",${cells.slice(1).join(',')}`),
    },
    { label: 'extra columns', payload: lines(`${row}${',x'.repeat(1000)}`) },
    { label: 'one column', payload: lines(cells[0] ?? '') },
    { label: 'CR line ends', payload: lines(row, row).replace(/\n/g, '\r') },
    { label: 'the same row twice', payload: lines(row, row) },
    { label: 'formula', payload: lines(['=HYPERLINK("http://x")', ...cells.slice(1)].join(',')) },
  ];
  cells.forEach((_cell, column) => {
    for (const text of BAD_TEXTS.text) {
      const copy = [...cells];
      copy[column] = csvCell(text);
      out.push({
        label: `csv column ${column + 1}=${describeValue(text)}`,
        payload: lines(copy.join(',')),
      });
    }
  });
  return out;
}
