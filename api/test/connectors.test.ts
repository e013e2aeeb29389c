/**
 * The eSIM Go connector against the simulator over real HTTP: paging, one bundle, eSIMs, orders
 * and assignments, and every failure as a SupplierError (auth, timeout, 500, malformed JSON,
 * unreachable), never carrying the key.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SupplierError, createConnector, createEsimGoConnector } from '../src/connectors';
import { ESIMGO_CATALOGUE_PER_PAGE } from '../src/connectors/esimgo/connector';
import { esimGoBundle, sampleCatalogue } from '../src/connectors/esimgo/sample-catalogue';
import { createEsimGoSimulator, type EsimGoSimulator } from '../src/connectors/esimgo/simulator';
import { createOutboundFetch, parseAllowList } from '../src/connectors/outbound';

const KEY = 'sim-test-key-5d1c';
/** The outbound guard with loopback allow-listed, as the local simulators need. */
const loopbackFetch = createOutboundFetch(parseAllowList(['127.0.0.1']));
let sim: EsimGoSimulator;
let baseUrl: string;

beforeAll(async () => {
  sim = createEsimGoSimulator({ apiKey: KEY });
  baseUrl = await sim.listen(0);
});
afterAll(() => sim.close());
afterEach(() => sim.reset());

function connector(options: { apiKey?: string; timeoutMs?: number } = {}) {
  return createEsimGoConnector({
    baseUrl,
    apiKey: options.apiKey ?? KEY,
    fetch: loopbackFetch,
    ...options,
  });
}

async function failure(work: Promise<unknown>): Promise<SupplierError> {
  try {
    await work;
  } catch (error) {
    expect(error).toBeInstanceOf(SupplierError);
    expect((error as Error).message).not.toContain(KEY);
    return error as SupplierError;
  }
  throw new Error('expected a SupplierError');
}

