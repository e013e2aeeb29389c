import type { Locale } from 'antd/es/locale';
import dayjs from 'dayjs';
import type { Language } from '@esim/utils';

/** antd's and dayjs's texts for each interface language, loaded when first needed. */
const loaders: Record<Language, () => Promise<Locale>> = {
  en: async () => {
    await import(/* webpackChunkName: "dayjs-locale-en" */ 'dayjs/locale/en');
    return (await import(/* webpackChunkName: "antd-locale-en" */ 'antd/es/locale/en_US')).default;
  },
  ja: async () => {
    await import(/* webpackChunkName: "dayjs-locale-ja" */ 'dayjs/locale/ja');
    return (await import(/* webpackChunkName: "antd-locale-ja" */ 'antd/es/locale/ja_JP')).default;
  },
  de: async () => {
    await import(/* webpackChunkName: "dayjs-locale-de" */ 'dayjs/locale/de');
    return (await import(/* webpackChunkName: "antd-locale-de" */ 'antd/es/locale/de_DE')).default;
  },
  th: async () => {
    await import(/* webpackChunkName: "dayjs-locale-th" */ 'dayjs/locale/th');
    return (await import(/* webpackChunkName: "antd-locale-th" */ 'antd/es/locale/th_TH')).default;
  },
};

/** Loads antd's locale for a language and switches dayjs (date pickers) to it. */
export async function loadAntdLocale(language: Language): Promise<Locale> {
  const locale = await loaders[language]();
  dayjs.locale(language);
  return locale;
}
