/**
 * fetch for calls to suppliers: every address the host name resolves to is checked at connect
 * time (so a DNS answer that changes after a check cannot slip through), literal IPs before the
 * call, and redirects are never followed (a 3xx is returned as it is).
 */
import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import { Agent, fetch as undiciFetch } from 'undici';
import { isAddressAllowed, parseIp, type AllowRule } from './address-policy';
import { OutboundBlockedError, portOf } from './errors';

function guardedLookup(port: number, rules: readonly AllowRule[]): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const refused =
        addresses.length === 0 ||
        addresses.some((entry) => !isAddressAllowed(entry.address, port, rules));
      if (refused) return callback(new OutboundBlockedError(), '', 0);
      if (options.all) {
        (callback as unknown as (e: null, all: dns.LookupAddress[]) => void)(null, addresses);
        return;
      }
      const [first] = addresses as [dns.LookupAddress];
      callback(null, first.address, first.family);
    });
  };
}

export type OutboundFetch = typeof fetch;

/** A fetch that only reaches public addresses and the allow-listed ones. */
export function createOutboundFetch(rules: readonly AllowRule[]): OutboundFetch {
  const agents = new Map<number, Agent>();
  function agentFor(port: number): Agent {
    let agent = agents.get(port);
    if (!agent) {
      agent = new Agent({ connect: { lookup: guardedLookup(port, rules) } });
      agents.set(port, agent);
    }
    return agent;
  }
  const outbound = async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundBlockedError();
    const port = portOf(url);
    // Connecting to a literal IP does not resolve anything: checked here.
    const literal = parseIp(url.hostname);
    if (literal && !isAddressAllowed(literal, port, rules)) throw new OutboundBlockedError();
    const response = await undiciFetch(url, {
      ...(init as Parameters<typeof undiciFetch>[1]),
      redirect: 'manual',
      dispatcher: agentFor(port),
    });
    return response as unknown as Response;
  };
  return outbound as OutboundFetch;
}
