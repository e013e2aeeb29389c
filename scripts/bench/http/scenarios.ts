/**
 * What the harness measures: every list, search and export of the areas built so far, with the
 * ids of the seeded data. A new area adds its scenarios here (and its data in seed.ts).
 */
import type { Client } from 'pg';
import type { HttpRequest } from './load';
import type { SeededIds } from './seed';

export interface ListScenario {
  kind: 'list';
  area: string;
  name: string;
  request: HttpRequest;
}

export interface ExportScenario {
  kind: 'export';
  area: string;
  name: string;
  /** GET path with its query. */
  path: string;
}

export type Scenario = ListScenario | ExportScenario;

const PAGE_SIZE = 50;

/** The opaque stock/detail cursor (api/src/areas/stock/service.ts encodeCursor). */
function stockCursor(sort: string, order: string, value: string, id: string): string {
  return Buffer.from(JSON.stringify({ sort, order, value, id })).toString('base64url');
}

/** The keyset cursor that starts stock/detail at `offset` (newest first), read with bare SQL. */
async function cursorAt(
  client: Client,
  productId: string | null,
  status: string | null,
  offset: number,
): Promise<string> {
  const row = (
    await client.query<{ v: string; id: string }>(
      `SELECT to_char(imported_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS v, id
       FROM stock_items WHERE ($1::uuid IS NULL OR product_id = $1) AND ($2::text IS NULL OR status = $2)
       ORDER BY imported_at DESC, id DESC OFFSET $3 LIMIT 1`,
      [productId, status, Math.max(0, offset - 1)],
    )
  ).rows[0];
  if (!row) throw new Error(`no stock item at offset ${offset}`);
  return stockCursor('importedDate', 'desc', row.v, row.id);
}

const post = (path: string, body: unknown): HttpRequest => ({ method: 'POST', path, body });

