import dns from 'node:dns';
import { isAddressAllowed, parseIp, type AllowRule } from './address-policy';
import { portOf } from './errors';

/** How long a base URL check waits for DNS. */
const LOOKUP_TIMEOUT_MS = 3000;

/**
 * 'blocked': the URL is not http(s), or its host is or resolves to an address outbound calls may
 * not reach. 'unresolved': the name does not resolve now (allowed to be saved: every call checks
 * again when it connects). 'allowed': every address is public or allow-listed.
 */
export type OutboundUrlVerdict = 'allowed' | 'blocked' | 'unresolved';

export async function checkOutboundUrl(
  raw: string,
  rules: readonly AllowRule[],
): Promise<OutboundUrlVerdict> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'blocked';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'blocked';
  const port = portOf(url);
  const literal = parseIp(url.hostname);
  if (literal) return isAddressAllowed(literal, port, rules) ? 'allowed' : 'blocked';
  let timer: NodeJS.Timeout | undefined;
  try {
    const addresses = await Promise.race([
      dns.promises.lookup(url.hostname, { all: true }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('DNS timeout')), LOOKUP_TIMEOUT_MS);
      }),
    ]);
    if (addresses.length === 0) return 'unresolved';
    return addresses.every((entry) => isAddressAllowed(entry.address, port, rules))
      ? 'allowed'
      : 'blocked';
  } catch {
    return 'unresolved';
  } finally {
    clearTimeout(timer);
  }
}
