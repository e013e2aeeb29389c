import { remote } from './remote';

/** The './locales' expose: (lng) => Promise<the 'roles' namespace JSON>. */
export const loadLocale = remote.loadLocale;
export default loadLocale;
