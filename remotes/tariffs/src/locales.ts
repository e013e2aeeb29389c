import { remote } from './remote';

/** The './locales' expose: (lng) => Promise<the 'tariffs' namespace JSON>. */
export const loadLocale = remote.loadLocale;
export default loadLocale;
