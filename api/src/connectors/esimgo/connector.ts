/**
 * eSIM Go v2.x (https://docs.esim-go.com, base https://api.esim-go.com/v2.4): the subset the
 * console uses. Authentication: the organisation's key in the X-API-Key header.
 *
 *   GET  /catalogue?page=&perPage=        { bundles: Bundle[], pageCount, rows }
 *   GET  /catalogue/bundle/{name}         Bundle
 *   GET  /esims?page=&perPage=            { esims: [{ iccid, customerRef, lastAction, actionDate,
 *                                           physical, assignedDate }], pageCount, rows }
 *   POST /orders                          { type: 'validate'|'transaction', assign, reference?,
 *                                           order: [{ type: 'bundle', quantity, item,
 *                                           allowReassign }] } -> { orderReference, status, total,
 *                                           currency, order: [{ item, iccids | esims }] }
 *   GET  /esims/assignments?reference=    (Accept: application/json) [{ iccid, smdpAddress,
 *                                           matchingId, ... }]
 *
 * Bundle: { name, description, groups, countries: [{ name, region, iso }], dataAmount (MB; -1 or
 * unlimited: true = unlimited), duration (days), speed, autostart, unlimited, roamingEnabled,
 * price (organisation currency), billingType }.
 */
import {
  DEFAULT_CONNECTOR_TIMEOUT_MS,
  SupplierError,
  type ConnectorOptions,
  type SupplierAssignment,
  type SupplierBundle,
  type SupplierConnector,
  type SupplierEsim,
  type SupplierOrderEsim,
  type SupplierOrderLine,
  type SupplierOrderOptions,
  type SupplierOrderResult,
  type SupplierPage,
} from '../types';
import { createOutboundFetch } from '../outbound';

/** Catalogue page size the connector asks for. */
export const ESIMGO_CATALOGUE_PER_PAGE = 100;
/** Most catalogue pages read (a runaway pageCount stops here). */
export const ESIMGO_MAX_PAGES = 500;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function malformed(): SupplierError {
  return new SupplierError('malformed');
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function num(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
    return Number(value);
  }
  return null;
}

/** A bundle of the eSIM Go catalogue in our units; malformed when a required field is missing. */
export function normaliseBundle(raw: unknown): SupplierBundle {
  if (!isObject(raw)) throw malformed();
  const name = str(raw.name);
  const duration = num(raw.duration);
  const price = num(raw.price);
  const dataAmount = num(raw.dataAmount);
  if (!name || duration === null || price === null || price < 0) throw malformed();
  const unlimited = raw.unlimited === true || dataAmount === -1;
  if (!unlimited && (dataAmount === null || dataAmount < 0)) throw malformed();
  const countries = Array.isArray(raw.countries) ? raw.countries : [];
  const isos = new Set<string>();
  for (const country of countries) {
    const iso = isObject(country) ? str(country.iso) : str(country);
    if (iso && /^[A-Za-z]{2}$/.test(iso)) isos.add(iso.toUpperCase());
  }
  return {
    ref: name,
    description: str(raw.description) ?? name,
    dataMb: unlimited ? null : Math.round(dataAmount ?? 0),
    durationDays: Math.round(duration),
    countries: [...isos].sort(),
    price,
    currency: str(raw.currency),
  };
}

function normaliseEsim(raw: unknown): SupplierEsim {
  if (!isObject(raw)) throw malformed();
  const iccid = str(raw.iccid);
  if (!iccid) throw malformed();
  const smdp = str(raw.smdpAddress);
  const matchingId = str(raw.matchingId);
  return {
    iccid,
    status: str(raw.lastAction) ?? str(raw.profileStatus),
    bundle: str(raw.bundle) ?? str(raw.bundleName),
    customerRef: str(raw.customerRef),
    assignedDate: str(raw.assignedDate),
    actionDate: str(raw.actionDate),
    physical: raw.physical === true,
    activationCode: smdp && matchingId ? `LPA:1$${smdp}$${matchingId}` : null,
  };
}

/**
 * The eSIMs of a transaction's answer, per bundle: each line's `iccids` (v2.3 and later) or
 * `esims: [{ iccid }]`; none while the order is still processing.
 */
function orderEsimsOf(order: unknown): SupplierOrderEsim[] {
  if (!Array.isArray(order)) return [];
  const esims: SupplierOrderEsim[] = [];
  for (const line of order) {
    if (!isObject(line)) continue;
    const bundle = str(line.item);
    if (!bundle) continue;
    const listed = Array.isArray(line.iccids)
      ? line.iccids
      : Array.isArray(line.esims)
        ? line.esims.map((esim) => (isObject(esim) ? esim.iccid : null))
        : [];
    for (const iccid of listed) {
      const text = str(iccid);
      if (text) esims.push({ bundle, iccid: text });
    }
  }
  return esims;
}

