/**
 * Fixtures of the tariff tests: suppliers, exchange rates and products written straight into the
 * test database (products through the products-sample service, the same path the sample data
 * takes), plus small request helpers.
 */
import { randomBytes } from 'node:crypto';
import type { CreateProductInput, ProductDetail } from '@esim/contracts';
import { expect } from 'vitest';
import { SYSTEM_ACTOR } from '../src/audit';
import { createProductIn } from '../src/areas/products-sample/service';
import { exchangeRates, suppliers } from '../src/db/schema';
import type { TestContext } from './support/app';

export function unique(prefix: string): string {
  return `${prefix}-${randomBytes(3).toString('hex')}`.toUpperCase();
}

export async function insertSupplier(
  t: TestContext,
  name = unique('Supplier'),
  currency = 'USD',
): Promise<{ id: string; name: string }> {
  const [row] = await t.database.db
    .insert(suppliers)
    .values({
      name,
      currency,
      purchaseCurrency: currency,
      deliveryType: 'stock',
      createdBy: 'test',
      updatedBy: 'test',
    })
    .returning({ id: suppliers.id, name: suppliers.name });
  if (!row) throw new Error('supplier not inserted');
  return row;
}

/** A rate to JPY; effective today unless told (yyyy-MM-dd). */
export async function insertRate(
  t: TestContext,
  currency: string,
  rate: string,
  effectiveDate = '2000-01-01',
): Promise<void> {
  await t.database.db
    .insert(exchangeRates)
    .values({ currency, rate, effectiveDate, createdBy: 'test' });
}

export async function insertProduct(
  t: TestContext,
  input: Partial<CreateProductInput> & { supplierId: string },
): Promise<ProductDetail> {
  return createProductIn(
    t.database.db,
    {
      name: 'Sample product',
      productCode: unique('P'),
      costMinor: 1000,
      costCurrency: 'JPY',
      durationDays: 7,
      type: 'package',
      network: 'local',
      coverage: ['JP'],
      ...input,
    },
    SYSTEM_ACTOR,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers, asserted field by field
export type Json = any;

export interface Api {
  get(url: string, token?: string): Promise<{ status: number; body: Json }>;
  post(url: string, payload: unknown, token?: string): Promise<{ status: number; body: Json }>;
  put(url: string, payload: unknown, token?: string): Promise<{ status: number; body: Json }>;
  del(url: string, token?: string): Promise<{ status: number; body: Json }>;
}

/** Requests under /api/mng with the given token (default: the administrator's). */
export function api(t: TestContext, defaultToken: string): Api {
  const call = async (method: string, url: string, payload: unknown, token?: string) => {
    const res = await t.inject({
      method: method as 'GET',
      url: `/api/mng/${url}`,
      token: token ?? defaultToken,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: res.statusCode, body: res.body ? res.json() : null };
  };
  return {
    get: (url, token) => call('GET', url, undefined, token),
    post: (url, payload, token) => call('POST', url, payload, token),
    put: (url, payload, token) => call('PUT', url, payload, token),
    del: (url, token) => call('DELETE', url, undefined, token),
  };
}

export function expectFieldError(
  response: { status: number; body: Json },
  field: string,
  message?: string,
) {
  expect(response.status, JSON.stringify(response.body)).toBe(400);
  const error = response.body.errors.find((item: { field?: string }) => item.field === field);
  expect(error, JSON.stringify(response.body)).toBeDefined();
  if (message !== undefined) expect(error.message).toBe(message);
}
