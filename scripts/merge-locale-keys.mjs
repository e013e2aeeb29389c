#!/usr/bin/env node
/**
 * Deep-merges keys into locales/<lang>/<namespace>.json for the four languages at once, so several
 * people can add keys to one namespace without rewriting each other's files.
 * Usage: node scripts/merge-locale-keys.mjs <namespace> <file.json>
 * file.json: { "en": {...}, "ja": {...}, "de": {...}, "th": {...} } — each the keys to add or replace.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const LANGUAGES = ['en', 'ja', 'de', 'th'];
const [namespace, inputPath] = process.argv.slice(2);
if (!namespace || !inputPath) {
  console.error('Usage: node scripts/merge-locale-keys.mjs <namespace> <file.json>');
  process.exit(2);
}
const input = JSON.parse(readFileSync(inputPath, 'utf8'));
const missing = LANGUAGES.filter((language) => !input[language]);
if (missing.length > 0) {
  console.error(`Missing languages in ${inputPath}: ${missing.join(', ')}`);
  process.exit(2);
}

function merge(target, source) {
  for (const [key, value] of Object.entries(source)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      if (!target[key] || typeof target[key] !== 'object') target[key] = {};
      merge(target[key], value);
    } else {
      target[key] = value;
    }
  }
  return target;
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'locales');
for (const language of LANGUAGES) {
  const file = resolve(root, language, `${namespace}.json`);
  const current = JSON.parse(readFileSync(file, 'utf8'));
  writeFileSync(file, `${JSON.stringify(merge(current, input[language]), null, 2)}\n`);
}
console.log(`Merged ${inputPath} into locales/*/${namespace}.json`);
