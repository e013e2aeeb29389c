/**
 * Fixtures of the order tests: a partner buying at a tariff code (through the API, as staff set
 * it up), stock and supplier (API) products, stock items inserted through the stock import's own
 * path (sealed activation codes), and request helpers for the cart, the review and the purchase.
 *
 *   const world = await createPurchaseWorld(t);
 *   const product = await addProduct(t, world, { delivery: 'stock', items: 10 });
 *   const res = await world.api.purchase(orderBody(world, [{ productId: product.id, quantity: 1 }]), key);
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { luhnCheckDigit, type ProductDetail } from '@esim/contracts';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { SYSTEM_ACTOR } from '../../src/audit';
import { insertStockRows } from '../../src/areas/stock/import';
import { branches, products, suppliers } from '../../src/db/schema';
import { createSecretBox } from '../../src/secrets';
import { insertProduct, insertRate, unique, type Json } from '../tariffs-fixtures';
import type { TestContext } from './app';

export interface Answer {
  status: number;
  body: Json;
}

export interface OrderApi {
  call(
    method: string,
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<Answer>;
  cart(): Promise<Answer>;
  putCart(draft: unknown): Promise<Answer>;
  clearCart(): Promise<Answer>;
  purchasable(query: Record<string, unknown>): Promise<Answer>;
  review(body: unknown): Promise<Answer>;
  /** POST order; `key` null sends no Idempotency-Key. */
  purchase(body: unknown, key: string | null): Promise<Answer>;
}

