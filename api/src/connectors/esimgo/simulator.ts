/**
 * An eSIM Go API simulator over real HTTP (node:http): the protocol subset the connector speaks
 * (./connector.ts), an X-API-Key check, paging, and test controls under /__control (never part of
 * eSIM Go's API). Used by the tests, by `pnpm --filter @esim/api simulator:esimgo`, and by the
 * embedded default's demo supplier (../embedded.ts). docs/supplier-sync.md describes it.
 *
 * API (every path also under a version prefix, e.g. /v2.4/catalogue):
 *   GET  /catalogue?page=&perPage=   GET /catalogue/bundle/{name}   GET /esims?page=&perPage=
 *   POST /orders                     GET /esims/assignments?reference=
 * Errors answer { message } with eSIM Go's statuses (400, 403 for a bad key, 404, 500).
 * A transaction with a `reference` the simulator has seen answers the order placed for it again
 * (no second order, no second charge): a retried purchase cannot buy twice.
 *
 * Controls (JSON bodies):
 *   GET    /__control/state                      bundles, eSIMs, orders, the fault
 *   PUT    /__control/bundles        Bundle[]    replace the catalogue
 *   PATCH  /__control/bundles/{name} { price?, dataAmount?, unlimited?, duration?, countries?
 *                                      (ISO codes), description? }   change one bundle
 *   DELETE /__control/bundles/{name}             remove one bundle
 *   PUT    /__control/esims          Esim[]      replace the eSIMs
 *   PUT    /__control/fault          { delayMs?, status?, malformed?, times?, skip? }  inject
 *                                      (times: API calls it hits, absent = until cleared; skip:
 *                                      calls served normally first)
 *   DELETE /__control/fault                      clear it
 *   PUT    /__control/processing     { asyncOver?, polls? }  orders of more than asyncOver eSIMs
 *                                      (default 5, as eSIM Go) are processed asynchronously:
 *                                      their assignments answer [] for the first `polls` reads
 *                                      (default 1)
 *   POST   /__control/reset                      the demo catalogue and eSIMs again, no fault
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  esimGoCountry,
  sampleCatalogue,
  sampleEsim,
  sampleEsims,
  type EsimGoBundle,
  type EsimGoEsim,
} from './sample-catalogue';

export interface SimulatorFault {
  /** Wait this long before answering. */
  delayMs?: number;
  /** Answer with this HTTP status ({ message }). */
  status?: number;
  /** Answer 200 with a body that is not JSON. */
  malformed?: boolean;
  /** API calls the fault applies to; absent = until cleared. */
  times?: number;
  /** API calls served normally before the fault starts (default 0). */
  skip?: number;
}

/** Asynchronous processing of large orders. */
export interface SimulatorProcessing {
  /** Orders of more than this many eSIMs are processed asynchronously (default 5). */
  asyncOver?: number;
  /** Assignment reads of such an order that answer [] before it is ready (default 1). */
  polls?: number;
}

export interface SimulatorOptions {
  /** The X-API-Key the simulator accepts. */
  apiKey: string;
  /** Initial catalogue (default: the demo catalogue). */
  bundles?: EsimGoBundle[];
  /** Initial eSIMs (default: the demo eSIMs). */
  esims?: EsimGoEsim[];
  /** Default page size when a call gives none. */
  defaultPerPage?: number;
  processing?: SimulatorProcessing;
}

interface SimulatorOrder {
  orderReference: string;
  /** The client's reference of the transaction, when it sent one. */
  reference: string | null;
  createdDate: string;
  total: number;
  esims: EsimGoEsim[];
  /** Assignment reads left that answer [] (asynchronous processing). */
  pendingPolls: number;
  /** The transaction's answer, repeated for a repeated reference. */
  answer: unknown;
}

export interface EsimGoSimulator {
  /** The base URL clients use (http://127.0.0.1:<port>/v2.4); after listen(). */
  readonly url: string;
  readonly port: number;
  listen(port?: number, host?: string): Promise<string>;
  close(): Promise<void>;
  /** Direct controls (tests in the same process). */
  setBundles(bundles: EsimGoBundle[]): void;
  updateBundle(name: string, change: BundleChange): EsimGoBundle | null;
  setEsims(esims: EsimGoEsim[]): void;
  setFault(fault: SimulatorFault | null): void;
  setProcessing(processing: SimulatorProcessing): void;
  reset(): void;
  /** API calls served since start (controls excluded). */
  readonly calls: number;
  readonly server: http.Server;
}

