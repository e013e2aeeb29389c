import type { i18n } from 'i18next';
import { DEFAULT_LANGUAGE, resolveLanguage, type Language } from '@esim/utils';
import type { LocaleJson, LocaleLoader } from './types';

/** One dynamic import per language, so each language is its own chunk of the remote. */
export type LocaleImports = Record<Language, () => Promise<{ default: LocaleJson }>>;

/**
 * The remote's './locales' function: (lng) => Promise<namespace JSON>. 'ja-JP' reads 'ja';
 * a language the console does not support reads English.
 */
export function createLocaleLoader(imports: LocaleImports): LocaleLoader {
  return async (language) => {
    const module = await imports[resolveLanguage(language)]();
    return module.default;
  };
}

/**
 * Puts a remote's own namespace into i18next, once per language (and English, the fallback).
 * The remote's copy wins over any copy the host may hold, so a newer remote version brings
 * its new texts with it.
 */
export function createNamespaceLoader(namespace: string, loadLocale: LocaleLoader) {
  const loaded = new Set<Language>();
  const pending = new Map<Language, Promise<void>>();

  const loadOne = (instance: i18n, language: Language): Promise<void> => {
    if (loaded.has(language)) return Promise.resolve();
    let loading = pending.get(language);
    if (!loading) {
      loading = loadLocale(language)
        .then((json) => {
          instance.addResourceBundle(language, namespace, json, true, true);
          loaded.add(language);
        })
        .finally(() => pending.delete(language));
      pending.set(language, loading);
    }
    return loading;
  };

  return {
    /** True once the namespace for this language came from the remote's own files. */
    has: (language: string): boolean => loaded.has(resolveLanguage(language)),
    /** Loads the namespace for the language and for English (i18next's fallback). */
    ensure: async (instance: i18n, language: string): Promise<void> => {
      const resolved = resolveLanguage(language);
      await Promise.all(
        [...new Set([resolved, DEFAULT_LANGUAGE])].map((lng) => loadOne(instance, lng)),
      );
    },
  };
}

export type NamespaceLoader = ReturnType<typeof createNamespaceLoader>;
