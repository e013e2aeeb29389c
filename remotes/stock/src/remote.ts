import { defineRemote } from '@esim/remote-kit';

/** This remote: name and version of the build (webpack DefinePlugin) and its locale files. */
export const remote = defineRemote({
  name: __REMOTE_NAME__,
  version: __REMOTE_VERSION__,
  locales: {
    en: () => import('@esim/locales/en/stock.json'),
    ja: () => import('@esim/locales/ja/stock.json'),
    de: () => import('@esim/locales/de/stock.json'),
    th: () => import('@esim/locales/th/stock.json'),
  },
});
