/**
 * Sample suppliers and exchange rates, so a fresh console has something to show. Created through
 * the services (validated and audited, actor 'system'), only into empty tables, and only when
 * sampleDataEnabled(): SEED_SAMPLE_DATA=true|false, default on in the embedded default (no
 * DATABASE_URL) and off with a real PostgreSQL. createTestApp never calls it (tests start empty).
 */
import { ESIMGO_DEFAULT_BASE_URL, businessToday, type CreateSupplierData } from '@esim/contracts';
import { sql } from 'drizzle-orm';
import { SYSTEM_ACTOR } from '../../audit';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { exchangeRates, suppliers } from '../../db/schema';
import { BusinessRuleError, NameExistsError, ValidationError } from '../../http/errors';
import { createExchangeRateService } from '../exchange-rates/public';
import { createSupplierService } from './service';

/** SEED_SAMPLE_DATA=true|false; unset: on without DATABASE_URL (the embedded default). */
export function sampleDataEnabled(
  env: NodeJS.ProcessEnv,
  databaseUrl: string | undefined,
): boolean {
  if (env.SEED_SAMPLE_DATA === 'true') return true;
  if (env.SEED_SAMPLE_DATA === 'false') return false;
  return !databaseUrl;
}

const base = {
  target: null,
  type: null,
  abbreviation: null,
  status: 'active',
  companyName: null,
  contactName: null,
  email: null,
  phone: null,
  mobile: null,
  address: null,
  officeAddress: null,
  countryCode: null,
  postalCode: null,
  remark: null,
  purchaseCurrency: null,
  connectorKind: null,
  baseUrl: null,
  apiKey: null,
} as const;

export const SAMPLE_SUPPLIERS: CreateSupplierData[] = [
  {
    ...base,
    name: 'eSIM Go',
    target: 'Global travellers',
    type: 'eSIM wholesaler',
    abbreviation: 'ESIMGO',
    companyName: 'eSIM Go',
    contactName: 'Partner support',
    email: 'partners@esimgo.example',
    countryCode: 'GB',
    currency: 'GBP',
    purchaseCurrency: 'USD',
    deliveryType: 'api',
    connectorKind: 'esimgo',
    baseUrl: ESIMGO_DEFAULT_BASE_URL,
    remark: 'Bundles are bought in USD through the API; set the API key to test the connection.',
  },
  {
    ...base,
    name: 'Nippon Stock SIM',
    target: 'Inbound tourists',
    type: 'Physical SIM and eSIM stock',
    abbreviation: 'NSS',
    companyName: 'Nippon Stock SIM K.K.',
    contactName: 'Sato Hanako',
    email: 'orders@nippon-stock-sim.example',
    phone: '+81 3-1234-5678',
    address: '1-2-3 Shiba, Minato-ku, Tokyo',
    countryCode: 'JP',
    postalCode: '105-0014',
    currency: 'JPY',
    deliveryType: 'stock',
  },
  {
    ...base,
    name: 'Asia Pacific Data',
    target: 'Business travellers',
    type: 'Regional data bundles',
    abbreviation: 'APD',
    companyName: 'Asia Pacific Data Pte. Ltd.',
    email: 'sales@apdata.example',
    phone: '+65 6123 4567',
    countryCode: 'SG',
    postalCode: '018989',
    currency: 'SGD',
    purchaseCurrency: 'USD',
    deliveryType: 'api',
    connectorKind: 'generic',
    baseUrl: 'https://api.apdata.example/v1',
  },
  {
    ...base,
    name: 'EuroConnect Mobile',
    type: 'Roaming SIM stock',
    abbreviation: 'ECM',
    companyName: 'EuroConnect Mobile GmbH',
    email: 'vertrieb@euroconnect.example',
    countryCode: 'DE',
    postalCode: '10115',
    currency: 'EUR',
    deliveryType: 'stock',
    status: 'inactive',
    remark: 'Contract paused; kept for the order history.',
  },
];

