/**
 * Sample products (and one sample tariff profile with two codes), so that tariffs have something
 * to price on a fresh console. Created through the services (validated, audited, actor 'system'),
 * only into an empty products table, for the sample suppliers of the suppliers area
 * (SAMPLE_SUPPLIERS in ../suppliers/sample-data.ts) and with costs in currencies its sample rates
 * cover (USD, EUR, GBP, SGD; JPY needs none). Gated like the sample suppliers:
 * sampleDataEnabled() (SEED_SAMPLE_DATA, default on in the embedded default only); call
 * seedSampleProducts() right after seedSampleData(). Products carry display names, descriptions,
 * labels, and (JPY products) selling and special prices.
 */
import type { CreateProductInput } from '@esim/contracts';
import { inArray, sql } from 'drizzle-orm';
import { SYSTEM_ACTOR } from '../../audit';
import type { Db } from '../../db/client';
import { products, suppliers, tariffGroups } from '../../db/schema';
import { NameExistsError } from '../../http/errors';
import { createTariffService } from '../tariffs/public';
import { findProductRow, productToday, writeProductChange } from '../products/public';
import { addDays } from '../list-helpers';
import { createProduct } from './service';

type SampleProduct = Omit<CreateProductInput, 'supplierId'>;

const GB = 1024;

function bundle(
  productCode: string,
  name: string,
  category: string,
  coverage: string[],
  dataGb: number | null,
  durationDays: number,
  cost: [number, string],
  price: number | null,
  extra: Partial<SampleProduct> = {},
): SampleProduct {
  const unlimited = dataGb === null;
  return {
    productCode,
    name,
    display: name.replace(/ \(SIM\)$/, ''),
    description: `${unlimited ? 'Unlimited data' : `${dataGb} GB of data`} for ${durationDays} day${durationDays === 1 ? '' : 's'} in ${coverage.length === 1 ? coverage[0] : `${coverage.length} countries`}; ${unlimited ? 'fair use applies' : 'then 128 kbps'}.`,
    labels: [
      ...(coverage.length > 1 ? ['Multi-country'] : []),
      ...(unlimited ? ['Unlimited'] : []),
      ...(durationDays >= 30 ? ['Long stay'] : []),
    ],
    category,
    coverage,
    dataMb: dataGb === null ? null : Math.round(dataGb * GB),
    durationDays,
    costMinor: cost[0],
    costCurrency: cost[1],
    priceMinor: price,
    type: 'package',
    network: coverage.length > 1 ? 'round' : 'local',
    ...extra,
  };
}

const EUROPE = ['DE', 'FR', 'IT', 'ES', 'NL', 'AT', 'CH', 'BE', 'PT', 'GB'];
const ASIA = ['JP', 'KR', 'TW', 'HK', 'SG', 'TH', 'MY', 'VN'];

