import fs from 'node:fs';
import path from 'node:path';
import {
  VALIDATION_KEYS,
  decodeMessage,
  interpolate,
  type ApiMessage,
  type MessageParams,
} from '@esim/contracts';
import { safeParse, type BaseIssue, type GenericSchema } from 'valibot';
import { repoRoot } from '../config';
import type { FieldError } from './errors';

export interface MessageCatalog {
  /** validation key -> English template ('{{name}} is required.'). */
  validation: Record<string, string>;
  /** field key -> English label (common:fields.*). */
  fields: Record<string, string>;
}

function readJson(file: string): Record<string, unknown> {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

function stringsOf(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (value && typeof value === 'object') {
    for (const [key, text] of Object.entries(value)) if (typeof text === 'string') out[key] = text;
  }
  return out;
}

export const EN_LOCALE_DIR = path.join(repoRoot, 'locales', 'en');

/**
 * Reads locales/en/validation.json and common.json (fields.*): the spec's wording lives there once
 * (docs/decisions/0002). The locales folder must ship with the API (it is read at run time).
 */
export function loadEnglishCatalog(dir: string = EN_LOCALE_DIR): MessageCatalog {
  const validation = stringsOf(readJson(path.join(dir, 'validation.json')));
  const fields = stringsOf(readJson(path.join(dir, 'common.json')).fields);
  return { validation, fields };
}

/** Validation keys the catalog has no English text for (reported at start). */
export function missingValidationTexts(catalog: MessageCatalog): string[] {
  return VALIDATION_KEYS.filter((key) => catalog.validation[key] === undefined);
}

/**
 * An encoded validation message (`key` or `key|{json}`) as the API sends it: key
 * `validation.<key>`, the params as encoded (a `name` param stays a field key, the console
 * translates it through common:fields.<name>), the text in English (`name` = the field's English
 * label). Text that is not a known key (a valibot default message) keeps its text under the
 * generic key errors.invalidRequest.
 */
export function validationMessage(catalog: MessageCatalog, message: string): ApiMessage {
  const { key, params } = decodeMessage(message);
  const template = catalog.validation[key];
  if (template === undefined) return { key: 'errors.invalidRequest', text: message };
  const resolved: MessageParams = { ...params };
  if (typeof params.name === 'string') resolved.name = catalog.fields[params.name] ?? params.name;
  return {
    key: `validation.${key}`,
    ...(Object.keys(params).length > 0 ? { params } : {}),
    text: interpolate(template, resolved),
  };
}

/** An encoded validation message in English (validationMessage's text). */
export function renderMessage(catalog: MessageCatalog, message: string): string {
  return validationMessage(catalog, message).text;
}

export function issuePath(issue: BaseIssue<unknown>): string | undefined {
  const keys = (issue.path ?? []).map((item) => String(item.key));
  return keys.length > 0 ? keys.join('.') : undefined;
}

type SchemaNode = {
  type?: string;
  entries?: Record<string, SchemaNode>;
  item?: SchemaNode;
  value?: SchemaNode;
  wrapped?: SchemaNode;
};
const WRAPPERS = new Set([
  'optional',
  'exact_optional',
  'nullable',
  'nullish',
  'non_optional',
  'non_nullable',
  'non_nullish',
]);
const OBJECTS = new Set(['object', 'strict_object', 'loose_object', 'object_with_rest']);

/** The schema of the entry at `keys` inside `root` (a piped schema carries its root's properties). */
function schemaAt(root: SchemaNode, keys: readonly unknown[]): SchemaNode | undefined {
  let current: SchemaNode | undefined = root;
  for (const key of keys) {
    while (current?.type && WRAPPERS.has(current.type)) current = current.wrapped;
    if (!current?.type) return undefined;
    if (OBJECTS.has(current.type)) current = current.entries?.[String(key)];
    else if (current.type === 'array') current = current.item;
    else if (current.type === 'record') current = current.value;
    else return undefined;
  }
  return current;
}

/**
 * valibot reports a missing object key with the object's generic "Invalid key" issue. The field's
 * own schema knows the right text ('{{name}} is required.'): ask it, as the form would for an empty value.
 */
function messageOf(issue: BaseIssue<unknown>, root: GenericSchema | undefined): string {
  const missingKey =
    root !== undefined &&
    issue.kind === 'schema' &&
    OBJECTS.has(issue.type) &&
    issue.received === 'undefined' &&
    (issue.path?.length ?? 0) > 0;
  if (!missingKey) return issue.message;
  const entry = schemaAt(
    root as SchemaNode,
    (issue.path ?? []).map((item) => item.key),
  );
  if (!entry) return issue.message;
  const result = safeParse(entry as GenericSchema, undefined);
  return result.success ? issue.message : (result.issues[0]?.message ?? issue.message);
}

/**
 * One error per field (its first issue), rendered in English, field = the issue path.
 * `schema` is the schema that produced the issues (to word missing keys like empty ones).
 */
export function issuesToFieldErrors(
  catalog: MessageCatalog,
  issues: readonly BaseIssue<unknown>[],
  schema?: GenericSchema,
): FieldError[] {
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const issue of issues) {
    const field = issuePath(issue);
    const dedupeKey = field ?? '';
    if (seen.has(dedupeKey)) continue;
    seen.add(dedupeKey);
    errors.push({
      message: validationMessage(catalog, messageOf(issue, schema)),
      ...(field ? { field } : {}),
    });
  }
  return errors;
}