export interface BundleChange {
  price?: number;
  dataAmount?: number;
  unlimited?: boolean;
  duration?: number;
  countries?: string[];
  description?: string;
}

const MAX_BODY = 1024 * 1024;
/** eSIM Go processes orders of more than 5 bundles asynchronously. */
const DEFAULT_PROCESSING: Required<SimulatorProcessing> = { asyncOver: 5, polls: 1 };

function send(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

function readBody(req: http.IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new Error('too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (text === '') return resolve(undefined);
      try {
        resolve(JSON.parse(text));
      } catch {
        reject(new Error('not JSON'));
      }
    });
    req.on('error', reject);
  });
}

function positiveInt(value: string | null, fallback: number, max: number): number {
  const parsed = value === null ? NaN : Number.parseInt(value, 10);
  if (!Number.isFinite(parsed) || parsed < 1) return fallback;
  return Math.min(parsed, max);
}

function applyChange(bundle: EsimGoBundle, change: BundleChange): EsimGoBundle {
  const next = { ...bundle };
  if (typeof change.price === 'number') next.price = change.price;
  if (typeof change.duration === 'number') next.duration = change.duration;
  if (typeof change.description === 'string') next.description = change.description;
  if (change.unlimited === true) {
    next.unlimited = true;
    next.dataAmount = -1;
  } else if (typeof change.dataAmount === 'number') {
    next.unlimited = change.dataAmount === -1;
    next.dataAmount = change.dataAmount;
  }
  if (Array.isArray(change.countries)) next.countries = change.countries.map(esimGoCountry);
  return next;
}

