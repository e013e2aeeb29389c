import type { Language } from '@esim/utils';

/** Each language named in itself, whatever the current interface language. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  ja: '日本語',
  de: 'Deutsch',
  th: 'ไทย',
};
