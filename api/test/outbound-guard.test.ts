/**
 * The outbound guard for supplier calls: which addresses are refused, the allow-list, DNS names
 * checked address by address, and no redirect followed. Real sockets, no mocks.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OutboundBlockedError,
  checkOutboundUrl,
  createOutboundFetch,
  isAddressAllowed,
  parseAllowList,
  parseAllowRule,
} from '../src/connectors/outbound';

let server: http.Server;
let port: number;
let hits = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits += 1;
    if (req.url === '/redirect') {
      res.writeHead(302, { location: `http://127.0.0.1:${port}/elsewhere` });
      res.end();
      return;
    }
    res.end('hello');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('address policy', () => {
  it.each([
    '127.0.0.1',
    '127.9.9.9',
    '::1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '169.254.0.1',
    '0.0.0.0',
    '::',
    'fc00::1',
    'fd00:ec2::254',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:169.254.169.254',
    '::ffff:10.0.0.1',
    '100.64.0.1',
    '224.0.0.1',
    '255.255.255.255',
  ])('refuses %s', (address) => {
    expect(isAddressAllowed(address, 443, [])).toBe(false);
  });

  it.each(['8.8.8.8', '172.32.0.1', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'lets public %s through',
    (address) => {
      expect(isAddressAllowed(address, 443, [])).toBe(true);
    },
  );

  it('allows what the allow-list names: an address, a range, an address with its port', () => {
    const rules = parseAllowList(['10.20.0.0/16', '127.0.0.1:3199', '[::1]:8080', 'fd00::5']);
    expect(isAddressAllowed('10.20.3.4', 80, rules)).toBe(true);
    expect(isAddressAllowed('10.21.3.4', 80, rules)).toBe(false);
    expect(isAddressAllowed('127.0.0.1', 3199, rules)).toBe(true);
    expect(isAddressAllowed('::ffff:127.0.0.1', 3199, rules)).toBe(true);
    expect(isAddressAllowed('127.0.0.1', 3200, rules)).toBe(false);
    expect(isAddressAllowed('::1', 8080, rules)).toBe(true);
    expect(isAddressAllowed('::1', 80, rules)).toBe(false);
    expect(isAddressAllowed('fd00::5', 1, rules)).toBe(true);
  });

  it('rejects allow-list entries that are not addresses', () => {
    expect(() => parseAllowRule('localhost')).toThrow(/not an IP address/);
    expect(() => parseAllowRule('127.0.0.1:99999')).toThrow(/invalid port/);
  });
});

describe('base URL check', () => {
  it('refuses loopback, metadata and private hosts, by literal or by name', async () => {
    for (const url of [
      'http://127.0.0.1/v1',
      'http://[::1]:8080/',
      'http://169.254.169.254/latest/meta-data',
      'http://[::ffff:a9fe:a9fe]/',
      'http://0.0.0.0:3000/',
      'http://10.0.0.5/',
      'http://localhost:3199/v2.4',
      'ftp://files.example/',
    ]) {
      expect(await checkOutboundUrl(url, []), url).toBe('blocked');
    }
  });

  it('accepts allow-listed addresses and public ones; a name that does not resolve is left to the call', async () => {
    const rules = parseAllowList([`127.0.0.1:${port}`]);
    expect(await checkOutboundUrl(`http://127.0.0.1:${port}/x`, rules)).toBe('allowed');
    // localhost: every address it resolves to must be allowed (127.0.0.1 and maybe ::1).
    expect(await checkOutboundUrl('http://localhost/x', parseAllowList(['127.0.0.1', '::1']))).toBe(
      'allowed',
    );
    expect(await checkOutboundUrl('https://8.8.8.8/', [])).toBe('allowed');
    expect(await checkOutboundUrl('https://no-such-host.invalid/', [])).toBe('unresolved');
  });
});

describe('outbound fetch', () => {
  it('never connects to a refused address, literal or resolved by name', async () => {
    const guarded = createOutboundFetch([]);
    const before = hits;
    await expect(guarded(`http://127.0.0.1:${port}/`)).rejects.toBeInstanceOf(OutboundBlockedError);
    await expect(guarded(`http://[::ffff:127.0.0.1]:${port}/`)).rejects.toBeInstanceOf(
      OutboundBlockedError,
    );
    // A host name is checked when it is resolved, at connect time.
    await expect(guarded(`http://localhost:${port}/`)).rejects.toThrow();
    expect(hits).toBe(before);
  });

  it('reaches an allow-listed address and does not follow its redirects', async () => {
    const guarded = createOutboundFetch(parseAllowList([`127.0.0.1:${port}`]));
    const ok = await guarded(`http://127.0.0.1:${port}/`);
    expect(await ok.text()).toBe('hello');
    const before = hits;
    const redirected = await guarded(`http://127.0.0.1:${port}/redirect`, { redirect: 'follow' });
    expect(redirected.status).toBe(302);
    await redirected.body?.cancel();
    expect(hits).toBe(before + 1);
  });
});
