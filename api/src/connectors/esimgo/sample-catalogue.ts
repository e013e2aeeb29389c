/**
 * The simulator's demo catalogue and eSIMs. The bundle names are the product codes of the sample
 * eSIM Go products (api/src/areas/products-sample/sample.ts), so against the sample data the sync
 * shows: most bundles unchanged, three changed (a cost, a data amount, a coverage) and two new.
 * The sample GBP bundles (ESG-UK-*, ESG-EU-*) are not in it: bundles we have but the supplier
 * no longer lists are not sync candidates.
 */

export interface EsimGoCountry {
  name: string;
  region: string;
  iso: string;
}

/** A bundle as eSIM Go's catalogue answers it (v2.4 field names). */
export interface EsimGoBundle {
  name: string;
  description: string;
  groups: string[];
  countries: EsimGoCountry[];
  /** MB; -1 with unlimited: true for unlimited bundles. */
  dataAmount: number;
  /** Days. */
  duration: number;
  speed: string[];
  autostart: boolean;
  unlimited: boolean;
  roamingEnabled: EsimGoCountry[];
  /** In the organisation's currency (the sample organisation pays in USD). */
  price: number;
  billingType: string;
}

export interface EsimGoEsim {
  iccid: string;
  customerRef: string;
  lastAction: string;
  actionDate: string;
  physical: boolean;
  assignedDate: string;
  /** Not in eSIM Go's list answer (only in GET /esims/{iccid}); the simulator adds them. */
  bundle: string;
  smdpAddress: string;
  matchingId: string;
}

const COUNTRY_NAMES: Record<string, [string, string]> = {
  JP: ['Japan', 'Asia'],
  KR: ['South Korea', 'Asia'],
  TW: ['Taiwan', 'Asia'],
  HK: ['Hong Kong', 'Asia'],
  SG: ['Singapore', 'Asia'],
  TH: ['Thailand', 'Asia'],
  MY: ['Malaysia', 'Asia'],
  VN: ['Vietnam', 'Asia'],
  PH: ['Philippines', 'Asia'],
  US: ['United States', 'North America'],
  AU: ['Australia', 'Oceania'],
  DE: ['Germany', 'Europe'],
  FR: ['France', 'Europe'],
  IT: ['Italy', 'Europe'],
  ES: ['Spain', 'Europe'],
  NL: ['Netherlands', 'Europe'],
  AT: ['Austria', 'Europe'],
  CH: ['Switzerland', 'Europe'],
  BE: ['Belgium', 'Europe'],
  PT: ['Portugal', 'Europe'],
  GB: ['United Kingdom', 'Europe'],
};

export function esimGoCountry(iso: string): EsimGoCountry {
  const code = iso.toUpperCase();
  const [name, region] = COUNTRY_NAMES[code] ?? [code, 'Global'];
  return { name, region, iso: code };
}

export function esimGoBundle(
  name: string,
  description: string,
  isos: string[],
  dataGb: number | null,
  duration: number,
  price: number,
): EsimGoBundle {
  const countries = isos.map(esimGoCountry);
  return {
    name,
    description,
    groups: ['Standard eSIM Bundles'],
    countries,
    dataAmount: dataGb === null ? -1 : Math.round(dataGb * 1024),
    duration,
    speed: ['4G', '5G'],
    autostart: true,
    unlimited: dataGb === null,
    roamingEnabled: [],
    price,
    billingType: 'FixedCost',
  };
}

const ASIA = ['JP', 'KR', 'TW', 'HK', 'SG', 'TH', 'MY', 'VN'];
const EUROPE = ['DE', 'FR', 'IT', 'ES', 'NL', 'AT', 'CH', 'BE', 'PT', 'GB'];

/** A fresh copy of the demo catalogue. */
export function sampleCatalogue(): EsimGoBundle[] {
  return [
    // Unchanged against the sample products.
    esimGoBundle('ESG-JP-1GB-7D', 'Japan 1GB 7 days', ['JP'], 1, 7, 3.5),
    esimGoBundle('ESG-JP-3GB-15D', 'Japan 3GB 15 days', ['JP'], 3, 15, 8.2),
    esimGoBundle('ESG-KR-5GB-15D', 'South Korea 5GB 15 days', ['KR'], 5, 15, 11.5),
    esimGoBundle('ESG-TH-UL-1D', 'Thailand unlimited day pass', ['TH'], null, 1, 2.1),
    esimGoBundle(
      'ESG-GLOBAL-3GB-30D',
      'Global 3GB 30 days',
      [...ASIA, ...EUROPE, 'US', 'AU'],
      3,
      30,
      24.5,
    ),
    // Changed: cost 19.90 -> 18.50, data 5 GB -> 6 GB, coverage + Philippines.
    esimGoBundle('ESG-JP-10GB-30D', 'Japan 10GB 30 days', ['JP'], 10, 30, 18.5),
    esimGoBundle('ESG-US-5GB-30D', 'USA 6GB 30 days', ['US'], 6, 30, 13.75),
    esimGoBundle('ESG-ASIA-5GB-15D', 'Asia 9 countries 5GB 15 days', [...ASIA, 'PH'], 5, 15, 15.9),
    // New at the supplier.
    esimGoBundle('ESG-SG-3GB-7D', 'Singapore 3GB 7 days', ['SG'], 3, 7, 4.2),
    esimGoBundle('ESG-AU-5GB-30D', 'Australia 5GB 30 days', ['AU'], 5, 30, 12.9),
  ];
}

/** ICCID with a valid Luhn check digit: 89 44 + 15 digits + check digit. */
export function iccidFor(serial: number): string {
  const body = `8944${String(100_000_000_000_000 + serial).slice(1)}`;
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    let digit = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return body + String((10 - (sum % 10)) % 10);
}

export const SIMULATOR_SMDP_ADDRESS = 'rsp.simulator.esimgo.example';

export function sampleEsim(serial: number, bundle: string, day: number): EsimGoEsim {
  const date = new Date(Date.UTC(2026, 9, 1 + day, 9, 30)).toISOString();
  return {
    iccid: iccidFor(serial),
    customerRef: `SIM-${String(serial).padStart(4, '0')}`,
    lastAction:
      serial % 3 === 0 ? 'Bundle Applied' : serial % 3 === 1 ? 'eSIM Updated' : 'Bundle Refund',
    actionDate: date,
    physical: false,
    assignedDate: date,
    bundle,
    smdpAddress: SIMULATOR_SMDP_ADDRESS,
    matchingId: `SIM-${String(serial).padStart(4, '0')}-${(serial * 7919).toString(36).toUpperCase()}`,
  };
}

/** A fresh copy of the demo eSIMs (25, so a page size of 10 has three pages). */
export function sampleEsims(): EsimGoEsim[] {
  const bundles = ['ESG-JP-1GB-7D', 'ESG-JP-3GB-15D', 'ESG-KR-5GB-15D', 'ESG-TH-UL-1D'];
  return Array.from({ length: 25 }, (_, i) =>
    sampleEsim(i + 1, bundles[i % bundles.length] ?? 'ESG-JP-1GB-7D', i),
  );
}
