import { defineRemote } from '@esim/remote-kit';

/** This remote: name and version of the build (webpack DefinePlugin) and its locale files. */
export const remote = defineRemote({
  name: __REMOTE_NAME__,
  version: __REMOTE_VERSION__,
  locales: {
    en: () => import('@esim/locales/en/tariffs.json'),
    ja: () => import('@esim/locales/ja/tariffs.json'),
    de: () => import('@esim/locales/de/tariffs.json'),
    th: () => import('@esim/locales/th/tariffs.json'),
  },
});
