import { useEffect, useState, type ReactNode } from 'react';
import { App as AntdApp, ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
// antd's own default (ConfigProvider imports it too): no extra download.
import enUS from 'antd/es/locale/en_US';
import { useTranslation } from 'react-i18next';
import { resolveLanguage } from '@esim/utils';
import { loadAntdLocale } from './antd-locale';

/** The console's theme: antd defaults with the brand colour. */
const THEME = { token: { colorPrimary: '#1677ff', borderRadius: 6 } };

/**
 * The ONE antd ConfigProvider + App of the console (remotes render inside it): theme and the
 * antd locale of the current interface language.
 *
 * The locale is never undefined: ConfigProvider wraps its children in a LocaleProvider only when
 * it has one, so going from none to the loaded locale remounted the whole signed-in shell (every
 * area screen mounted twice and the release document request was aborted on each page load).
 */
export function AntdRoot({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = resolveLanguage(i18n.resolvedLanguage ?? i18n.language);
  const [locale, setLocale] = useState<Locale>(enUS);

  useEffect(() => {
    let current = true;
    loadAntdLocale(language).then(
      (loaded) => current && setLocale(loaded),
      (error: unknown) => console.warn(`antd locale '${language}' could not be loaded:`, error),
    );
    return () => {
      current = false;
    };
  }, [language]);

  return (
    <ConfigProvider locale={locale} theme={THEME}>
      <AntdApp>{children}</AntdApp>
    </ConfigProvider>
  );
}
