import { ERROR_CODES, ROLE_IDS, businessToday } from '@esim/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MissingExchangeRateError,
  convertToJpy,
  currentRatesSubquery,
  getCurrentRates,
} from '../src/areas/exchange-rates/rates';
import { BusinessRuleError } from '../src/http/errors';
import { createTestApp, type TestContext, type TestUser } from './support/app';

let t: TestContext;
let admin: string;
let staff: TestUser;
let partner: TestUser;

const today = businessToday();
function shift(days: number, from = today): string {
  const date = new Date(`${from}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  staff = await t.createUser({ roleId: ROLE_IDS.staff });
  partner = await t.createUser({ roleId: ROLE_IDS.partner });
});

afterAll(() => t?.close());

async function addRate(
  currency: string,
  rate: string | number,
  effectiveDate = today,
  token = admin,
) {
  return t.inject({
    method: 'POST',
    url: '/api/mng/exchange-rate',
    token,
    payload: { currency, rate, effectiveDate },
  });
}

function fieldErrors(body: { errors: { field?: string; message: string }[] }) {
  return Object.fromEntries(body.errors.map((error) => [error.field ?? '', error.message]));
}

describe('POST exchange-rate', () => {
  it('adds a rate as exact decimal text, audited, with the message to toast', async () => {
    const res = await addRate('usd', '0154.21500', shift(-30), staff.token);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Exchange rate saved.',
      data: {
        currency: 'USD',
        currencyName: 'US Dollar',
        baseCurrency: 'JPY',
        rate: '154.215',
        effectiveDate: shift(-30),
        version: 1,
        createdBy: staff.email,
      },
    });
    const numeric = await addRate('EUR', 167.123456, shift(-30));
    expect(numeric.json().data.rate).toBe('167.123456');

    const history = await t.inject({
      method: 'GET',
      url: `/api/mng/exchange-rate/history?id=${res.json().data.id}`,
      token: admin,
    });
    expect(history.statusCode).toBe(200);
    expect(history.json().data.items).toEqual([
      expect.objectContaining({
        entityType: 'exchangeRate',
        action: 'create',
        actor: { userId: staff.id, email: staff.email },
        changes: [
          { field: 'currency', before: null, after: 'USD' },
          { field: 'baseCurrency', before: null, after: 'JPY' },
          { field: 'rate', before: null, after: '154.215' },
          { field: 'effectiveDate', before: null, after: shift(-30) },
        ],
      }),
    ]);
  });

  it('applies the spec rules: positive, at most 6 decimals, never 1, a real date', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ rate: 1 }, 'rate', 'Exchange rate should not be equal to 1.'],
      [{ rate: '1.000000' }, 'rate', 'Exchange rate should not be equal to 1.'],
      [{ rate: '001' }, 'rate', 'Exchange rate should not be equal to 1.'],
      [{ rate: '151.1234567' }, 'rate', 'Exchange rate cannot exceed 6 decimal places.'],
      [{ rate: 0.0000001 }, 'rate', 'Exchange rate must be a valid number.'],
      [{ rate: '-150' }, 'rate', 'Invalid exchange rate format.'],
      [{ rate: -150 }, 'rate', 'Invalid exchange rate format.'],
      [{ rate: 0 }, 'rate', 'Invalid exchange rate format.'],
      [{ rate: '0.000' }, 'rate', 'Invalid exchange rate format.'],
      [{ rate: '1e3' }, 'rate', 'Exchange rate must be a valid number.'],
      [{ rate: '150,5' }, 'rate', 'Exchange rate must be a valid number.'],
      [{ rate: '1234567890123' }, 'rate', 'Invalid exchange rate format.'],
      [{ rate: '' }, 'rate', 'Exchange rate is required.'],
      [{ rate: null }, 'rate', 'Exchange rate is required.'],
      [{ effectiveDate: '2026-02-30' }, 'effectiveDate', 'Invalid date format.'],
      [{ effectiveDate: '21/11/2026' }, 'effectiveDate', 'Invalid date format.'],
      [{ effectiveDate: undefined }, 'effectiveDate', 'Effective date is required.'],
      [{ currency: undefined }, 'currency', 'Currency is required.'],
      [{ currency: 'US D' }, 'currency', 'Invalid currency format.'],
      [{ currency: 'USDOLLAR' }, 'currency', 'Enter Currency within 5 characters.'],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/mng/exchange-rate',
        token: admin,
        payload: { currency: 'GBP', rate: '196.3', effectiveDate: today, ...overrides },
      });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(fieldErrors(res.json())[field], JSON.stringify(overrides)).toBe(message);
    }
  });

  it('needs an active currency other than JPY', async () => {
    for (const currency of ['JPY', 'XXQ']) {
      const res = await addRate(currency, '2.5');
      expect(res.statusCode, currency).toBe(400);
      expect(fieldErrors(res.json()).currency).toBe('Invalid currency format.');
    }
    await t.inject({
      method: 'PUT',
      url: '/api/mng/currency',
      token: admin,
      payload: { isoCode: 'ZMW', deleteFlag: true },
    });
    const retired = await addRate('ZMW', '5.9');
    expect(retired.statusCode).toBe(400);
  });
});

describe('current rates', () => {
  it('is the latest effective rate up to today; history is kept; future rates wait', async () => {
    await addRate('SGD', '110.5', shift(-10));
    await addRate('SGD', '112.25', shift(-1));
    await addRate('SGD', '999.99', shift(5));
    const res = await t.inject({
      method: 'GET',
      url: '/api/mng/exchange-rate/current',
      token: admin,
    });
    expect(res.statusCode).toBe(200);
    const sgd = res.json().data.find((rate: { currency: string }) => rate.currency === 'SGD');
    expect(sgd).toMatchObject({ rate: '112.25', effectiveDate: shift(-1), minorUnits: 2 });

    const earlier = await t.inject({
      method: 'GET',
      url: `/api/mng/exchange-rate/current?at=${shift(-5)}`,
      token: admin,
    });
    expect(
      earlier.json().data.find((rate: { currency: string }) => rate.currency === 'SGD').rate,
    ).toBe('110.5');
    const later = await getCurrentRates(t.database.db, ['SGD'], shift(6));
    expect(later.rates.get('SGD')?.rate).toBe('999.99');

    const list = await t.inject({
      method: 'POST',
      url: '/api/mng/exchange-rate/list',
      token: admin,
      payload: { currency: 'SGD' },
    });
    expect(list.json().data.items.map((rate: { rate: string }) => rate.rate)).toEqual([
      '999.99',
      '112.25',
      '110.5',
    ]);
  });

  it('on the same effective date, the latest entered wins', async () => {
    await addRate('HKD', '19.5', today);
    await addRate('HKD', '19.75', today);
    const rates = await getCurrentRates(t.database.db, ['HKD']);
    expect(rates.rates.get('HKD')?.rate).toBe('19.75');
  });

  it('shows on the dashboard with the rate each replaced (any signed-in role with dashboard GET)', async () => {
    await addRate('AUD', '98.5', shift(-3));
    await addRate('AUD', '99.87', today);
    await addRate('CHF', '171.2', today);
    const res = await t.inject({
      method: 'GET',
      url: '/api/mng/dashboard/exchange-rate',
      token: partner.token,
    });
    expect(res.statusCode).toBe(200);
    const byCurrency = Object.fromEntries(
      res.json().data.map((rate: { currency: string }) => [rate.currency, rate]),
    );
    expect(byCurrency.AUD).toEqual({
      currency: 'AUD',
      currencyName: 'Australian Dollar',
      baseCurrency: 'JPY',
      rate: '99.87',
      effectiveDate: today,
      previousRate: '98.5',
      trend: [
        { effectiveDate: shift(-3), rate: '98.5' },
        { effectiveDate: today, rate: '99.87' },
      ],
    });
    expect(byCurrency.CHF.previousRate).toBeNull();
    expect(byCurrency.SGD.rate).toBe('112.25');
    const noRole = await t.createUser({ roleId: null });
    expect(
      (
        await t.inject({
          method: 'GET',
          url: '/api/mng/dashboard/exchange-rate',
          token: noRole.token,
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('rates library (for tariffs and products)', () => {
  it('converts minor units to whole JPY at the current rate', async () => {
    await addRate('TWD', '4.7893', shift(-2));
    await addRate('KRW', '0.108765', shift(-2));
    const rates = await getCurrentRates(t.database.db, ['TWD', 'KRW', 'JPY']);
    expect(rates.at).toBe(today);
    expect([...rates.rates.keys()].sort()).toEqual(['KRW', 'TWD']);
    // 199.00 TWD * 4.7893 = 953.0707 -> 953
    expect(convertToJpy(19900, 'TWD', rates)).toBe(953);
    // 10,000 KRW (no minor unit) * 0.108765 = 1087.65 -> 1088
    expect(convertToJpy(10000, 'KRW', rates)).toBe(1088);
    expect(convertToJpy(1500, 'JPY', rates)).toBe(1500);
    expect(rates.rates.get('TWD')).toMatchObject({
      currencyName: 'New Taiwan Dollar',
      minorUnits: 2,
    });
  });

  it("fails with 'Exchange rate for a currency pair not available' naming the pair", async () => {
    const rates = await getCurrentRates(t.database.db, ['NZD']);
    let caught: unknown;
    try {
      convertToJpy(1000, 'NZD', rates);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(MissingExchangeRateError);
    expect(caught).toBeInstanceOf(BusinessRuleError);
    const error = caught as MissingExchangeRateError;
    expect(error.message).toBe('Exchange rate for a currency pair not available: NZD/JPY');
    expect(error.pair).toBe('NZD/JPY');
    expect(error.statusCode).toBe(422);
    expect(error.toBody().errors[0]?.code).toBe(ERROR_CODES.businessRule);
  });

  it('offers the current rates as a subquery to join in SQL', async () => {
    const current = currentRatesSubquery(t.database.db);
    const rows = await t.database.db
      .select({ currency: current.currency, rate: current.rate })
      .from(current);
    const twd = rows.find((row) => row.currency === 'TWD');
    expect(Number(twd?.rate)).toBe(4.7893);
    expect(new Set(rows.map((row) => row.currency)).size).toBe(rows.length);
  });
});

describe('POST exchange-rate/list', () => {
  it('filters by currency and effective-date range, sorts on whitelisted columns only', async () => {
    await addRate('CAD', '110.1', '2025-01-10');
    await addRate('CAD', '111.2', '2025-02-10');
    await addRate('CAD', '109.3', '2025-03-10');
    const range = await t.inject({
      method: 'POST',
      url: '/api/mng/exchange-rate/list',
      token: admin,
      payload: {
        currency: 'CAD',
        from: '2025-02-01',
        to: '2025-03-10',
        sort: 'rate',
        order: 'asc',
      },
    });
    expect(range.statusCode).toBe(200);
    expect(range.json().data.items.map((rate: { rate: string }) => rate.rate)).toEqual([
      '109.3',
      '111.2',
    ]);
    const search = await t.inject({
      method: 'POST',
      url: '/api/mng/exchange-rate/list',
      token: admin,
      payload: { search: 'canadian' },
    });
    expect(search.json().data.total).toBe(3);
    for (const payload of [
      { sort: 'rate desc; DROP TABLE exchange_rates' },
      { currency: "CAD' OR 1=1" },
      { to: 'yesterday' },
    ]) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/mng/exchange-rate/list',
        token: admin,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('POST exchange-rate/import', () => {
  async function importCsv(csv: string, dryRun?: boolean, token = admin) {
    return t.inject({
      method: 'POST',
      url: '/api/mng/exchange-rate/import',
      token,
      payload: dryRun === undefined ? { csv } : { csv, dryRun },
    });
  }

  async function countRates() {
    const [row] = await t.database.withConnection((query) =>
      query('SELECT count(*)::int AS n FROM exchange_rates'),
    );
    return row?.n as number;
  }

  it('dry run by default: parsed rows and row-level errors, nothing saved', async () => {
    const before = await countRates();
    const csv = [
      'currency,rate,effectiveDate',
      'MYR,33.12,2026-01-05',
      'MYR,33.12',
      'PHP,abc,2026-01-05',
      'JPY,1.5,2026-01-05',
      'PHP,2.71,2026-13-01',
      'IDR,1,2026-01-05',
      'VND,0.0061234567,2026-01-05',
      'myr, 33.50 ,2026-01-05',
      '"INR","1.79","2026-01-05"',
      '',
    ].join('\r\n');
    const res = await importCsv(csv);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(res.json().message).toBe('Import checked: nothing was saved.');
    expect(data.dryRun).toBe(true);
    expect(data.imported).toBe(0);
    expect(data.errors).toEqual([
      {
        row: 3,
        message: 'Imported CSV must have exactly 3 columns.',
        key: 'csvColumnCount',
        params: { columnCount: 3 },
      },
      {
        row: 4,
        field: 'rate',
        message: 'Invalid Exchange rate format at row 4.',
        key: 'invalidRowFormat',
        params: { name: 'exchangeRate', rowCount: 4 },
      },
      {
        row: 5,
        field: 'currency',
        message: 'Invalid Currency format at row 5.',
        key: 'invalidRowFormat',
        params: { name: 'currency', rowCount: 5 },
      },
      {
        row: 6,
        field: 'effectiveDate',
        message: 'Invalid Effective date format at row 6.',
        key: 'invalidRowFormat',
        params: { name: 'effectiveDate', rowCount: 6 },
      },
      {
        row: 7,
        field: 'rate',
        message: 'Exchange rate should not be equal to 1.',
        key: 'exchangeRateNotOne',
      },
      {
        row: 8,
        field: 'rate',
        message: 'Exchange rate cannot exceed 6 decimal places.',
        key: 'maxDecimals',
        params: { name: 'exchangeRate', limit: 6 },
      },
      {
        row: 9,
        message: 'Duplicate Currency and effective date detected; must be unique.',
        key: 'duplicate',
        params: { name: 'currencyAndDate' },
      },
    ]);
    expect(data.rows).toHaveLength(9);
    expect(data.rows[0]).toEqual({
      row: 2,
      currency: 'MYR',
      rate: '33.12',
      effectiveDate: '2026-01-05',
    });
    expect(data.rows[8]).toEqual({
      row: 10,
      currency: 'INR',
      rate: '1.79',
      effectiveDate: '2026-01-05',
    });
    expect(await countRates()).toBe(before);
  });

  it('applies nothing when any row has an error (400 with the row errors)', async () => {
    const before = await countRates();
    const res = await importCsv(
      'currency,rate,effectiveDate\nMYR,33.12,2026-01-05\nPHP,-2,2026-01-05\n',
      false,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      {
        message: 'Invalid Exchange rate format at row 3.',
        code: ERROR_CODES.validation,
        field: 'rows.3.rate',
        key: 'validation.invalidRowFormat',
        params: { name: 'exchangeRate', rowCount: 3 },
      },
    ]);
    expect(await countRates()).toBe(before);
  });

  it('applies a clean file in one transaction (BOM, no header, quoted fields), audited', async () => {
    const before = await countRates();
    const csv = '\uFEFFMYR,33.12,2026-01-05\r\n"PHP","2.71","2026-01-05"\r\nINR,1.79,2026-01-05';
    const res = await importCsv(csv, false, staff.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('3 exchange rates imported.');
    expect(res.json().messageKey).toBe('exchangeRates.imported');
    expect(res.json().messageParams).toEqual({ count: 3 });
    expect(res.json().data).toMatchObject({ dryRun: false, imported: 3, errors: [] });
    expect(await countRates()).toBe(before + 3);
    const list = await t.inject({
      method: 'POST',
      url: '/api/mng/exchange-rate/list',
      token: admin,
      payload: { currency: 'PHP' },
    });
    const php = list.json().data.items[0];
    expect(php).toMatchObject({
      rate: '2.71',
      effectiveDate: '2026-01-05',
      createdBy: staff.email,
    });
    const history = await t.inject({
      method: 'GET',
      url: `/api/mng/exchange-rate/history?id=${php.id}`,
      token: admin,
    });
    expect(history.json().data.items[0]).toMatchObject({
      action: 'create',
      actor: { email: staff.email },
    });
  });

  it('reports an empty file, a header without rows, a wrong header and broken quoting', async () => {
    const fileEmpty = { row: 0, message: 'File is empty.', key: 'fileEmpty' };
    expect((await importCsv('')).json().data.errors).toEqual([fileEmpty]);
    expect((await importCsv('\uFEFF \r\n')).json().data.errors).toEqual([fileEmpty]);
    expect((await importCsv('currency,rate,effectiveDate\r\n')).json().data.errors).toEqual([
      fileEmpty,
    ]);
    expect((await importCsv('currency,rate\r\nMYR,1.5\r\n')).json().data.errors[0]).toMatchObject({
      row: 1,
      message: 'Imported CSV must have exactly 3 columns.',
    });
    expect(
      (await importCsv('currency,price,date\r\nMYR,33.1,2026-01-05\r\n')).json().data.errors,
    ).toEqual([expect.objectContaining({ row: 1, message: 'Invalid CSV format at row 1.' })]);
    expect(
      (await importCsv('MYR,33.1,2026-01-05\r\n"PHP,2.7,2026-01-05\r\n')).json().data.errors,
    ).toEqual([expect.objectContaining({ row: 2, message: 'Invalid CSV format at row 2.' })]);
    const missing = await t.inject({
      method: 'POST',
      url: '/api/mng/exchange-rate/import',
      token: admin,
      payload: { dryRun: true },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0]).toMatchObject({ field: 'csv', message: 'File is empty.' });
  });

  it('refuses a huge CSV: over the body limit 413, over the import limit 400', async () => {
    const line = 'MYR,33.12,2026-01-05\r\n';
    const huge = line.repeat(Math.ceil((1.1 * 1024 * 1024) / line.length));
    const tooLarge = await importCsv(huge);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().errors[0].code).toBe(ERROR_CODES.payloadTooLarge);
    const justOver = 'x'.repeat(1_000_001);
    const overLimit = await importCsv(justOver);
    expect(overLimit.statusCode).toBe(400);
    expect(overLimit.json().errors[0]).toMatchObject({
      field: 'csv',
      message: 'Files cannot be larger than 1MB.',
    });
  });
});

describe('permissions', () => {
  it('keeps exchange rates from the partner role and from a role without the resource', async () => {
    const calls = [
      {
        method: 'POST' as const,
        url: '/api/mng/exchange-rate',
        payload: { currency: 'USD', rate: '150', effectiveDate: today },
      },
      { method: 'POST' as const, url: '/api/mng/exchange-rate/list', payload: {} },
      { method: 'GET' as const, url: '/api/mng/exchange-rate/current' },
      {
        method: 'POST' as const,
        url: '/api/mng/exchange-rate/import',
        payload: { csv: 'USD,150,2026-01-01' },
      },
      { method: 'GET' as const, url: '/api/mng/exchange-rate/history?id=x' },
    ];
    for (const call of calls) {
      const res = await t.inject({ ...call, token: partner.token });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
    }
    for (const call of calls) {
      const res = await t.inject({ ...call, token: staff.token });
      expect([200, 201], `${call.method} ${call.url}`).toContain(res.statusCode);
    }
  });
});
