/** An i18next instance over the real locale files (every namespace found in locales/<lang>/). */
import i18next, { type i18n } from 'i18next';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { initReactI18next } from 'react-i18next';

// Path arithmetic, not new URL(): in jsdom URL resolves against http://localhost.
const LOCALES_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../locales');
export const LANGUAGES = ['en', 'ja', 'de', 'th'] as const;

export function readNamespace(language: string, namespace: string): Record<string, unknown> {
  return JSON.parse(
    readFileSync(join(LOCALES_DIR, language, `${namespace}.json`), 'utf8'),
  ) as Record<string, unknown>;
}

function loadResources() {
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const language of LANGUAGES) {
    resources[language] = {};
    for (const file of readdirSync(join(LOCALES_DIR, language))) {
      if (file.endsWith('.json'))
        resources[language][file.slice(0, -5)] = readNamespace(language, file.slice(0, -5));
    }
  }
  return resources;
}

export async function createTestI18n(language: string = 'en'): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    ns: ['ui', 'validation', 'common'],
    defaultNS: 'ui',
    resources: loadResources(),
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  return instance;
}
