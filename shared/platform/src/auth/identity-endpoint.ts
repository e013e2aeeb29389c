/**
 * The identity endpoint as Amplify needs it (an absolute URL): a path from /config.json
 * ('/identity', embedded default) is resolved against the origin the console is reached at, so
 * sign-in works at localhost, 127.0.0.1 or a LAN address alike; an absolute URL stays as it is.
 */
export function identityEndpointUrl(endpoint: string, pageOrigin: string): string {
  return new URL(endpoint, pageOrigin).href.replace(/\/+$/, '');
}