/** Sample products by supplier name (costs in the supplier's purchase currency, minor units). */
export const SAMPLE_PRODUCTS: Record<string, SampleProduct[]> = {
  'eSIM Go': [
    bundle('ESG-JP-1GB-7D', 'Japan 1GB 7 days', 'Japan', ['JP'], 1, 7, [350, 'USD'], 600),
    bundle('ESG-JP-3GB-15D', 'Japan 3GB 15 days', 'Japan', ['JP'], 3, 15, [820, 'USD'], 1400),
    bundle('ESG-JP-10GB-30D', 'Japan 10GB 30 days', 'Japan', ['JP'], 10, 30, [1990, 'USD'], 3300),
    bundle(
      'ESG-KR-5GB-15D',
      'South Korea 5GB 15 days',
      'Korea',
      ['KR'],
      5,
      15,
      [1150, 'USD'],
      1900,
    ),
    bundle('ESG-US-5GB-30D', 'USA 5GB 30 days', 'Americas', ['US'], 5, 30, [1375, 'USD'], 2200),
    bundle(
      'ESG-TH-UL-1D',
      'Thailand unlimited day pass',
      'Thailand',
      ['TH'],
      null,
      1,
      [210, 'USD'],
      400,
      {
        type: 'daypass',
      },
    ),
    bundle(
      'ESG-ASIA-5GB-15D',
      'Asia 8 countries 5GB 15 days',
      'Regional',
      ASIA,
      5,
      15,
      [1590, 'USD'],
      2600,
    ),
    bundle(
      'ESG-GLOBAL-3GB-30D',
      'Global 3GB 30 days',
      'Global',
      [...ASIA, ...EUROPE, 'US', 'AU'],
      3,
      30,
      [2450, 'USD'],
      null,
    ),
    bundle(
      'ESG-UK-3GB-15D',
      'United Kingdom 3GB 15 days',
      'Europe',
      ['GB'],
      3,
      15,
      [640, 'GBP'],
      1100,
    ),
    bundle(
      'ESG-UK-10GB-30D',
      'United Kingdom 10GB 30 days',
      'Europe',
      ['GB'],
      10,
      30,
      [1290, 'GBP'],
      2000,
    ),
    bundle(
      'ESG-EU-5GB-15D',
      'Europe 10 countries 5GB 15 days',
      'Regional',
      EUROPE,
      5,
      15,
      [895, 'GBP'],
      1500,
    ),
    bundle(
      'ESG-EU-UL-1D',
      'Europe unlimited day pass',
      'Regional',
      EUROPE,
      null,
      1,
      [299, 'GBP'],
      500,
      {
        type: 'daypass',
      },
    ),
  ],
  'Nippon Stock SIM': [
    bundle('NSS-JP-1GB-3D', 'Japan 1GB 3 days (SIM)', 'Japan', ['JP'], 1, 3, [380, 'JPY'], 700, {
      sellingPriceJpy: 780,
      labels: ['Best seller'],
    }),
    bundle('NSS-JP-3GB-8D', 'Japan 3GB 8 days (SIM)', 'Japan', ['JP'], 3, 8, [900, 'JPY'], 1600, {
      sellingPriceJpy: 1680,
      labels: ['Best seller', 'Airport pick-up'],
      apnType: 'manual',
      apnValue: 'nss.jp',
    }),
    bundle(
      'NSS-JP-5GB-15D',
      'Japan 5GB 15 days (SIM)',
      'Japan',
      ['JP'],
      5,
      15,
      [1450, 'JPY'],
      2500,
    ),
    bundle(
      'NSS-JP-10GB-31D',
      'Japan 10GB 31 days (SIM)',
      'Japan',
      ['JP'],
      10,
      31,
      [2400, 'JPY'],
      3980,
    ),
    bundle(
      'NSS-JP-20GB-31D',
      'Japan 20GB 31 days (SIM)',
      'Japan',
      ['JP'],
      20,
      31,
      [3900, 'JPY'],
      5980,
    ),
    bundle(
      'NSS-JP-UL-1D',
      'Japan unlimited day pass (SIM)',
      'Japan',
      ['JP'],
      null,
      1,
      [450, 'JPY'],
      800,
      {
        type: 'daypass',
      },
    ),
    bundle(
      'NSS-JP-UL-7D',
      'Japan unlimited 7 days (SIM)',
      'Japan',
      ['JP'],
      null,
      7,
      [2650, 'JPY'],
      4500,
    ),
    bundle(
      'NSS-JP-50GB-90D',
      'Japan 50GB 90 days (SIM)',
      'Japan',
      ['JP'],
      50,
      90,
      [7800, 'JPY'],
      null,
    ),
  ],
  'Asia Pacific Data': [
    bundle('APD-SG-3GB-7D', 'Singapore 3GB 7 days', 'Singapore', ['SG'], 3, 7, [650, 'SGD'], 1200),
    bundle(
      'APD-SGMY-5GB-15D',
      'Singapore and Malaysia 5GB 15 days',
      'Regional',
      ['SG', 'MY'],
      5,
      15,
      [1180, 'SGD'],
      2000,
    ),
    bundle('APD-HK-3GB-7D', 'Hong Kong 3GB 7 days', 'Hong Kong', ['HK'], 3, 7, [540, 'USD'], 900),
    bundle('APD-TW-5GB-10D', 'Taiwan 5GB 10 days', 'Taiwan', ['TW'], 5, 10, [690, 'USD'], 1100),
    bundle(
      'APD-VN-UL-1D',
      'Vietnam unlimited day pass',
      'Vietnam',
      ['VN'],
      null,
      1,
      [180, 'USD'],
      350,
      {
        type: 'daypass',
      },
    ),
    bundle(
      'APD-AU-10GB-30D',
      'Australia 10GB 30 days',
      'Oceania',
      ['AU'],
      10,
      30,
      [1990, 'USD'],
      3200,
    ),
  ],
  'EuroConnect Mobile': [
    bundle(
      'ECM-DE-5GB-30D',
      'Germany 5GB 30 days (SIM)',
      'Europe',
      ['DE'],
      5,
      30,
      [890, 'EUR'],
      1500,
    ),
    bundle(
      'ECM-FR-5GB-30D',
      'France 5GB 30 days (SIM)',
      'Europe',
      ['FR'],
      5,
      30,
      [890, 'EUR'],
      1500,
    ),
    bundle(
      'ECM-IT-3GB-15D',
      'Italy 3GB 15 days (SIM)',
      'Europe',
      ['IT'],
      3,
      15,
      [650, 'EUR'],
      1100,
      {
        status: 'inactive',
      },
    ),
    bundle(
      'ECM-EU-20GB-30D',
      'Europe 20GB 30 days (SIM)',
      'Regional',
      EUROPE,
      20,
      30,
      [2290, 'EUR'],
      3900,
    ),
  ],
};

