import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  LANGUAGE_STORAGE_KEY,
  TRANSLATION_LOAD_MAX_PARALLEL_READS,
  TRANSLATION_LOAD_MAX_RETRIES,
  resolveLanguage,
  type Language,
} from '@esim/utils';
import { localeBackend } from './locale-backend';

/** Namespaces every screen may use; areas add theirs (loadNamespaces / useTranslation). */
export const BASE_NAMESPACES = ['common', 'auth', 'validation', 'ui'] as const;
export const DEFAULT_NAMESPACE = 'common';

export interface InitI18nOptions {
  /** Namespaces to load before the first render (default: common and auth). */
  namespaces?: string[];
  /** Language to start with (default: the stored choice, else English). */
  language?: Language;
}

/** The stored language choice, or English. */
export function storedLanguage(): Language {
  try {
    return resolveLanguage(localStorage.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function rememberLanguage(language: string): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    /* storage unavailable */
  }
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

let initializing: Promise<i18n> | undefined;

/**
 * Starts i18next (the shared singleton instance, so remotes' useTranslation sees the same
 * one): en (default), ja, de, th; namespace 'common' by default; files loaded lazily from
 * @esim/locales; up to 5 retries and 10 parallel reads.
 */
export function initI18n(options: InitI18nOptions = {}): Promise<i18n> {
  initializing ??= (async () => {
    const language = options.language ?? storedLanguage();
    await i18next
      .use(localeBackend)
      .use(initReactI18next)
      .init({
        lng: language,
        fallbackLng: DEFAULT_LANGUAGE,
        supportedLngs: [...LANGUAGES],
        load: 'currentOnly',
        ns: options.namespaces ?? ['common', 'auth'],
        defaultNS: DEFAULT_NAMESPACE,
        fallbackNS: false,
        interpolation: { escapeValue: false },
        returnNull: false,
        maxRetries: TRANSLATION_LOAD_MAX_RETRIES,
        maxParallelReads: TRANSLATION_LOAD_MAX_PARALLEL_READS,
        react: { useSuspense: true },
        showSupportNotice: false,
      });
    rememberLanguage(i18next.language);
    i18next.on('languageChanged', rememberLanguage);
    return i18next;
  })();
  return initializing;
}

/** Switches the interface language (stored for the next start). */
export async function changeLanguage(language: Language): Promise<void> {
  await i18next.changeLanguage(language);
}

/** The current interface language. */
export function currentLanguage(): Language {
  return resolveLanguage(i18next.resolvedLanguage ?? i18next.language);
}

export { i18next };
