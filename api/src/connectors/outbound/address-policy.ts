/**
 * Which addresses an outbound call to a supplier may reach: public unicast only. Loopback,
 * private, link-local (169.254.169.254, the cloud metadata service), unique-local, CGNAT,
 * multicast, unspecified (0.0.0.0, ::) and every other special range are refused, IPv4-mapped
 * IPv6 (::ffff:127.0.0.1) judged as its IPv4 address, unless an allow-list entry names it.
 */
import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

export interface AllowRule {
  /** The range ([address, prefix length]); a single address has the full prefix. */
  range: [Address, number];
  /** Only this port; undefined = any port. */
  port: number | undefined;
}

/** ::ffff:a.b.c.d is a.b.c.d. */
function normalise(address: Address): Address {
  return address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()
    ? (address as ipaddr.IPv6).toIPv4Address()
    : address;
}

function parsePort(text: string, entry: string): number {
  const port = Number(text);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`Outbound allow-list entry "${entry}": invalid port`);
  }
  return port;
}

/** One entry: `10.0.0.0/8`, `192.0.2.7`, `127.0.0.1:3199`, `::1`, `[::1]:8080`, `fd00::/8`. */
export function parseAllowRule(entry: string): AllowRule {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):(\d+)$/.exec(entry);
  const [host, portText] = bracketed
    ? [bracketed[1]!, bracketed[2]]
    : v4WithPort
      ? [v4WithPort[1]!, v4WithPort[2]]
      : [entry, undefined];
  const port = portText === undefined ? undefined : parsePort(portText, entry);
  try {
    if (host.includes('/')) {
      return { range: ipaddr.parseCIDR(host), port };
    }
    const address = normalise(ipaddr.parse(host));
    return { range: [address, address.kind() === 'ipv4' ? 32 : 128], port };
  } catch {
    throw new Error(`Outbound allow-list entry "${entry}": not an IP address or CIDR range`);
  }
}

export function parseAllowList(entries: readonly string[]): AllowRule[] {
  return entries.map(parseAllowRule);
}

/** A literal IP address (URL host without brackets), or null for a host name. */
export function parseIp(host: string): Address | null {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  return ipaddr.isValid(bare) ? ipaddr.parse(bare) : null;
}

/** Public unicast: the only kind of address reachable without an allow-list entry. */
export function isPublicAddress(address: Address): boolean {
  return normalise(address).range() === 'unicast';
}

/** May a call go to this address and port? */
export function isAddressAllowed(
  address: Address | string,
  port: number,
  rules: readonly AllowRule[],
): boolean {
  const parsed = normalise(typeof address === 'string' ? ipaddr.parse(address) : address);
  if (isPublicAddress(parsed)) return true;
  return rules.some(
    (rule) =>
      (rule.port === undefined || rule.port === port) &&
      rule.range[0].kind() === parsed.kind() &&
      parsed.match(rule.range as [typeof parsed, number]),
  );
}
