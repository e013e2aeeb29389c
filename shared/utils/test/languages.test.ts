import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  LANGUAGE_STORAGE_KEY,
  isSupportedLanguage,
  resolveLanguage,
} from '../src';

describe('languages', () => {
  it('are English (default), Japanese, German and Thai', () => {
    expect(LANGUAGES).toEqual(['en', 'ja', 'de', 'th']);
    expect(DEFAULT_LANGUAGE).toBe('en');
    expect(LANGUAGE_STORAGE_KEY).toBe('i18nextLng');
  });

  it('resolve a stored or browser value to a supported language', () => {
    expect(resolveLanguage('ja')).toBe('ja');
    expect(resolveLanguage('ja-JP')).toBe('ja');
    expect(resolveLanguage('TH_th')).toBe('th');
    expect(resolveLanguage('fr')).toBe('en');
    expect(resolveLanguage(null)).toBe('en');
    expect(isSupportedLanguage('de')).toBe(true);
    expect(isSupportedLanguage('de-AT')).toBe(false);
  });
});