export async function buildScenarios(
  client: Client,
  ids: SeededIds,
  volumes: { products: number; stockItems: number },
): Promise<Scenario[]> {
  const list = (area: string, name: string, request: HttpRequest): ListScenario => ({
    kind: 'list',
    area,
    name,
    request,
  });
  const productPages = Math.max(1, Math.floor(volumes.products / PAGE_SIZE));
  const stockProductPages = Math.max(1, Math.floor(volumes.products / 2 / PAGE_SIZE));
  const bigOnHand = Math.round(ids.bigProductItems * 0.7);
  const bigDeepPage = Math.max(2, Math.floor((bigOnHand / PAGE_SIZE) * 0.7));
  const allDeepPage = Math.max(2, Math.floor((volumes.stockItems / PAGE_SIZE) * 0.5));
  const stockDetail = (body: Record<string, unknown>) =>
    post('/api/mng/stock/detail', { pageSize: PAGE_SIZE, ...body });
  const big = ids.bigProductId;

  return [
    // ------------------------------------------------------------------ products
    list(
      'products',
      'product list, page 1 (code)',
      post('/api/mng/product/list', { pageSize: PAGE_SIZE }),
    ),
    list(
      'products',
      `product list, page ${Math.ceil(productPages * 0.75)} (code)`,
      post('/api/mng/product/list', { pageSize: PAGE_SIZE, page: Math.ceil(productPages * 0.75) }),
    ),
    list(
      'products',
      'product list, sellingPrice desc, page 1',
      post('/api/mng/product/list', { pageSize: PAGE_SIZE, sort: 'sellingPrice', order: 'desc' }),
    ),
    list(
      'products',
      'product list, grossProfitPercent, page 1',
      post('/api/mng/product/list', { pageSize: PAGE_SIZE, sort: 'grossProfitPercent' }),
    ),
    list(
      'products',
      'product list, search "product 12"',
      post('/api/mng/product/list', { pageSize: PAGE_SIZE, search: 'product 12' }),
    ),
    list(
      'products',
      'price list, page 1',
      post('/api/mng/product/price/list', { pageSize: PAGE_SIZE }),
    ),
    list(
      'products',
      'price list + tariff code, tariffPrice desc',
      post('/api/mng/product/price/list', {
        pageSize: PAGE_SIZE,
        tariffCodeId: ids.manualTariffCodeId,
        sort: 'tariffPrice',
        order: 'desc',
      }),
    ),
    list(
      'products',
      `price list, page ${Math.ceil(productPages * 0.75)}`,
      post('/api/mng/product/price/list', {
        pageSize: PAGE_SIZE,
        page: Math.ceil(productPages * 0.75),
      }),
    ),
    // ------------------------------------------------------------------ tariffs and suppliers
    list(
      'tariffs',
      'tariff product list, computedPrice desc, p1',
      post('/api/mng/tariff/product-list', {
        tariffCode: ids.manualTariffCode,
        sort: 'computedPrice',
        order: 'desc',
        pageSize: PAGE_SIZE,
        page: 1,
      }),
    ),
    list(
      'tariffs',
      `tariff product list, computedPrice desc, p${Math.ceil(productPages / 2)}`,
      post('/api/mng/tariff/product-list', {
        tariffCode: ids.manualTariffCode,
        sort: 'computedPrice',
        order: 'desc',
        pageSize: PAGE_SIZE,
        page: Math.ceil(productPages / 2),
      }),
    ),
    list(
      'tariffs',
      'tariff product list, no manual prices, p1',
      post('/api/mng/tariff/product-list', {
        tariffCode: ids.plainTariffCode,
        sort: 'computedPrice',
        pageSize: PAGE_SIZE,
      }),
    ),
    list(
      'suppliers',
      'supplier list, name, page 1',
      post('/api/mng/supplier/list', { sort: 'name', pageSize: PAGE_SIZE }),
    ),
    // ------------------------------------------------------------------ stock products
    list(
      'stock',
      'stock products, page 1 (name)',
      post('/api/mng/stock/list', { pageSize: PAGE_SIZE }),
    ),
    list(
      'stock',
      `stock products, page ${Math.ceil(stockProductPages * 0.75)} (name)`,
      post('/api/mng/stock/list', {
        pageSize: PAGE_SIZE,
        page: Math.ceil(stockProductPages * 0.75),
      }),
    ),
    list(
      'stock',
      'stock products, onHand desc',
      post('/api/mng/stock/list', { pageSize: PAGE_SIZE, sort: 'onHand', order: 'desc' }),
    ),
    list(
      'stock',
      'stock products, expiringSoon desc',
      post('/api/mng/stock/list', { pageSize: PAGE_SIZE, sort: 'expiringSoon', order: 'desc' }),
    ),
    list(
      'stock',
      'stock products, lastImportedDate desc',
      post('/api/mng/stock/list', { pageSize: PAGE_SIZE, sort: 'lastImportedDate', order: 'desc' }),
    ),
    list(
      'stock',
      'stock products, search "product 12"',
      post('/api/mng/stock/list', { pageSize: PAGE_SIZE, search: 'product 12' }),
    ),
    // ------------------------------------------------------------------ stock items
    list('stock', 'stock items, big product, page 1', stockDetail({ productId: big })),
    list(
      'stock',
      'stock items, small product, page 1',
      stockDetail({ productId: ids.smallProductId }),
    ),
    list(
      'stock',
      'stock items, big product on hand, page 1',
      stockDetail({ productId: big, status: 'on_hand' }),
    ),
    list(
      'stock',
      'stock items, big product [holding,assigned]',
      stockDetail({ productId: big, status: ['holding', 'assigned'] }),
    ),
    list(
      'stock',
      `stock items, big product on hand, page ${bigDeepPage} (offset)`,
      stockDetail({ productId: big, status: 'on_hand', page: bigDeepPage }),
    ),
    list(
      'stock',
      `stock items, big product on hand, page ${bigDeepPage} (cursor)`,
      stockDetail({
        productId: big,
        status: 'on_hand',
        page: bigDeepPage,
        cursor: await cursorAt(client, big, 'on_hand', (bigDeepPage - 1) * PAGE_SIZE),
      }),
    ),
    list('stock', 'stock items, no product filter, page 1', stockDetail({})),
    list(
      'stock',
      `stock items, no product filter, page ${allDeepPage} (offset)`,
      stockDetail({ page: allDeepPage }),
    ),
    list(
      'stock',
      `stock items, no product filter, page ${allDeepPage} (cursor)`,
      stockDetail({
        page: allDeepPage,
        cursor: await cursorAt(client, null, null, (allDeepPage - 1) * PAGE_SIZE),
      }),
    ),
    list(
      'stock',
      'stock items, big product, sort iccid asc',
      stockDetail({ productId: big, sort: 'iccid', order: 'asc' }),
    ),
    list(
      'stock',
      'stock items, big product, activeExpireDate asc',
      stockDetail({ productId: big, sort: 'activeExpireDate', order: 'asc' }),
    ),
    list('stock', 'stock items, expiring within 30 days', stockDetail({ expiringWithinDays: 30 })),
    list('stock', 'ICCID search, whole ICCID', stockDetail({ search: ids.someIccid })),
    list(
      'stock',
      'ICCID search, 12-digit prefix',
      stockDetail({ search: ids.someIccid.slice(0, 12) }),
    ),
    list('stock', 'ICCID search, last 6 digits', stockDetail({ search: ids.someIccid.slice(-6) })),
    list(
      'stock',
      'ICCID search, 12-digit prefix, big product',
      stockDetail({ productId: big, search: ids.someIccid.slice(0, 12) }),
    ),
    // ------------------------------------------------------------------ exports
    {
      kind: 'export',
      area: 'products',
      name: 'product export (all)',
      path: '/api/mng/product/export',
    },
    {
      kind: 'export',
      area: 'products',
      name: 'price list export (all)',
      path: '/api/mng/product/price/export',
    },
    {
      kind: 'export',
      area: 'stock',
      name: 'stock export, big product',
      path: `/api/mng/stock/export?productId=${big}`,
    },
    {
      kind: 'export',
      area: 'stock',
      name: 'stock export, whole stock',
      path: '/api/mng/stock/export',
    },
  ];
}

/** The stock page the throughput target is about: one product's items, first page. */
export const THROUGHPUT_SCENARIO = 'stock items, big product, page 1';
