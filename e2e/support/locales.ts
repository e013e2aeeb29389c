import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './env';

export const LANGUAGES = ['en', 'ja', 'de', 'th'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Reads one translated text, e.g. text('ja', 'common', 'menu.suppliers'). */
export function text(language: Language, namespace: string, key: string): string {
  const file = path.join(REPO_ROOT, 'locales', language, `${namespace}.json`);
  const value = key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown>)[part],
      JSON.parse(fs.readFileSync(file, 'utf8')),
    );
  if (typeof value !== 'string') throw new Error(`${language}/${namespace}: no text at ${key}`);
  return value;
}
