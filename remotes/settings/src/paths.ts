/** The settings area's routes (manifest.ts) as links. */
export const SETTINGS_PATH = '/settings';
export const RELEASES_PATH = '/settings/releases';
export const NOTICES_PATH = '/settings/notifications';
