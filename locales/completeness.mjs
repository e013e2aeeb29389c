/**
 * Locale completeness check shared by check-complete.mjs (CLI, `pnpm --filter @esim/locales
 * typecheck`) and locales/test/complete.test.ts.
 *
 * en is the reference: every key of every locales/en/<namespace>.json must exist, non-empty, in
 * the same namespace file of every other language. Plural groups need every form English has AND
 * every form of the language's own plural categories (Intl.PluralRules, the way i18next resolves
 * them): English `item_one` + `item_other` need both in every language (Japanese and Thai only
 * ever use `_other`, but the files keep the same keys as the reference), and a language with more
 * categories (`_few`, `_many`) needs those too.
 * Every *.json file of every language must parse and hold a JSON object.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const REFERENCE_LANGUAGE = 'en';
export const TARGET_LANGUAGES = ['ja', 'de', 'th'];

const PLURAL_SUFFIX = /^(.*?)_(ordinal_)?(zero|one|two|few|many|other)$/;

/** Flattens nested namespace JSON into dotted keys -> leaf values (arrays by index). */
export function flattenKeys(value, prefix = '', into = new Map()) {
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      flattenKeys(child, prefix === '' ? key : `${prefix}.${key}`, into);
    }
  } else if (prefix !== '') {
    into.set(prefix, value);
  }
  return into;
}

function isEmpty(value) {
  return (
    value === null || value === undefined || (typeof value === 'string' && value.trim() === '')
  );
}

function jsonFiles(dir) {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort();
}

function readNamespace(path) {
  try {
    const data = JSON.parse(readFileSync(path, 'utf8'));
    if (data === null || typeof data !== 'object' || Array.isArray(data)) {
      return { error: 'must contain a JSON object' };
    }
    return { data };
  } catch (error) {
    return { error: `invalid JSON (${error instanceof Error ? error.message : String(error)})` };
  }
}

/**
 * The keys a language needs for the reference keys: plain keys as they are, plural groups with
 * the reference's own forms plus the language's plural categories (`_zero` only when the
 * reference uses it, since i18next treats `_zero` as an optional override in every language).
 * Returns Map<requiredKey, referenceValue>.
 */
export function requiredKeysFor(referenceKeys, language) {
  const required = new Map();
  const groups = new Map();
  for (const [key, value] of referenceKeys) {
    const match = PLURAL_SUFFIX.exec(key);
    const ordinal = match?.[2] !== undefined;
    const otherKey = match ? `${match[1]}_${ordinal ? 'ordinal_' : ''}other` : undefined;
    if (match && referenceKeys.has(otherKey)) {
      const groupKey = `${match[1]}\u0000${ordinal}`;
      const group = groups.get(groupKey) ?? {
        base: match[1],
        ordinal,
        zero: undefined,
        other: undefined,
        forms: [],
      };
      if (match[3] !== 'zero' || ordinal) group.forms.push(match[3]);
      if (match[3] === 'zero' && !ordinal) group.zero = value;
      if (match[3] === 'other') group.other = value;
      groups.set(groupKey, group);
    } else {
      required.set(key, value);
    }
  }
  for (const group of groups.values()) {
    const type = group.ordinal ? 'ordinal' : 'cardinal';
    const categories = new Intl.PluralRules(language, { type }).resolvedOptions().pluralCategories;
    const infix = group.ordinal ? 'ordinal_' : '';
    for (const category of new Set([...group.forms, ...categories]))
      required.set(`${group.base}_${infix}${category}`, group.other);
    if (group.zero !== undefined) required.set(`${group.base}_zero`, group.zero);
  }
  return required;
}

/**
 * Checks a locales directory. Returns the namespaces found in the reference language and the
 * problems: { kind: 'parse' | 'missingFile' | 'missingKey' | 'emptyKey' | 'noNamespaces',
 * language, namespace?, key?, detail? }.
 */
export function checkCompleteness(
  localesDir,
  { reference = REFERENCE_LANGUAGE, languages = TARGET_LANGUAGES } = {},
) {
  const problems = [];
  const parsed = new Map(); // `${language}/${file}` -> data

  for (const language of [reference, ...languages]) {
    for (const file of jsonFiles(join(localesDir, language))) {
      const result = readNamespace(join(localesDir, language, file));
      if (result.error) {
        problems.push({ kind: 'parse', language, namespace: file, detail: result.error });
      } else {
        parsed.set(`${language}/${file}`, result.data);
      }
    }
  }

  const namespaces = jsonFiles(join(localesDir, reference));
  if (namespaces.length === 0) {
    problems.push({ kind: 'noNamespaces', language: reference });
  }

  for (const file of namespaces) {
    const referenceData = parsed.get(`${reference}/${file}`);
    if (!referenceData) continue; // its parse error is already reported
    const referenceKeys = flattenKeys(referenceData);
    for (const language of languages) {
      const path = join(localesDir, language, file);
      if (!existsSync(path)) {
        problems.push({ kind: 'missingFile', language, namespace: file });
      } else if (!parsed.has(`${language}/${file}`)) {
        continue; // unparsable: reported above, keys cannot be compared
      }
      const keys = flattenKeys(parsed.get(`${language}/${file}`) ?? {});
      for (const [key, referenceValue] of requiredKeysFor(referenceKeys, language)) {
        if (!keys.has(key)) {
          problems.push({ kind: 'missingKey', language, namespace: file, key });
        } else if (isEmpty(keys.get(key)) && !isEmpty(referenceValue)) {
          problems.push({ kind: 'emptyKey', language, namespace: file, key });
        }
      }
    }
  }

  return { namespaces, problems };
}

/** One line per problem, e.g. `ja/common.json: missing key "menu.home"`. */
export function formatProblem(problem) {
  const where = `${problem.language}/${problem.namespace ?? ''}`;
  switch (problem.kind) {
    case 'parse':
      return `${where}: ${problem.detail}`;
    case 'missingFile':
      return `${where}: file missing (every key below is missing)`;
    case 'missingKey':
      return `${where}: missing key "${problem.key}"`;
    case 'emptyKey':
      return `${where}: empty value for key "${problem.key}"`;
    case 'noNamespaces':
      return `${problem.language}/: no namespace files (*.json) found in the reference language`;
    default:
      return `${where}: ${problem.kind}`;
  }
}