/** Sample special prices (JPY products: no rate needed), valid from today for `days` days. */
export const SAMPLE_SPECIAL_PRICES: Record<string, { specialPriceJpy: number; days: number }> = {
  'NSS-JP-5GB-15D': { specialPriceJpy: 2280, days: 30 },
  'NSS-JP-UL-7D': { specialPriceJpy: 3980, days: 14 },
};

/** A sample tariff profile with a retail code (the group's rule) and a partner code (overrides). */
export const SAMPLE_TARIFF = {
  group: {
    tariffGroup: 'STANDARD',
    name: 'Standard price list',
    description: 'Sample profile: cost + 40 %.',
  },
  codes: [
    { tariffCode: 'STD-RETAIL', name: 'Retail' },
    { tariffCode: 'STD-PARTNER', name: 'Partners', logic1: 25, logic2: 300, logic3: 0 as const },
  ],
};

export interface SampleProductsResult {
  productsCreated: number;
  tariffCodesCreated: number;
}

/**
 * Creates the sample products when the products table is empty (for the sample suppliers that
 * exist), and the sample tariff profile when there is no tariff profile yet.
 */
export async function seedSampleProducts(deps: { db: Db }): Promise<SampleProductsResult> {
  const { db } = deps;
  const result: SampleProductsResult = { productsCreated: 0, tariffCodesCreated: 0 };
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(products);
  if ((count?.n ?? 0) === 0) {
    const found = await db
      .select({ id: suppliers.id, name: suppliers.name })
      .from(suppliers)
      .where(inArray(suppliers.name, Object.keys(SAMPLE_PRODUCTS)));
    for (const supplier of found) {
      for (const product of SAMPLE_PRODUCTS[supplier.name] ?? []) {
        try {
          await db.transaction(async (tx) => {
            const created = await createProduct(
              tx,
              { ...product, supplierId: supplier.id },
              SYSTEM_ACTOR,
            );
            const special = SAMPLE_SPECIAL_PRICES[product.productCode];
            if (special) {
              const today = productToday();
              await writeProductChange(
                tx,
                await findProductRow(tx, created.id, true),
                {
                  specialPriceJpy: special.specialPriceJpy,
                  specialFrom: today,
                  specialTo: addDays(today, special.days),
                },
                SYSTEM_ACTOR,
              );
            }
          });
          result.productsCreated += 1;
        } catch (error) {
          // Another process seeding at the same moment: its row stands.
          if (!(error instanceof NameExistsError)) throw error;
        }
      }
    }
  }
  const [groups] = await db.select({ n: sql<number>`count(*)::int` }).from(tariffGroups);
  if ((groups?.n ?? 0) === 0) {
    const tariffs = createTariffService({ db });
    try {
      await tariffs.createGroup(SAMPLE_TARIFF.group, SYSTEM_ACTOR);
      for (const code of SAMPLE_TARIFF.codes) {
        await tariffs.createCode(
          { tariffGroup: SAMPLE_TARIFF.group.tariffGroup, ...code },
          SYSTEM_ACTOR,
        );
        result.tariffCodesCreated += 1;
      }
    } catch (error) {
      if (!(error instanceof NameExistsError)) throw error;
    }
  }
  return result;
}