export function orderApi(t: TestContext, token: string): OrderApi {
  const call = async (
    method: string,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> => {
    const res = await t.inject({
      method: method as 'GET',
      url: `/api/mng/${url}`,
      token,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: res.statusCode, body: res.body ? res.json() : null };
  };
  return {
    call,
    cart: () => call('GET', 'cart'),
    putCart: (draft) => call('PUT', 'cart', draft),
    clearCart: () => call('DELETE', 'cart'),
    purchasable: (query) => call('POST', 'cart/product-purchase/list', query),
    review: (body) => call('POST', 'cart/review', body),
    purchase: (body, key) =>
      call('POST', 'order', body, key === null ? {} : { 'idempotency-key': key }),
  };
}

export interface PurchaseWorld {
  adminToken: string;
  api: OrderApi;
  partnerId: string;
  partnerName: string;
  tariffCode: string;
  stockSupplierId: string;
  apiSupplierId: string;
}

async function expectCreated(answer: Answer): Promise<Json> {
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data;
}

/** A tariff profile (cost + 40 %, auto) with one code; returns the code. */
export async function createTariffCode(api: OrderApi): Promise<string> {
  const group = unique('GRP');
  const code = unique('CODE');
  await expectCreated(await api.call('POST', 'tariff/group', { tariffGroup: group, name: group }));
  await expectCreated(await api.call('POST', 'tariff', { tariffGroup: group, tariffCode: code }));
  return code;
}

/** A partner buying at `tariffCode` (null: none assigned). */
export async function createPartner(
  api: OrderApi,
  tariffCode: string | null,
): Promise<{ id: string; name: string; code: string }> {
  const code = unique('PT').replace(/-/g, '');
  const partner = await expectCreated(
    await api.call('POST', 'partner', {
      name: `Partner ${code}`,
      code,
      target: 'corporate_customer',
      prefix: code,
      slug: `partner-${[...randomBytes(6)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('')}`,
      phone: '03-0000-0000',
      tariffCode,
    }),
  );
  return { id: partner.id, name: partner.name, code: partner.code };
}

/** A partner's staff account, signed in. */
export async function partnerAccountToken(
  t: TestContext,
  api: OrderApi,
  partnerId: string,
): Promise<string> {
  const email = `staff-${randomBytes(3).toString('hex')}@partner.example`;
  await expectCreated(await api.call('POST', 'partner/account', { partnerId, email }));
  return t.tokenFor(email);
}

async function insertSupplier(t: TestContext, deliveryType: 'stock' | 'api'): Promise<string> {
  const [row] = await t.database.db
    .insert(suppliers)
    .values({
      name: unique(`Supplier ${deliveryType}`),
      currency: 'JPY',
      purchaseCurrency: 'JPY',
      deliveryType,
      createdBy: 'test',
      updatedBy: 'test',
    })
    .returning({ id: suppliers.id });
  if (!row) throw new Error('supplier not inserted');
  return row.id;
}

/** A partner at a fresh tariff code, a stock supplier and an API supplier; USD at 150 JPY. */
export async function createPurchaseWorld(t: TestContext): Promise<PurchaseWorld> {
  const adminToken = await t.adminToken();
  const api = orderApi(t, adminToken);
  const tariffCode = await createTariffCode(api);
  const partner = await createPartner(api, tariffCode);
  await insertRate(t, 'USD', '150');
  return {
    adminToken,
    api,
    partnerId: partner.id,
    partnerName: partner.name,
    tariffCode,
    stockSupplierId: await insertSupplier(t, 'stock'),
    apiSupplierId: await insertSupplier(t, 'api'),
  };
}

/** The partner's branch with its tax (the review and purchase tax by it). */
export async function addBranch(
  t: TestContext,
  partnerId: string,
  tax: { name: string; rate: number; main?: boolean },
): Promise<string> {
  const [row] = await t.database.db
    .insert(branches)
    .values({
      name: unique('Branch'),
      code: unique('BR'),
      target: 'resale_partner',
      taxName: tax.name,
      taxRate: tax.rate,
      mainPartner: tax.main ?? false,
      partnerId,
      createdBy: 'test',
      updatedBy: 'test',
    })
    .returning({ id: branches.id });
  if (!row) throw new Error('branch not inserted');
  return row.id;
}

export interface ProductOptions {
  delivery: 'stock' | 'api';
  costMinor?: number;
  costCurrency?: string;
  coverage?: string[];
  status?: 'active' | 'inactive';
  /** On-hand stock items to add (stock products). */
  items?: number;
}

export async function addProduct(
  t: TestContext,
  world: PurchaseWorld,
  options: ProductOptions,
): Promise<ProductDetail> {
  const product = await insertProduct(t, {
    supplierId: options.delivery === 'stock' ? world.stockSupplierId : world.apiSupplierId,
    name: unique('Bundle'),
    costMinor: options.costMinor ?? 1000,
    costCurrency: options.costCurrency ?? 'JPY',
    coverage: options.coverage ?? ['JP'],
  });
  if (options.status === 'inactive') {
    await t.database.db
      .update(products)
      .set({ status: 'inactive' })
      .where(eq(products.id, product.id));
  }
  if (options.items) await addStockItems(t, product.id, options.items);
  return product;
}

let iccidSerial = 0;

/** On-hand items expiring in `days` days (negative: already expired), sealed as imports seal. */
export async function addStockItems(
  t: TestContext,
  productId: string,
  count: number,
  options: { expiresInDays?: number } = {},
): Promise<void> {
  const box = createSecretBox(t.config, 'stock-activation-code');
  const expires = new Date(Date.now() + (options.expiresInDays ?? 180) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const prefix = `8981${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`;
  const rows = Array.from({ length: count }, (_, index) => {
    iccidSerial += 1;
    const body = `${prefix}${String(iccidSerial).padStart(9, '0')}`;
    return {
      row: index + 2,
      iccid: `${body}${luhnCheckDigit(body)}`,
      activationCode: `LPA:1$smdp.test.example$${randomBytes(8).toString('hex').toUpperCase()}`,
      activeExpireDate: expires,
    };
  });
  await t.database.db.transaction((tx) =>
    insertStockRows(tx, rows, {
      importId: randomUUID(),
      productId,
      fileName: 'test.csv',
      actor: SYSTEM_ACTOR,
      seal: box.seal,
      now: new Date(),
    }),
  );
}

/** A purchase request for the world's partner. */
export function orderBody(
  world: Pick<PurchaseWorld, 'partnerId'>,
  lines: { productId: string; quantity: number }[],
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return { partnerId: world.partnerId, lines, customerName: 'Taro Yamada', ...extra };
}

export { insertRate, unique };
