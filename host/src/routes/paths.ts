/**
 * The host's own paths. Every signed-in route belongs to a remote and comes from its route
 * manifest (remotes/<area>/src/manifest.ts, read at start: remotes/route-manifests.ts); only the
 * public sign-in screens and the home redirect live here.
 */

/** Public sign-in routes. */
export const LOGIN_PATH = '/admin/auth/login';
export const OTP_PATH = '/admin/auth/otp';
/** Where '/' and the no-permission dialog lead. */
export const HOME_PATH = '/dashboard';