export function createEsimGoSimulator(options: SimulatorOptions): EsimGoSimulator {
  const defaultPerPage = options.defaultPerPage ?? 50;
  let bundles = structuredClone(options.bundles ?? sampleCatalogue());
  let esims = structuredClone(options.esims ?? sampleEsims());
  const orders = new Map<string, SimulatorOrder>();
  /** Client reference -> our order reference. */
  const references = new Map<string, string>();
  const initialProcessing = { ...DEFAULT_PROCESSING, ...options.processing };
  let processing = { ...initialProcessing };
  let fault: SimulatorFault | null = null;
  let calls = 0;
  let serial = 1000;
  let listeningUrl = '';
  let listeningPort = 0;

  function page<T>(list: T[], url: URL) {
    const perPage = positiveInt(url.searchParams.get('perPage'), defaultPerPage, 1000);
    const pageNo = positiveInt(url.searchParams.get('page'), 1, 1_000_000);
    const start = (pageNo - 1) * perPage;
    return {
      items: list.slice(start, start + perPage),
      pageCount: Math.max(1, Math.ceil(list.length / perPage)),
      rows: list.length,
    };
  }

  async function control(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    path: string,
  ): Promise<void> {
    const method = req.method ?? 'GET';
    const body = method === 'GET' || method === 'DELETE' ? undefined : await readBody(req);
    if (path === '/__control/state' && method === 'GET') {
      return send(res, 200, {
        bundles,
        esims,
        orders: [...orders.values()].map(({ answer: _answer, ...order }) => order),
        fault,
        processing,
        calls,
      });
    }
    if (path === '/__control/reset' && method === 'POST') {
      api.reset();
      return send(res, 200, { ok: true });
    }
    if (path === '/__control/bundles' && method === 'PUT') {
      if (!Array.isArray(body)) return send(res, 400, { message: 'Expected an array of bundles' });
      api.setBundles(body as EsimGoBundle[]);
      return send(res, 200, { bundles });
    }
    if (path === '/__control/esims' && method === 'PUT') {
      if (!Array.isArray(body)) return send(res, 400, { message: 'Expected an array of eSIMs' });
      api.setEsims(body as EsimGoEsim[]);
      return send(res, 200, { count: esims.length });
    }
    const one = /^\/__control\/bundles\/([^/]+)$/.exec(path);
    if (one?.[1]) {
      const name = decodeURIComponent(one[1]);
      if (method === 'PATCH') {
        const updated = api.updateBundle(name, (body ?? {}) as BundleChange);
        return updated ? send(res, 200, updated) : send(res, 404, { message: 'No such bundle' });
      }
      if (method === 'DELETE') {
        const before = bundles.length;
        bundles = bundles.filter((bundle) => bundle.name !== name);
        return send(res, before === bundles.length ? 404 : 200, { count: bundles.length });
      }
    }
    if (path === '/__control/processing' && method === 'PUT') {
      api.setProcessing((body ?? {}) as SimulatorProcessing);
      return send(res, 200, { processing });
    }
    if (path === '/__control/fault') {
      if (method === 'PUT') {
        api.setFault((body ?? null) as SimulatorFault | null);
        return send(res, 200, { fault });
      }
      if (method === 'DELETE') {
        api.setFault(null);
        return send(res, 200, { fault });
      }
    }
    return send(res, 404, { message: 'Unknown control' });
  }

  async function serveApi(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    path: string,
    url: URL,
  ): Promise<void> {
    calls += 1;
    if (fault?.skip) {
      fault.skip -= 1;
    } else if (fault) {
      const current = fault;
      if (current.times !== undefined) {
        current.times -= 1;
        if (current.times <= 0) fault = null;
      }
      if (current.delayMs) await new Promise((r) => setTimeout(r, current.delayMs));
      if (res.destroyed) return;
      if (current.status) return send(res, current.status, { message: 'Simulated failure' });
      if (current.malformed) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"bundles": [ this is not json');
        return;
      }
    }
    if (req.headers['x-api-key'] !== options.apiKey) {
      return send(res, 403, { message: 'Unauthorised - the api token is invalid' });
    }
    const method = req.method ?? 'GET';
    if (method === 'GET' && path === '/catalogue') {
      const { items, pageCount, rows } = page(bundles, url);
      return send(res, 200, { bundles: items, pageCount, rows });
    }
    const bundleMatch = /^\/catalogue\/bundle\/([^/]+)$/.exec(path);
    if (method === 'GET' && bundleMatch?.[1]) {
      const name = decodeURIComponent(bundleMatch[1]);
      const bundle = bundles.find((b) => b.name === name);
      return bundle ? send(res, 200, bundle) : send(res, 404, { message: 'Bundle not found' });
    }
    if (method === 'GET' && path === '/esims') {
      const { items, pageCount, rows } = page(esims, url);
      return send(res, 200, { esims: items, pageCount, rows });
    }
    if (method === 'GET' && path === '/esims/assignments') {
      const reference = url.searchParams.get('reference') ?? '';
      const order = orders.get(reference);
      if (!order) return send(res, 400, { message: 'Unknown reference' });
      if (order.pendingPolls > 0) {
        order.pendingPolls -= 1;
        return send(res, 200, []);
      }
      return send(
        res,
        200,
        order.esims.map((esim) => ({
          iccid: esim.iccid,
          matchingId: esim.matchingId,
          smdpAddress: esim.smdpAddress,
          profileStatus: 'Released',
          pin: '1234',
          puk: '12345678',
          firstInstalledDateTime: null,
        })),
      );
    }
    if (method === 'POST' && path === '/orders') {
      let body: unknown;
      try {
        body = await readBody(req);
      } catch {
        return send(res, 400, { message: 'Bad Request' });
      }
      const input = body as {
        type?: string;
        reference?: unknown;
        order?: { type?: string; item?: string; quantity?: number }[];
      } | null;
      if (!input || !Array.isArray(input.order) || input.order.length === 0) {
        return send(res, 400, { message: 'Bad Request' });
      }
      const validate = input.type === 'validate';
      const reference =
        typeof input.reference === 'string' && input.reference !== '' ? input.reference : null;
      const placed = !validate && reference ? orders.get(references.get(reference) ?? '') : null;
      if (placed) return send(res, 200, placed.answer);
      const lines = [];
      let total = 0;
      for (const line of input.order) {
        const bundle = bundles.find((b) => b.name === line.item);
        const quantity = Number(line.quantity);
        if (!bundle || !Number.isInteger(quantity) || quantity < 1) {
          return send(res, 400, { message: 'Bad Request' });
        }
        const subTotal = Math.round(bundle.price * quantity * 100) / 100;
        total += subTotal;
        lines.push({ bundle, quantity, subTotal });
      }
      total = Math.round(total * 100) / 100;
      const orderReference = validate ? '' : `sim-order-${(serial += 1)}`;
      const created: EsimGoEsim[] = [];
      const quantity = lines.reduce((sum, line) => sum + line.quantity, 0);
      const asynchronous = !validate && quantity > processing.asyncOver;
      if (!validate) {
        for (const line of lines) {
          for (let i = 0; i < line.quantity; i += 1) {
            const esim = sampleEsim((serial += 1), line.bundle.name, 0);
            esim.lastAction = 'Bundle Applied';
            esim.actionDate = esim.assignedDate = new Date().toISOString();
            created.push(esim);
          }
        }
        esims.push(...created);
      }
      const answer = {
        order: lines.map((line) => ({
          type: 'bundle',
          item: line.bundle.name,
          quantity: line.quantity,
          subTotal: line.subTotal,
          pricePerUnit: line.bundle.price,
          // An order still processing does not name its eSIMs yet.
          esims: asynchronous
            ? []
            : created
                .filter((esim) => esim.bundle === line.bundle.name)
                .map((esim) => ({ iccid: esim.iccid })),
        })),
        total,
        currency: 'USD',
        valid: true,
        createdDate: new Date().toISOString(),
        assigned: !validate && !asynchronous,
        status: validate ? 'Validated' : asynchronous ? 'Processing' : 'Completed',
        statusMessage: validate
          ? 'Order validated'
          : asynchronous
            ? 'Order is being processed'
            : `Order completed: ${created.length} eSIM(s) assigned`,
        orderReference,
      };
      if (!validate) {
        orders.set(orderReference, {
          orderReference,
          reference,
          createdDate: answer.createdDate,
          total,
          esims: created,
          pendingPolls: asynchronous ? processing.polls : 0,
          answer,
        });
        if (reference) references.set(reference, orderReference);
      }
      return send(res, 200, answer);
    }
    return send(res, 404, { message: 'Not Found' });
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://simulator.local');
    // Clients use a versioned base URL (…/v2.4): the version segment is optional here.
    const path = url.pathname.replace(/^\/v2(\.\d+)?(?=\/)/, '').replace(/\/+$/, '') || '/';
    const work = path.startsWith('/__control/')
      ? control(req, res, path)
      : serveApi(req, res, path, url);
    work.catch(() => {
      if (!res.headersSent) send(res, 400, { message: 'Bad Request' });
      else res.end();
    });
  });

  const api: EsimGoSimulator = {
    get url() {
      return listeningUrl;
    },
    get port() {
      return listeningPort;
    },
    get calls() {
      return calls;
    },
    server,
    listen(port = 0, host = '127.0.0.1') {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          listeningPort = (server.address() as AddressInfo).port;
          listeningUrl = `http://${host}:${listeningPort}/v2.4`;
          resolve(listeningUrl);
        });
      });
    },
    close() {
      return new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
    setBundles(next) {
      bundles = structuredClone(next);
    },
    updateBundle(name, change) {
      const index = bundles.findIndex((bundle) => bundle.name === name);
      const current = bundles[index];
      if (!current) return null;
      const next = applyChange(current, change);
      bundles[index] = next;
      return next;
    },
    setEsims(next) {
      esims = structuredClone(next);
    },
    setFault(next) {
      fault = next && Object.keys(next).length > 0 ? { ...next } : null;
    },
    setProcessing(next) {
      processing = {
        asyncOver: Number.isInteger(next.asyncOver) ? Number(next.asyncOver) : processing.asyncOver,
        polls: Number.isInteger(next.polls) ? Number(next.polls) : processing.polls,
      };
    },
    reset() {
      bundles = structuredClone(options.bundles ?? sampleCatalogue());
      esims = structuredClone(options.esims ?? sampleEsims());
      orders.clear();
      references.clear();
      processing = { ...initialProcessing };
      fault = null;
    },
  };
  return api;
}
