import {
  MAX_RETURNED_PREVIEW_ROWS,
  MAX_RETURNED_ROW_ERRORS,
  TARIFF_IMPORT_MAX_ROWS,
} from '@esim/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app';
import { api, unique, type Api } from './tariffs-fixtures';

/*
 * Import answers are bounded (docs/api.md "CSV imports"): the first MAX_RETURNED_ROW_ERRORS row
 * errors and MAX_RETURNED_PREVIEW_ROWS rows, with the totals.
 */

let t: TestContext;
let a: Api;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  a = api(t, admin);
});

afterAll(() => t?.close());

// Every row has three errors: unknown currency, rate not a number, no such date.
const badRates = Array.from({ length: 45_000 }, () => 'ZZZ,abc,2026-02-30').join('\n');

const importRates = (dryRun: boolean) =>
  t.inject({
    method: 'POST',
    url: '/api/mng/exchange-rate/import',
    token: admin,
    payload: { csv: badRates, dryRun },
  });

it('answers at most 200 of 45,000 bad exchange-rate rows, with the total, in a small body', async () => {
  const res = await importRates(true);
  console.info(`45,000 bad exchange-rate rows: ${res.body.length} bytes answered`);
  expect(res.statusCode).toBe(200);
  const { data } = res.json();
  expect(MAX_RETURNED_ROW_ERRORS).toBe(200);
  expect(data.errors).toHaveLength(MAX_RETURNED_ROW_ERRORS);
  expect(data.errorCount).toBe(135_000);
  expect(data.rows).toHaveLength(MAX_RETURNED_PREVIEW_ROWS);
  expect(data.rowCount).toBe(45_000);
  expect(data.errors.slice(0, 3)).toMatchObject([
    { row: 1, field: 'currency' },
    { row: 1, field: 'rate' },
    { row: 1, field: 'effectiveDate' },
  ]);
  expect(data.errors.at(-1)).toMatchObject({ row: 67 });
  expect(res.body.length).toBeLessThan(200_000);
});

it('refuses the apply of those rows with the first 200 errors', async () => {
  const res = await importRates(false);
  expect(res.statusCode).toBe(400);
  expect(res.json().errors).toHaveLength(MAX_RETURNED_ROW_ERRORS);
  expect(res.json().errors[0]).toMatchObject({ field: 'rows.1.currency' });
  expect(res.body.length).toBeLessThan(200_000);
});

it('bounds a tariff import preview the same way, with the totals', async () => {
  const group = await a.post('tariff/group', { tariffGroup: unique('G'), name: 'Bounds' });
  const code = await a.post('tariff', {
    tariffGroup: group.body.data.tariffGroup,
    tariffCode: unique('BND'),
  });
  const csv = Array.from({ length: TARIFF_IMPORT_MAX_ROWS }, (_, i) => `NOPE-${i},1000`).join('\n');
  const res = await a.post('tariff/import', { tariffCode: code.body.data.tariffCode, csv });
  expect(res.status).toBe(200);
  const data = res.body.data;
  expect(data.rows).toHaveLength(MAX_RETURNED_PREVIEW_ROWS);
  expect(data.rowCount).toBe(TARIFF_IMPORT_MAX_ROWS);
  expect(data.errors).toHaveLength(MAX_RETURNED_ROW_ERRORS);
  expect(data.errorCount).toBe(TARIFF_IMPORT_MAX_ROWS);
  expect(data.summary).toMatchObject({
    total: TARIFF_IMPORT_MAX_ROWS,
    invalid: TARIFF_IMPORT_MAX_ROWS,
  });
});
