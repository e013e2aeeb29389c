/**
 * Every user-facing text the API sends must have an English template in
 * locales/en/apiMessages.json (or validation.json), so the console can show it in the user's
 * language (translateApiMessage in @esim/platform). A new message without a template, and so
 * without translations, fails here.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  PRODUCT_MESSAGES,
  STOCK_MESSAGES,
  SYNC_MESSAGES,
  TARIFF_MESSAGES,
  deleteRefused,
  transitionRefused,
} from '@esim/contracts';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config';
import { SupplierError, type SupplierErrorKind } from '../src/connectors/types';
import { ACCESS_MESSAGES } from '../src/areas/access/service';
import { CURRENCY_MESSAGES } from '../src/areas/currencies/service';
import { EXCHANGE_RATE_MESSAGES } from '../src/areas/exchange-rates/service';
import { RELEASE_MESSAGES } from '../src/areas/releases/service';
import { SUPPLIER_SYNC_MESSAGES } from '../src/areas/supplier-sync/service';
import { SUPPLIER_MESSAGES } from '../src/areas/suppliers/service';
import { ACCOUNT_DISABLED } from '../src/http/auth';
import { ERROR_MESSAGES } from '../src/http/errors';

const LOCALES = path.join(repoRoot, 'locales', 'en');

function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (value && typeof value === 'object')
    for (const item of Object.values(value)) strings(item, out);
  return out;
}

const templates = ['apiMessages.json', 'validation.json'].flatMap((file) =>
  strings(JSON.parse(fs.readFileSync(path.join(LOCALES, file), 'utf8'))),
);
const exact = new Set(templates);
/** The same matching as translateApiMessage: anchored, placeholders captured non-greedily. */
const patterns = templates.map((template) => {
  let source = '';
  let last = 0;
  for (const match of template.matchAll(/\{\{\s*(\w+)\s*\}\}/g)) {
    source += template.slice(last, match.index).replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '(.+?)';
    last = match.index + match[0].length;
  }
  source += template.slice(last).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${source}$`, 's');
});

function hasTemplate(text: string): boolean {
  return exact.has(text) || patterns.some((pattern) => pattern.test(text));
}

type MessageValue = string | ((...args: never[]) => string);

/** The texts a *_MESSAGES constant produces: strings as they are, functions with sample args. */
function texts(messages: Record<string, MessageValue>): [string, string][] {
  return Object.entries(messages).flatMap(([key, value]): [string, string][] => {
    if (typeof value === 'string') return [[key, value]];
    const call = value as (...args: unknown[]) => string;
    return [
      [key, call('sample-a', 'sample-b', 'sample-c')],
      [key, call(1, 2, 3)],
      [key, call(2, null, 3)],
    ];
  });
}

const CONSTANTS: Record<string, Record<string, MessageValue>> = {
  ERROR_MESSAGES,
  ACCESS_MESSAGES,
  CURRENCY_MESSAGES,
  EXCHANGE_RATE_MESSAGES,
  RELEASE_MESSAGES,
  SUPPLIER_MESSAGES,
  SUPPLIER_SYNC_MESSAGES,
  PRODUCT_MESSAGES,
  SYNC_MESSAGES,
  TARIFF_MESSAGES,
};

/** STOCK_MESSAGES: names for NotFoundError and `{from}` templates built by functions. */
const STOCK_NAMES = new Set(['notFound', 'jobNotFound']);
const STOCK_BUILT = new Set(['transitionRefused', 'deleteRefused']);

const SUPPLIER_ERROR_KINDS: SupplierErrorKind[] = [
  'timeout',
  'unreachable',
  'auth',
  'notFound',
  'rateLimited',
  'http',
  'malformed',
  'unsupported',
];

/** Literal texts thrown in api/src ('new NotFoundError(\'Product\')', business errors). */
function thrownLiterals(): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.ts')) {
        const source = fs.readFileSync(file, 'utf8');
        for (const match of source.matchAll(/new NotFoundError\(\s*'([^']+)'\s*\)/g)) {
          found.push(`${match[1]} not found`);
        }
        for (const match of source.matchAll(
          /new (?:BusinessRuleError|ConflictError|ForbiddenError|UnauthenticatedError)\(\s*'([^']+)'/g,
        )) {
          found.push(match[1] as string);
        }
      }
    }
  };
  walk(path.join(repoRoot, 'api', 'src'));
  return found;
}

describe('API messages catalogue (locales/en/apiMessages.json)', () => {
  it('matches texts exactly, so an unknown text has no template', () => {
    expect(hasTemplate('Product synced.')).toBe(true);
    expect(hasTemplate('A message nobody translated yet.')).toBe(false);
    expect(hasTemplate('Product synced. And more.')).toBe(false);
  });

  it.each(Object.keys(CONSTANTS))('has a template for every text of %s', (name) => {
    const missing = texts(CONSTANTS[name] as Record<string, MessageValue>)
      .filter(([, text]) => !hasTemplate(text))
      .map(([key, text]) => `${name}.${key}: ${text}`);
    expect(missing).toEqual([]);
  });

  it('has a template for every text of STOCK_MESSAGES', () => {
    const sent: string[] = [];
    const names: string[] = [];
    for (const [key, value] of Object.entries(STOCK_MESSAGES)) {
      if (STOCK_NAMES.has(key)) names.push(`${value} not found`);
      else if (!STOCK_BUILT.has(key)) sent.push(value);
    }
    sent.push(transitionRefused('on_hand', 'sold_out'), deleteRefused('sold_out'));
    expect(sent.filter((text) => !hasTemplate(text))).toEqual([]);
    // NotFoundError names get their own translated text, not only '{{name}} not found'.
    expect(names.filter((text) => !exact.has(text))).toEqual([]);
  });

  it('has a template for every supplier connector error, with and without HTTP status', () => {
    const sent = SUPPLIER_ERROR_KINDS.flatMap((kind) => [
      new SupplierError(kind).message,
      ...(['auth', 'notFound', 'rateLimited', 'http'].includes(kind)
        ? [new SupplierError(kind, 502).message]
        : []),
    ]);
    sent.push(ACCOUNT_DISABLED);
    expect(sent.filter((text) => !hasTemplate(text))).toEqual([]);
  });

  it('has an exact template for every literal text thrown in api/src', () => {
    const literals = thrownLiterals();
    expect(literals.length).toBeGreaterThan(10);
    expect(literals.filter((text) => !exact.has(text))).toEqual([]);
  });
});
