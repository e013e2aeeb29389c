import { afterAll, describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '@esim/utils';
import {
  changeLanguage,
  currentLanguage,
  getFormatters,
  i18next,
  initI18n,
  registerNamespaceLoader,
  storedLanguage,
} from '../src/index';

afterAll(() => localStorage.clear());

describe('i18n bootstrap', () => {
  it('starts in the stored language, loads common and auth lazily, and persists a change', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'de');
    expect(storedLanguage()).toBe('de');
    await initI18n();
    expect(currentLanguage()).toBe('de');
    expect(i18next.t('common:errors.default')).toBe(
      'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.',
    );
    expect(i18next.options.maxRetries).toBe(5);
    expect(i18next.options.maxParallelReads).toBe(10);
    expect(i18next.options.defaultNS).toBe('common');

    await changeLanguage('ja');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ja');
    expect(document.documentElement.lang).toBe('ja');
    expect(i18next.t('auth:errors.accountNotFound')).toBe(
      'アカウントが存在しません。別のメールアドレスをお試しください',
    );

    await changeLanguage('en');
    expect(i18next.t('auth:errors.otpIncorrect', { count: 1 })).toBe(
      'OTP incorrect with 1 attempt left',
    );
    expect(i18next.t('auth:errors.otpIncorrect', { count: 2 })).toBe(
      'OTP incorrect with 2 attempts left',
    );
    await changeLanguage('de');
    expect(i18next.t('auth:errors.otpIncorrect', { count: 1 })).toBe(
      'Einmalpasswort falsch, noch 1 Versuch übrig',
    );
    await changeLanguage('th');
    expect(i18next.t('auth:errors.otpIncorrect', { count: 1 })).toBe(
      'รหัส OTP ไม่ถูกต้อง เหลืออีก 1 ครั้ง',
    );
    await changeLanguage('en');
  });

  it('lets a remote bring its own namespace', async () => {
    registerNamespaceLoader('demoArea', async (language) => ({ title: `demo in ${language}` }));
    await i18next.loadNamespaces('demoArea');
    expect(i18next.t('demoArea:title')).toBe('demo in en');
  });

  it('an unknown stored value falls back to English', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'xx');
    expect(storedLanguage()).toBe('en');
  });

  it('formats dates and numbers per language (Thai in the Gregorian calendar)', () => {
    expect(getFormatters('de').number(1234.5)).toBe('1.234,5');
    expect(getFormatters('en').number(1234.5)).toBe('1,234.5');
    expect(getFormatters('th').date('2025-03-04T00:00:00Z')).toContain('2025');
    expect(getFormatters('ja').date(new Date(2025, 2, 4))).toBe('2025年3月4日');
  });
});
