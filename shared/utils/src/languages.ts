/** Interface languages (spec section 1); English is the default. */
export const LANGUAGES = ['en', 'ja', 'de', 'th'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Browser storage key of the chosen language (i18next-browser-languagedetector's default). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

export function isSupportedLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The language to start with from a stored or browser value: 'ja' and 'ja-JP' -> 'ja';
 * anything unsupported or missing -> the default language.
 */
export function resolveLanguage(value: string | null | undefined): Language {
  const base = value?.trim().toLowerCase().split(/[-_]/)[0];
  return isSupportedLanguage(base) ? base : DEFAULT_LANGUAGE;
}
