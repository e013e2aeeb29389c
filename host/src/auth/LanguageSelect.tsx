import { useTranslation } from 'react-i18next';
import { changeLanguage } from '@esim/platform';
import { LANGUAGES, resolveLanguage, type Language } from '@esim/utils';

/** Each language named in itself, whatever the current interface language. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  ja: '日本語',
  de: 'Deutsch',
  th: 'ไทย',
};

/** Lean language switch of the sign-in screens (a native select). */
export function LanguageSelect() {
  const { t, i18n } = useTranslation('common');
  const current = resolveLanguage(i18n.resolvedLanguage ?? i18n.language);
  return (
    <select
      className="esim-select"
      aria-label={t('language.label')}
      data-testid="language-switch"
      value={current}
      onChange={(event) => void changeLanguage(resolveLanguage(event.target.value))}
    >
      {LANGUAGES.map((language) => (
        <option key={language} value={language} lang={language}>
          {LANGUAGE_NAMES[language]}
        </option>
      ))}
    </select>
  );
}
