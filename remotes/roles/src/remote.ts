import { defineRemote } from '@esim/remote-kit';

/** This remote: name and version of the build (webpack DefinePlugin) and its locale files. */
export const remote = defineRemote({
  name: __REMOTE_NAME__,
  version: __REMOTE_VERSION__,
  locales: {
    en: () => import('@esim/locales/en/roles.json'),
    ja: () => import('@esim/locales/ja/roles.json'),
    de: () => import('@esim/locales/de/roles.json'),
    th: () => import('@esim/locales/th/roles.json'),
  },
});
