import { getRuntimeConfig } from '@esim/platform';

/**
 * Where to open the console when this page is not at the origin the server is configured for
 * (PUBLIC_URL): the same path there. null when any origin will do (embedded default, no
 * PUBLIC_URL) or the page already is at it. Sign-in at another origin would fail: the identity
 * endpoint, the security policy and the remote store all name that origin.
 */
export function consoleUrlElsewhere(
  publicUrl: string | null | undefined,
  page: Pick<Location, 'origin' | 'pathname' | 'search'>,
): string | null {
  if (!publicUrl) return null;
  let target: URL;
  try {
    target = new URL(publicUrl);
  } catch {
    return null;
  }
  if (target.origin === page.origin) return null;
  return new URL(`${page.pathname}${page.search}`, target.origin).href;
}

/** consoleUrlElsewhere for this page and the loaded /config.json (null before it is loaded). */
export function thisPageElsewhere(): string | null {
  let publicUrl: string | null | undefined;
  try {
    publicUrl = getRuntimeConfig().publicUrl;
  } catch {
    return null;
  }
  return consoleUrlElsewhere(publicUrl, window.location);
}