/** JPY per unit: [a week ago, today]. */
export const SAMPLE_RATES: Record<string, [string, string]> = {
  USD: ['153.82', '154.215'],
  EUR: ['166.94', '167.48'],
  GBP: ['195.61', '196.32'],
  THB: ['4.4812', '4.5126'],
  SGD: ['116.35', '116.92'],
  AUD: ['99.41', '99.87'],
  HKD: ['19.74', '19.81'],
  TWD: ['4.7712', '4.7893'],
  KRW: ['0.10812', '0.108765'],
  CNY: ['21.18', '21.27'],
};

function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

async function isEmpty(db: Db, table: typeof suppliers | typeof exchangeRates): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(table);
  return (row?.count ?? 0) === 0;
}

export interface SampleDataResult {
  suppliersCreated: number;
  ratesCreated: number;
}

export interface SampleDataOptions {
  /**
   * The eSIM Go simulator the sample supplier 'eSIM Go' uses instead of the real API (the
   * embedded simulator, src/connectors/embedded.ts): its base URL and the key it accepts.
   */
  esimgoSimulator?: { baseUrl: string; apiKey: string } | null;
}

/** The sample suppliers, the eSIM Go one pointed at the simulator when there is one. */
export function sampleSuppliers(options: SampleDataOptions = {}): CreateSupplierData[] {
  const simulator = options.esimgoSimulator;
  if (!simulator) return SAMPLE_SUPPLIERS;
  return SAMPLE_SUPPLIERS.map((supplier) =>
    supplier.connectorKind === 'esimgo'
      ? {
          ...supplier,
          baseUrl: simulator.baseUrl,
          apiKey: simulator.apiKey,
          remark:
            'Demo: connected to the built-in eSIM Go simulator (docs/supplier-sync.md). Enter the real base URL and API key to use eSIM Go.',
        }
      : supplier,
  );
}

/** Creates the sample suppliers / rates when their tables are empty (each table on its own). */
export async function seedSampleData(
  deps: {
    db: Db;
    config: Pick<AppConfig, 'secretKey' | 'databaseUrl' | 'dataDir' | 'outboundAllowList'>;
  },
  options: SampleDataOptions = {},
): Promise<SampleDataResult> {
  const result: SampleDataResult = { suppliersCreated: 0, ratesCreated: 0 };
  if (await isEmpty(deps.db, suppliers)) {
    const service = createSupplierService(deps);
    for (const supplier of sampleSuppliers(options)) {
      try {
        try {
          await service.create(supplier, SYSTEM_ACTOR);
        } catch (error) {
          if (error instanceof ValidationError && supplier.connectorKind === 'esimgo') {
            // The simulator's address is not in OUTBOUND_ALLOW_LIST: the plain sample instead.
            const plain = SAMPLE_SUPPLIERS.find((sample) => sample.name === supplier.name);
            if (!plain) throw error;
            await service.create(plain, SYSTEM_ACTOR);
            result.suppliersCreated += 1;
            continue;
          }
          // No SECRET_KEY with DATABASE_URL: the simulator's key cannot be stored; seed without it.
          if (!(error instanceof BusinessRuleError) || !supplier.apiKey) throw error;
          await service.create({ ...supplier, apiKey: null }, SYSTEM_ACTOR);
        }
        result.suppliersCreated += 1;
      } catch (error) {
        // Another process seeding at the same moment: its row stands.
        if (!(error instanceof NameExistsError)) throw error;
      }
    }
  }
  if (await isEmpty(deps.db, exchangeRates)) {
    const service = createExchangeRateService(deps.db);
    const today = businessToday();
    const lastWeek = daysBefore(today, 7);
    for (const [currency, [previous, current]] of Object.entries(SAMPLE_RATES)) {
      await service.create({ currency, rate: previous, effectiveDate: lastWeek }, SYSTEM_ACTOR);
      await service.create({ currency, rate: current, effectiveDate: today }, SYSTEM_ACTOR);
      result.ratesCreated += 2;
    }
  }
  return result;
}
