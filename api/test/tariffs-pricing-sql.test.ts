import {
  MARKUP_OPTIONS,
  MAX_PRICE_JPY,
  computePrice,
  convertMinorToJpy,
  grossProfitPercent,
  type PricingRule,
} from '@esim/contracts';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertToJpy, getCurrentRates } from '../src/areas/exchange-rates/rates';
import { queryProductList } from '../src/areas/tariffs/prices';
import { products, roundCurrency, tariffCodes, tariffGroups, tariffPrices } from '../src/db/schema';
import { createTestApp, type TestContext } from './support/app';
import { insertRate, insertSupplier } from './tariffs-fixtures';

/*
 * The product list computes prices in SQL (api/src/areas/tariffs/pricing-sql.ts) so that it can
 * sort and page in PostgreSQL; the console previews with the TypeScript function (contracts
 * pricing.ts). Both must give the same yen for every product and rule: checked here on many
 * generated amounts, rates and every markup option, exact halves included.
 */

let t: TestContext;

function mulberry32(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const random = mulberry32(4242);
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));

/** Rates with 0 to 6 decimals over several magnitudes; a few exact halves on purpose. */
const RATES: Record<string, string> = {
  USD: '150.5',
  EUR: '160.125',
  GBP: '190.123457',
  KWD: '488.7654',
  KRW: '0.108899',
  VND: '0.005875',
  BHD: '399.999999',
  THB: '4.25',
};
const CURRENCIES = ['JPY', ...Object.keys(RATES)];
/** A rate too large for the integer form (the SQL falls back to exact numeric arithmetic). */
const HUGE_RATE = { currency: 'OMR', rate: '95000000000.5' };
const PRODUCT_COUNT = 400;
let tariffCodeId: string;
let minorUnitsOf: (currency: string) => number;

beforeAll(async () => {
  t = await createTestApp();
  for (const [currency, rate] of Object.entries(RATES)) await insertRate(t, currency, rate);
  await insertRate(t, HUGE_RATE.currency, HUGE_RATE.rate);
  const supplier = await insertSupplier(t);
  const minor = new Map(
    (
      await t.database.db
        .select({ iso: roundCurrency.isoCode, units: roundCurrency.minorUnits })
        .from(roundCurrency)
        .where(inArray(roundCurrency.isoCode, [...CURRENCIES, HUGE_RATE.currency]))
    ).map((row) => [row.iso, row.units]),
  );
  expect(minor.size).toBe(CURRENCIES.length + 1);
  minorUnitsOf = (currency) => minor.get(currency) ?? 0;
  const rows = [];
  for (let index = 0; index < PRODUCT_COUNT; index += 1) {
    const currency = CURRENCIES[index % CURRENCIES.length] as string;
    const magnitude = [100, 10_000, 1_000_000, 100_000_000][index % 4] as number;
    let costMinor = int(0, magnitude);
    // Amounts whose conversion lands on exactly half a yen (USD x 150.5: 1.00 -> 150.5; THB x 4.25).
    if (index % 7 === 0 && (currency === 'USD' || currency === 'THB')) {
      costMinor = (int(0, 5000) * 2 + 1) * (currency === 'USD' ? 100 : 200);
    }
    const rate = currency === 'JPY' ? '1' : (RATES[currency] as string);
    if (convertMinorToJpy(costMinor, minor.get(currency) ?? 0, rate) > 500_000_000)
      costMinor = int(0, 100);
    const priceMinor = index % 5 === 0 ? null : costMinor + int(0, magnitude);
    rows.push({
      supplierId: supplier.id,
      name: `Generated ${index}`,
      productCode: `GEN-${index}`,
      costMinor,
      costCurrency: currency,
      priceMinor:
        priceMinor !== null &&
        convertMinorToJpy(priceMinor, minor.get(currency) ?? 0, rate) > 1_000_000_000
          ? costMinor
          : priceMinor,
      durationDays: 7,
      type: 'package' as const,
      network: 'local' as const,
      createdBy: 'test',
      updatedBy: 'test',
    });
  }
  // Amounts beyond the integer form's range: the numeric fallback must agree too.
  const special = [
    { code: 'BIG-USD', costMinor: 2_000_000_000, currency: 'USD' },
    { code: 'BIG-KWD', costMinor: 1_999_999_999, currency: 'KWD' },
    { code: 'HUGE-RATE', costMinor: 12_345, currency: HUGE_RATE.currency },
  ];
  for (const item of special) {
    rows.push({
      ...rows[0]!,
      name: item.code,
      productCode: item.code,
      costMinor: item.costMinor,
      costCurrency: item.currency,
      priceMinor: item.costMinor,
    });
  }
  const inserted = await t.database.db.insert(products).values(rows).returning({ id: products.id });
  const [group] = await t.database.db
    .insert(tariffGroups)
    .values({ tariffGroup: 'SQLTS', name: 'SQL/TS', createdBy: 'test', updatedBy: 'test' })
    .returning();
  const [code] = await t.database.db
    .insert(tariffCodes)
    .values({ groupId: group!.id, tariffCode: 'SQLTS-1', createdBy: 'test', updatedBy: 'test' })
    .returning();
  tariffCodeId = code!.id;
  // Manual prices on every 9th product (some below cost: the profit goes negative).
  await t.database.db.insert(tariffPrices).values(
    inserted
      .filter((_, index) => index % 9 === 0)
      .map((row, index) => ({
        tariffCodeId,
        productId: row.id,
        priceJpy: 1 + ((index * 7_919) % 250_000),
        updatedBy: 'test',
      })),
  );
});

