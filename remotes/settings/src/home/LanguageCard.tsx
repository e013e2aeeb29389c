import { Card, Segmented, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '@esim/platform';
import { LANGUAGES, resolveLanguage, type Language } from '@esim/utils';

/** Each language named in itself, whatever the current interface language. */
const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  ja: '日本語',
  de: 'Deutsch',
  th: 'ไทย',
};

/** The console's language: the same setting as the header's switch (kept in this browser). */
export function LanguageCard() {
  const { t, i18n } = useTranslation('settings');
  const current = resolveLanguage(i18n.resolvedLanguage ?? i18n.language);
  return (
    <Card title={t('language.title')} data-testid="settings-language">
      <Typography.Paragraph type="secondary">{t('language.description')}</Typography.Paragraph>
      <Segmented<Language>
        aria-label={t('language.title')}
        value={current}
        onChange={(language) => void changeLanguage(language)}
        options={LANGUAGES.map((language) => ({
          value: language,
          label: (
            <span lang={language} data-testid={`settings-language-${language}`}>
              {LANGUAGE_NAMES[language]}
            </span>
          ),
        }))}
      />
    </Card>
  );
}