describe('eSIM Go connector', () => {
  it('reads the whole catalogue across pages, normalised', async () => {
    const many = Array.from({ length: ESIMGO_CATALOGUE_PER_PAGE * 2 + 7 }, (_, i) =>
      esimGoBundle(`esim_${i}GB_7D_JP_V2`, `Japan ${i}`, ['jp'], 1, 7, 1 + i / 100),
    );
    sim.setBundles(many);
    const before = sim.calls;
    const bundles = await connector().listCatalogue();
    expect(sim.calls - before).toBe(3);
    expect(bundles).toHaveLength(many.length);
    expect(new Set(bundles.map((b) => b.ref)).size).toBe(many.length);
    expect(bundles[5]).toEqual({
      ref: 'esim_5GB_7D_JP_V2',
      description: 'Japan 5',
      dataMb: 1024,
      durationDays: 7,
      countries: ['JP'],
      price: 1.05,
      currency: null,
    });
  });

  it('maps unlimited bundles to null data and sorts coverage', async () => {
    const bundles = await connector().listCatalogue();
    expect(bundles).toHaveLength(sampleCatalogue().length);
    expect(bundles.find((b) => b.ref === 'ESG-TH-UL-1D')).toMatchObject({
      dataMb: null,
      durationDays: 1,
    });
    const asia = bundles.find((b) => b.ref === 'ESG-ASIA-5GB-15D');
    expect(asia?.countries).toEqual([...asia!.countries].sort());
    expect(asia?.countries).toContain('PH');
  });

  it('gets one bundle, null for an unknown one', async () => {
    sim.updateBundle('ESG-JP-1GB-7D', { price: 3.25, duration: 10, countries: ['JP', 'KR'] });
    const bundle = await connector().getBundle('ESG-JP-1GB-7D');
    expect(bundle).toMatchObject({ price: 3.25, durationDays: 10, countries: ['JP', 'KR'] });
    expect(await connector().getBundle('no-such-bundle')).toBeNull();
    // A name that tries to leave the base path stays under it.
    expect(await connector().getBundle('../../__control/state')).toBeNull();
  });

  it('lists the eSIMs held at the supplier, page by page', async () => {
    const first = await connector().listEsims(1, 10);
    expect(first).toMatchObject({ page: 1, pageCount: 3, rows: 25 });
    expect(first.items).toHaveLength(10);
    expect(first.items[0]?.iccid).toMatch(/^89\d{17,18}$/);
    expect(first.items[0]?.activationCode).toMatch(/^LPA:1\$[^$]+\$.+/);
    const last = await connector().listEsims(3, 10);
    expect(last.items).toHaveLength(5);
  });

  it('places an order and reads its assignments', async () => {
    const validated = await connector().createOrder([{ bundle: 'ESG-JP-1GB-7D', quantity: 2 }], {
      validateOnly: true,
    });
    expect(validated).toMatchObject({ total: 7, status: 'Validated' });
    const order = await connector().createOrder([{ bundle: 'ESG-JP-1GB-7D', quantity: 2 }]);
    expect(order.orderReference).not.toBe('');
    const assignments = await connector().getAssignments(order.orderReference);
    expect(assignments).toHaveLength(2);
    expect(assignments[0]?.activationCode).toBe(
      `LPA:1$${assignments[0]?.smdpAddress}$${assignments[0]?.matchingId}`,
    );
  });

  it('a wrong key is an auth failure (403)', async () => {
    const error = await failure(connector({ apiKey: 'wrong-key' }).listCatalogue());
    expect(error).toMatchObject({ kind: 'auth', status: 403 });
    expect(error.message).toContain('API key');
  });

  it('a slow supplier times out', async () => {
    sim.setFault({ delayMs: 1000 });
    const started = Date.now();
    const error = await failure(connector({ timeoutMs: 200 }).listCatalogue());
    expect(error.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('a server error is an http failure with its status', async () => {
    sim.setFault({ status: 500 });
    expect(await failure(connector().listCatalogue())).toMatchObject({ kind: 'http', status: 500 });
    sim.setFault({ status: 429 });
    expect((await failure(connector().listEsims(1, 10))).kind).toBe('rateLimited');
  });

  it('a failure on a later page fails the whole catalogue', async () => {
    sim.setBundles(
      Array.from({ length: ESIMGO_CATALOGUE_PER_PAGE + 1 }, (_, i) =>
        esimGoBundle(`b${i}`, `B ${i}`, ['JP'], 1, 7, 1),
      ),
    );
    // The first page is served, the second fails.
    sim.setFault({ status: 500, skip: 1, times: 1 });
    const list = connector().listCatalogue();
    await expect(list).rejects.toBeInstanceOf(SupplierError);
  });

  it('malformed JSON is a malformed answer', async () => {
    sim.setFault({ malformed: true });
    expect((await failure(connector().listCatalogue())).kind).toBe('malformed');
  });

  it('a bundle without required fields is malformed', async () => {
    sim.setBundles([{ name: 'broken' } as never]);
    expect((await failure(connector().listCatalogue())).kind).toBe('malformed');
  });

  it('an unreachable supplier is unreachable', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failure(
      createEsimGoConnector({
        baseUrl: `http://127.0.0.1:${port}/v2.4`,
        apiKey: KEY,
        fetch: loopbackFetch,
      }).listCatalogue(),
    );
    expect(error.kind).toBe('unreachable');
  });

  it('never follows a redirect with the key', async () => {
    let elsewhereHits = 0;
    const elsewhere = http.createServer((_req, res) => {
      elsewhereHits += 1;
      res.end('{"bundles":[]}');
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    const target = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
    const redirecting = http.createServer((_req, res) => {
      res.writeHead(302, { location: `${target}/steal` });
      res.end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/v2.4`;
    const error = await failure(
      createEsimGoConnector({ baseUrl: base, apiKey: KEY, fetch: loopbackFetch }).listCatalogue(),
    );
    expect(error).toMatchObject({ kind: 'http', status: 302 });
    expect(elsewhereHits).toBe(0);
    await new Promise((resolve) => redirecting.close(resolve));
    await new Promise((resolve) => elsewhere.close(resolve));
  });

  it('by default reaches no loopback address: the simulator never sees the key', async () => {
    const before = sim.calls;
    for (const base of [baseUrl, baseUrl.replace('127.0.0.1', 'localhost')]) {
      const error = await failure(
        createEsimGoConnector({ baseUrl: base, apiKey: KEY }).listCatalogue(),
      );
      expect(error.kind).toBe('unreachable');
    }
    expect(sim.calls).toBe(before);
  });

  it('only eSIM Go has a connector', () => {
    expect(() => createConnector('generic', { baseUrl, apiKey: KEY })).toThrow(SupplierError);
  });
});

describe('eSIM Go simulator controls', () => {
  it('changes a bundle, injects a fault and resets over HTTP', async () => {
    const root = baseUrl.replace(/\/v2\.4$/, '');
    const patched = await fetch(`${root}/__control/bundles/ESG-KR-5GB-15D`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ price: 9.99, dataAmount: 10240 }),
    });
    expect(patched.status).toBe(200);
    expect(await connector().getBundle('ESG-KR-5GB-15D')).toMatchObject({
      price: 9.99,
      dataMb: 10240,
    });
    await fetch(`${root}/__control/fault`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 503, times: 1 }),
    });
    expect((await failure(connector().listCatalogue())).status).toBe(503);
    // times: 1 -> the next call is served again.
    await expect(connector().listCatalogue()).resolves.toHaveLength(sampleCatalogue().length);
    await fetch(`${root}/__control/reset`, { method: 'POST' });
    expect(await connector().getBundle('ESG-KR-5GB-15D')).toMatchObject({ price: 11.5 });
  });
});