export function createEsimGoConnector(options: ConnectorOptions): SupplierConnector {
  const timeoutMs = options.timeoutMs ?? DEFAULT_CONNECTOR_TIMEOUT_MS;
  // Without a fetch of the caller's: the outbound guard with no allow-list (public hosts only).
  const doFetch = options.fetch ?? createOutboundFetch([]);
  const base = new URL(options.baseUrl.replace(/\/+$/, '') + '/');
  if (base.protocol !== 'https:' && base.protocol !== 'http:') {
    throw new SupplierError('unreachable');
  }

  /** A URL under the base URL only: the key never travels anywhere else. */
  function urlOf(path: string, query: Record<string, string | number> = {}): URL {
    const url = new URL(path.replace(/^\/+/, ''), base);
    if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) {
      throw new SupplierError('notFound');
    }
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
    return url;
  }

  async function call(
    method: 'GET' | 'POST',
    url: URL,
    body?: unknown,
    { notFoundIsNull = false }: { notFoundIsNull?: boolean } = {},
  ): Promise<unknown> {
    let response: Response;
    try {
      response = await doFetch(url, {
        method,
        headers: {
          accept: 'application/json',
          'x-api-key': options.apiKey,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        // A redirect could carry the key to another host: never followed.
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const name = (error as { name?: string } | null)?.name;
      if (name === 'TimeoutError' || name === 'AbortError') throw new SupplierError('timeout');
      throw new SupplierError('unreachable');
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      const name = (error as { name?: string } | null)?.name;
      if (name === 'TimeoutError' || name === 'AbortError') throw new SupplierError('timeout');
      throw new SupplierError('unreachable');
    }
    const status = response.status;
    if (status === 401 || status === 403) throw new SupplierError('auth', status);
    if (status === 404) {
      if (notFoundIsNull) return null;
      throw new SupplierError('notFound', status);
    }
    if (status === 429) throw new SupplierError('rateLimited', status);
    if (status < 200 || status >= 300) throw new SupplierError('http', status);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw malformed();
    }
  }

  /** eSIM Go answers a page as { <key>: [...], pageCount, rows } (older versions: a bare array). */
  function pageOf(body: unknown, key: string, page: number) {
    if (Array.isArray(body)) return { list: body, pageCount: page, rows: null };
    if (!isObject(body) || !Array.isArray(body[key])) throw malformed();
    const pageCount = num(body.pageCount);
    return {
      list: body[key] as unknown[],
      pageCount: pageCount === null ? page : Math.max(0, Math.floor(pageCount)),
      rows: num(body.rows),
    };
  }

  return {
    kind: 'esimgo',

    async listCatalogue() {
      const bundles: SupplierBundle[] = [];
      const seen = new Set<string>();
      for (let page = 1; page <= ESIMGO_MAX_PAGES; page += 1) {
        const body = await call(
          'GET',
          urlOf('catalogue', { page, perPage: ESIMGO_CATALOGUE_PER_PAGE }),
        );
        const { list, pageCount } = pageOf(body, 'bundles', page);
        for (const raw of list) {
          const bundle = normaliseBundle(raw);
          if (seen.has(bundle.ref)) continue;
          seen.add(bundle.ref);
          bundles.push(bundle);
        }
        if (page >= pageCount || list.length === 0) break;
      }
      return bundles;
    },

    async getBundle(ref) {
      const body = await call(
        'GET',
        urlOf(`catalogue/bundle/${encodeURIComponent(ref)}`),
        undefined,
        { notFoundIsNull: true },
      );
      return body === null ? null : normaliseBundle(body);
    },

    async listEsims(page, perPage): Promise<SupplierPage<SupplierEsim>> {
      const body = await call('GET', urlOf('esims', { page, perPage }));
      const { list, pageCount, rows } = pageOf(body, 'esims', page);
      return { items: list.map(normaliseEsim), page, pageCount, rows };
    },

    async createOrder(
      lines: SupplierOrderLine[],
      { validateOnly = false, reference }: SupplierOrderOptions = {},
    ): Promise<SupplierOrderResult> {
      const body = await call('POST', urlOf('orders'), {
        type: validateOnly ? 'validate' : 'transaction',
        assign: true,
        ...(reference ? { reference } : {}),
        order: lines.map((line) => ({
          type: 'bundle',
          quantity: line.quantity,
          item: line.bundle,
          allowReassign: false,
        })),
      });
      if (!isObject(body)) throw malformed();
      const total = num(body.total);
      if (total === null) throw malformed();
      return {
        orderReference: str(body.orderReference) ?? '',
        status: str(body.status) ?? (body.valid === true ? 'valid' : 'unknown'),
        total,
        currency: str(body.currency),
        esims: orderEsimsOf(body.order),
      };
    },

    async getAssignments(orderReference): Promise<SupplierAssignment[]> {
      const body = await call('GET', urlOf('esims/assignments', { reference: orderReference }));
      const list = Array.isArray(body) ? body : isObject(body) ? [body] : null;
      if (!list) throw malformed();
      return list.map((raw) => {
        if (!isObject(raw)) throw malformed();
        const iccid = str(raw.iccid);
        const smdpAddress = str(raw.smdpAddress);
        const matchingId = str(raw.matchingId);
        if (!iccid || !smdpAddress || !matchingId) throw malformed();
        return {
          iccid,
          smdpAddress,
          matchingId,
          activationCode: `LPA:1$${smdpAddress}$${matchingId}`,
        };
      });
    },
  };
}