afterAll(() => t?.close());

function rules(): PricingRule[] {
  const list: PricingRule[] = [];
  for (const logic1 of MARKUP_OPTIONS) {
    for (const baseTariff of ['cost', 'price'] as const) {
      list.push({ baseTariff, logic1, logic2: 0, logic3: 0 });
      list.push({ baseTariff, logic1, logic2: int(1, 5_000), logic3: 1 });
      list.push({ baseTariff, logic1, logic2: int(1, 50_000), logic3: 0 });
    }
  }
  return list;
}

describe('SQL and TypeScript pricing agree', () => {
  it('on converted costs and list prices (the exchange-rate library and the SQL)', async () => {
    const rates = await getCurrentRates(t.database.db, [...CURRENCIES, HUGE_RATE.currency]);
    const { items, missingCurrency } = await queryProductList(
      t.database.db,
      {
        tariffCodeId,
        rule: { baseTariff: 'cost', logic1: 40, logic2: 0, logic3: 0 },
        inputMode: 'auto',
      },
      {},
      { page: 1, pageSize: null, order: 'asc' },
    );
    expect(missingCurrency).toBeNull();
    expect(items).toHaveLength(PRODUCT_COUNT + 3);
    expect(items.find((item) => item.productCode === 'HUGE-RATE')?.costJpy).toBe(
      convertMinorToJpy(12_345, minorUnitsOf(HUGE_RATE.currency), HUGE_RATE.rate),
    );
    for (const item of items) {
      expect(item.costJpy, item.productCode).toBe(
        convertToJpy(item.costMinor, item.costCurrency, rates),
      );
      expect(item.priceJpy, item.productCode).toBe(
        item.priceMinor === null ? null : convertToJpy(item.priceMinor, item.costCurrency, rates),
      );
    }
  });

  it('on computed prices, selling prices and gross profit for every markup option', async () => {
    let compared = 0;
    const mismatches: unknown[] = [];
    for (const rule of rules()) {
      for (const inputMode of ['auto', 'manual'] as const) {
        if (inputMode === 'manual' && rule.logic1 % 25 !== 0) continue;
        const { items } = await queryProductList(
          t.database.db,
          { tariffCodeId, rule, inputMode },
          {},
          { page: 1, pageSize: null, order: 'asc', sort: 'computedPrice' },
        );
        for (const item of items) {
          if (Math.max(item.costJpy, item.priceJpy ?? 0) > MAX_PRICE_JPY) continue;
          const computed = computePrice({ costJpy: item.costJpy, priceJpy: item.priceJpy }, rule);
          const selling = item.manualPrice ?? (inputMode === 'auto' ? computed : null);
          const expected = {
            computedPrice: computed,
            sellingPrice: selling,
            grossProfit: selling === null ? null : selling - item.costJpy,
            grossProfitPercent: selling === null ? null : grossProfitPercent(selling, item.costJpy),
          };
          const actual = {
            computedPrice: item.computedPrice,
            sellingPrice: item.sellingPrice,
            grossProfit: item.grossProfit,
            grossProfitPercent: item.grossProfitPercent,
          };
          const same = (Object.keys(expected) as (keyof typeof expected)[]).every(
            (key) => expected[key] === actual[key],
          );
          if (!same)
            mismatches.push({ product: item.productCode, rule, inputMode, expected, actual });
          compared += 1;
        }
      }
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
    expect(compared).toBeGreaterThan(70_000);
  });
});
