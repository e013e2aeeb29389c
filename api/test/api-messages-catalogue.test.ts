/**
 * Every message the API sends carries a key (docs/decisions/0007): apiMessages:<area>.<name>,
 * defined with defineApiMessages() beside its English template, or validation:<key>. The console
 * translates from the key, so every key must have a text in every language. This test imports
 * every module that defines API messages, walks the catalogue they build and fails when any of
 * en, ja, de, th lacks a key, or when the English locale words a message differently from the API.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  VALIDATION_KEYS,
  definedApiMessages,
  interpolate,
  type ApiMessageTemplate,
} from '@esim/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config';
import { SupplierError, type SupplierErrorKind } from '../src/connectors/types';
import { ERROR_MESSAGES, NotFoundError, ValidationError } from '../src/http/errors';

const LANGUAGES = ['en', 'ja', 'de', 'th'] as const;

type Bundle = Record<string, unknown>;

function readLocale(language: string, namespace: string): Bundle {
  return JSON.parse(
    fs.readFileSync(path.join(repoRoot, 'locales', language, `${namespace}.json`), 'utf8'),
  ) as Bundle;
}

function lookup(bundle: Bundle, dotted: string): unknown {
  let current: unknown = bundle;
  for (const part of dotted.split('.')) {
    if (!current || typeof current !== 'object') return undefined;
    current = (current as Bundle)[part];
  }
  return current;
}

/** The text of `key` (apiMessages path or validation.<key>) in a language, plural forms joined. */
function textOf(locales: Record<string, Bundle>, key: string, plural: boolean): string | undefined {
  const [namespace, dotted] = key.startsWith('validation.')
    ? ['validation', key.slice('validation.'.length)]
    : ['apiMessages', key];
  const bundle = locales[namespace] ?? {};
  if (!plural) {
    const text = lookup(bundle, dotted);
    return typeof text === 'string' && text.trim() !== '' ? text : undefined;
  }
  // i18next plural keys: <key>_other at least (ja and th have only that form).
  const other = lookup(bundle, `${dotted}_other`);
  return typeof other === 'string' && other.trim() !== '' ? other : undefined;
}

/**
 * Keys of `catalogue` without a text in some language: 'ja: releases.pinned'. English must also
 * say what the API says (the API's text is the spec's `message`; the console's English comes from
 * the locale file).
 */
function missingTexts(
  catalogue: ReadonlyMap<string, ApiMessageTemplate>,
  locales: Record<string, Record<string, Bundle>>,
): string[] {
  const missing: string[] = [];
  for (const [key, template] of catalogue) {
    const plural = typeof template !== 'string';
    for (const language of LANGUAGES) {
      const text = textOf(locales[language] ?? {}, key, plural);
      if (text === undefined) missing.push(`${language}: ${key}`);
    }
    const english = locales.en ?? {};
    if (typeof template === 'string') {
      const text = textOf(english, key, false);
      if (text !== undefined && text !== template) missing.push(`en differs: ${key}`);
    } else {
      for (const form of ['one', 'other'] as const) {
        const text = lookup(english.apiMessages ?? {}, `${key}_${form}`);
        if (text !== template[form]) missing.push(`en differs: ${key}_${form}`);
      }
    }
  }
  return missing;
}

/** Every .ts file under `dir` that calls defineApiMessages (so none is left out of the walk). */
function definingModules(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...definingModules(file));
    else if (
      entry.name.endsWith('.ts') &&
      /\bdefineApiMessages\(\s*'/.test(fs.readFileSync(file, 'utf8'))
    ) {
      found.push(file);
    }
  }
  return found;
}

let locales: Record<string, Record<string, Bundle>>;
let modules: string[];

beforeAll(async () => {
  modules = [
    ...definingModules(path.join(repoRoot, 'api', 'src')),
    ...definingModules(path.join(repoRoot, 'shared', 'contracts', 'src')),
  ];
  for (const file of modules) await import(file);
  locales = Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      {
        apiMessages: readLocale(language, 'apiMessages'),
        validation: readLocale(language, 'validation'),
      },
    ]),
  );
});

