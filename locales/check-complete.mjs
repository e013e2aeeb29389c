#!/usr/bin/env node
/**
 * Fails (exit 1) when a key of locales/en/*.json is missing or empty in ja, de or th, or when
 * a locale file does not parse. Usage: node locales/check-complete.mjs [localesDir]
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  REFERENCE_LANGUAGE,
  TARGET_LANGUAGES,
  checkCompleteness,
  formatProblem,
} from './completeness.mjs';

const localesDir = resolve(process.argv[2] ?? dirname(fileURLToPath(import.meta.url)));
const { namespaces, problems } = checkCompleteness(localesDir);
const languages = [REFERENCE_LANGUAGE, ...TARGET_LANGUAGES].join(', ');

if (problems.length > 0) {
  console.error(`Locales incomplete (${localesDir}), ${problems.length} problem(s):`);
  for (const problem of problems) console.error(`  ${formatProblem(problem)}`);
  process.exit(1);
}
console.log(`Locales complete: ${namespaces.length} namespace(s) in ${languages}.`);
