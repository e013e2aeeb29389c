import { remote } from './remote';

/** The './locales' expose: (lng) => Promise<the 'stock' namespace JSON>. */
export const loadLocale = remote.loadLocale;
export default loadLocale;