describe('API message keys (locales/<lng>/apiMessages.json, validation.json)', () => {
  it('finds the modules that define messages and the keys they define', () => {
    expect(modules.length).toBeGreaterThanOrEqual(10);
    const keys = [...definedApiMessages().keys()];
    expect(keys.length).toBeGreaterThan(100);
    for (const key of [
      'errors.default',
      'notFound.product',
      'access.roleCreated',
      'access.grantBeyondYours',
      'access.invitationSent',
      'suppliers.created',
      'supplierSync.synced',
      'connector.httpStatus',
      'products.created',
      'tariffs.imported',
      'stock.transitionRefused',
      'currencies.baseCurrency',
      'exchangeRates.imported',
      'exchangeRates.missingRate',
      'releases.notPublished',
    ]) {
      expect(keys).toContain(key);
    }
  });

  it('has a text for every key the API can send in en, ja, de and th', () => {
    expect(missingTexts(definedApiMessages(), locales)).toEqual([]);
  });

  it('has a text for every validation key in en, ja, de and th', () => {
    const catalogue = new Map(VALIDATION_KEYS.map((key) => [`validation.${key}`, key]));
    const missing = missingTexts(catalogue, locales).filter(
      (line) => !line.startsWith('en differs'),
    );
    expect(missing).toEqual([]);
  });

  it('fails for a key a language lacks, and for English worded differently', () => {
    const catalogue = new Map<string, ApiMessageTemplate>([
      ['suppliers.created', 'Supplier created.'],
      ['suppliers.brandNew', 'A text nobody translated yet.'],
      ['suppliers.updated', 'Supplier changed.'],
      ['exchangeRates.imported', { one: '{{count}} rate.', other: '{{count}} rates.' }],
    ]);
    expect(missingTexts(catalogue, locales)).toEqual([
      'en: suppliers.brandNew',
      'ja: suppliers.brandNew',
      'de: suppliers.brandNew',
      'th: suppliers.brandNew',
      'en differs: suppliers.updated',
      'en differs: exchangeRates.imported_one',
      'en differs: exchangeRates.imported_other',
    ]);
  });

  it('renders the English text from the key and params, as the locale words it', () => {
    const english = locales.en?.apiMessages ?? {};
    const error = new SupplierError('http', 502);
    expect(error.apiMessage).toEqual({
      key: 'connector.httpStatus',
      params: { status: 502 },
      text: 'The supplier answered with an error. Try again later. (HTTP 502)',
    });
    expect(interpolate(lookup(english, error.apiMessage.key) as string, { status: 502 })).toBe(
      error.message,
    );
    const kinds: SupplierErrorKind[] = ['timeout', 'unreachable', 'malformed', 'unsupported'];
    for (const kind of kinds) {
      expect(new SupplierError(kind).apiMessage.key).toBe(`connector.${kind}`);
    }
  });

  it('puts the key beside the English text in error bodies', () => {
    expect(new NotFoundError('Stock item').toBody()).toEqual({
      errors: [{ message: 'Stock item not found', code: 'NOT_FOUND', key: 'notFound.stockItem' }],
      errorMessage: 'Stock item not found',
      errorMessageKey: 'notFound.stockItem',
    });
    const invalid = new ValidationError([
      {
        field: 'iccid',
        message: {
          key: 'validation.required',
          params: { name: 'iccid' },
          text: 'ICCID is required.',
        },
      },
      { message: ERROR_MESSAGES.invalidRequest },
    ]).toBody();
    expect(invalid.errorMessageKey).toBe('validation.required');
    expect(invalid.errorMessageParams).toEqual({ name: 'iccid' });
    expect(invalid.errors[1]).toEqual({
      message: 'The request is not valid.',
      code: 'VALIDATION_FAILED',
      key: 'errors.invalidRequest',
    });
  });
});
