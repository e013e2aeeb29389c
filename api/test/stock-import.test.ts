import { luhnCheckDigit, STOCK_IMPORT_BACKGROUND_ROWS } from '@esim/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app';
import { insertProduct, insertSupplier, type Json } from './tariffs-fixtures';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { STOCK_IMPORT_JOB, createStockService } from '../src/areas/stock/service';
import { suppliers } from '../src/db/schema';
import { enqueueJob, runQueuedJobs } from '../src/jobs';
import { createSecretBox } from '../src/secrets';
import { STOCK_SCHEDULED_TASKS } from '../src/areas/stock/tasks';
import { ROLE_IDS } from './support/app';

/*
 * POST stock/csv: every validation rule, dry run, apply, background job; the staged import
 * (dry run -> importId -> POST stock/csv/apply). Concurrency: stock-import-concurrency.pg.test.ts.
 */

let t: TestContext;
let admin: string;
let productId: string;
let otherProductId: string;
let apiProductId: string;

let serial = 1_000_000;
/** A fresh valid ICCID (19 digits, 89..., Luhn). */
export function iccid(): string {
  serial += 1;
  const body = `898100${String(serial).padStart(12, '0')}`;
  return `${body}${luhnCheckDigit(body)}`;
}
const lpa = (id: string) => `LPA:1$smdp.example.com$${id}`;
let codeSerial = 0;
const code = () => lpa(`MATCH-${(codeSerial += 1).toString().padStart(6, '0')}AB12`);
const HEADER = 'iccid,activationCode,activeExpireDate';
const FUTURE = '2031-12-31';
const PAST = '2020-01-01';

const row = (i = iccid(), c = code(), d = FUTURE) => `${i},${c},${d}`;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  const supplier = await insertSupplier(t);
  productId = (await insertProduct(t, { supplierId: supplier.id })).id;
  otherProductId = (await insertProduct(t, { supplierId: supplier.id })).id;
  const [apiSupplier] = await t.database.db
    .insert(suppliers)
    .values({
      name: 'API supplier',
      deliveryType: 'api',
      createdBy: 'test',
      updatedBy: 'test',
    })
    .returning({ id: suppliers.id });
  apiProductId = (await insertProduct(t, { supplierId: apiSupplier!.id })).id;
});

afterAll(() => t?.close());

async function upload(
  csv: string | Buffer,
  options: { dryRun?: boolean; fileName?: string; product?: string; type?: string } = {},
): Promise<{ status: number; body: Json }> {
  const query = new URLSearchParams({
    productId: options.product ?? productId,
    fileName: options.fileName ?? 'stock.csv',
    dryRun: String(options.dryRun ?? true),
  });
  const res = await t.inject({
    method: 'POST',
    url: `/api/mng/stock/csv?${query}`,
    token: admin,
    headers: { 'content-type': options.type ?? 'text/csv' },
    payload: csv,
  });
  return { status: res.statusCode, body: res.json() };
}

async function itemCount(): Promise<number> {
  const rows = (await t.database.db.execute(sql`SELECT count(*)::int AS n FROM stock_items`)) as {
    rows: { n: number }[];
  };
  return Number(rows.rows[0]!.n);
}

const file = (...rows: string[]) => [HEADER, ...rows].join('\n');

describe('stock/csv validation', () => {
  it('refuses an empty file, a header-only file and the wrong number of columns', async () => {
    for (const csv of ['', '   \n', HEADER]) {
      const res = await upload(csv);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].message).toBe('File is empty.');
    }
    const wrong = await upload('iccid,activationCode\n1,2');
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0].message).toBe('Imported CSV must have exactly 3 columns.');
    const rowWrong = await upload(file(row(), `${iccid()},${code()}`));
    expect(rowWrong.status).toBe(200);
    expect(rowWrong.body.data.errors[0]).toMatchObject({
      row: 3,
      message: 'Imported CSV must have exactly 3 columns.',
    });
  });

  it('refuses other extensions and files over the limit', async () => {
    const ext = await upload(file(row()), { fileName: 'stock.xlsx' });
    expect(ext.status).toBe(400);
    expect(ext.body.errors[0].message).toBe('Only .csv formats are supported.');
    const big = await upload(`${HEADER}\n${'x'.repeat(21 * 1024 * 1024)}`);
    expect(big.status).toBe(413);
    expect(big.body.errors[0].message).toBe('Files cannot be larger than 20MB.');
    const withCharset = await upload(Buffer.alloc(20 * 1024 * 1024 + 1, 0x41), {
      type: 'text/csv; charset=utf-8',
    });
    expect(withCharset.status).toBe(413);
    expect(withCharset.body.errors[0]).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Files cannot be larger than 20MB.',
    });
  });

  it('reports row errors: ICCID check digit, LPA, date, duplicates in the file', async () => {
    const good = iccid();
    const badCheck = `${good.slice(0, -1)}${(Number(good.at(-1)) + 1) % 10}`;
    const dup = iccid();
    const res = await upload(
      file(
        row(),
        row(badCheck),
        row(iccid(), 'LPA:2$smdp.example.com$X'),
        row(iccid(), code(), '2031-02-30'),
        row(dup),
        row(dup),
        row(iccid(), code(), PAST),
      ),
    );
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({
      dryRun: true,
      totalRows: 7,
      validRows: 2,
      expiredRows: 1,
      errorRows: 4,
      errorCount: 4,
      imported: 0,
      allExpired: false,
    });
    expect(data.errors.map((error: Json) => [error.row, error.message])).toEqual([
      [3, 'Invalid ICCID check digit at row 3: the last digit does not match the Luhn check.'],
      [4, 'Invalid Activation code format at row 4.'],
      [5, 'Invalid Activation expiry date format at row 5.'],
      [7, 'Duplicate ICCID detected; must be unique.'],
    ]);
    // The console translates the check-digit error by its own key.
    expect(data.errors[0]).toMatchObject({
      field: 'iccid',
      key: 'iccidCheckDigit',
      params: { rowCount: 3 },
    });
    expect(await itemCount()).toBe(0);
  });

  it('refuses the apply while rows have errors, and all-expired files', async () => {
    const bad = await upload(file(row(), row('123')), { dryRun: false });
    expect(bad.status).toBe(400);
    // Not 19-20 digits starting with 89: the format, not the check digit, is wrong.
    expect(bad.body.errors[0].message).toBe('Invalid ICCID format at row 3.');
    const expired = await upload(file(row(iccid(), code(), PAST), row(iccid(), code(), PAST)));
    expect(expired.body.data.allExpired).toBe(true);
    const applied = await upload(file(row(iccid(), code(), PAST)), { dryRun: false });
    expect(applied.status).toBe(422);
    expect(applied.body.errors[0].message).toBe(
      'All eSIMs in the file have expired; nothing was imported.',
    );
    expect(await itemCount()).toBe(0);
  });

  it('imports only for products of stock-type suppliers', async () => {
    const res = await upload(file(row()), { product: apiProductId, dryRun: false });
    expect(res.status).toBe(422);
    expect(await itemCount()).toBe(0);
  });
});

describe('CSV reading', () => {
  it('reads quoted files like plain ones (BOM, CRLF, blank lines keep row numbers)', async () => {
    const plain = ['\uFEFF' + HEADER, '', row(), row('123')].join('\r\n');
    const quoted = [
      '"iccid","activationCode","activeExpireDate"',
      '',
      row(),
      `"123",${code()},${FUTURE}`,
    ].join('\r\n');
    for (const csv of [plain, quoted]) {
      const res = await upload(csv);
      expect(res.body.data).toMatchObject({ totalRows: 2, validRows: 1, errorCount: 1 });
      expect(res.body.data.errors[0].row).toBe(4);
    }
  });

  it('keeps spreadsheet row numbers after a quoted line break', async () => {
    const res = await upload(
      file(row(), `${iccid()},"${code()}\r\nsecond line",${FUTURE}`, row(), row('123')),
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ totalRows: 4, validRows: 2, errorCount: 2 });
    expect(res.body.data.errors).toMatchObject([
      { row: 3, field: 'activationCode' },
      { row: 5, field: 'iccid' },
    ]);
  });

  it('refuses a file that is not UTF-8 instead of reading it with replacement characters', async () => {
    // 'iccid,東京' saved as Shift_JIS, then a valid row.
    const shiftJis = Buffer.concat([
      Buffer.from(`${HEADER}\n${row()},`),
      Buffer.from([0x93, 0x8c, 0x8b, 0x9e]),
    ]);
    const res = await upload(shiftJis);
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ field: 'file', message: 'Invalid UTF-8 format.' });
    const utf8 = await upload(Buffer.from(`\uFEFF${file(row())}`));
    expect(utf8.body.data).toMatchObject({ totalRows: 1, validRows: 1 });
  });
});

describe('stock/csv apply', () => {
  it('imports the valid rows in one go, skips expired ones, then refuses them as duplicates', async () => {
    const rows = [row(), row(), row(), row(iccid(), code(), PAST)];
    const dry = await upload(file(...rows));
    expect(dry.body.data).toMatchObject({ validRows: 3, expiredRows: 1, errorCount: 0 });
    expect(await itemCount()).toBe(0);
    const res = await upload(file(...rows), { dryRun: false });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Stock imported.');
    expect(res.body.data).toMatchObject({ imported: 3, expiredRows: 1, jobId: null });
    expect(await itemCount()).toBe(3);
    // Same file again: duplicates against existing stock.
    const again = await upload(file(...rows));
    expect(again.body.data.errorCount).toBe(3);
    expect(again.body.data.errors[0].message).toBe('Duplicate ICCID detected; must be unique.');
    const list = await t.inject({
      method: 'POST',
      url: '/api/mng/stock/list',
      token: admin,
      payload: { productId },
    });
    expect(list.json().data.items[0]).toMatchObject({
      productId,
      total: 3,
      counts: { on_hand: 3, wasted: 0 },
    });
  });

  it('runs a large apply as a background job with progress and result', async () => {
    const before = await itemCount();
    const rows = Array.from({ length: STOCK_IMPORT_BACKGROUND_ROWS + 10 }, () => row());
    const res = await upload(file(...rows), { dryRun: false, product: otherProductId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const jobId = res.body.data.jobId as string;
    expect(jobId).toBeTruthy();
    const job = await waitForJob(jobId);
    expect(job.status, JSON.stringify(job)).toBe('succeeded');
    expect(job.progress).toEqual({ done: rows.length, total: rows.length });
    expect(job.result.imported).toBe(rows.length);
    expect(await itemCount()).toBe(before + rows.length);
  });

  it('a job queued with its file (before imports were staged) still runs from the sealed file', async () => {
    const before = await itemCount();
    const rows = Array.from({ length: 20 }, () => row());
    const box = createSecretBox(t.config, 'stock-activation-code');
    const jobId = await enqueueJob(t.database.db, {
      kind: STOCK_IMPORT_JOB,
      payload: {
        productId: otherProductId,
        fileName: 'restart.csv',
        actor: { userId: null, email: 'importer@esim.test' },
      },
      input: box.seal(file(...rows)),
      createdBy: 'importer@esim.test',
    });
    // "Another process": a fresh service, nothing cached from the upload.
    const service = createStockService({ db: t.database.db, config: t.config });
    const ran = await runQueuedJobs({
      database: t.database,
      log: pino({ level: 'silent' }) as unknown as FastifyBaseLogger,
      handlers: { [STOCK_IMPORT_JOB]: service.importJobHandler },
    });
    expect(ran).toBe(1);
    const job = await service.importJob(jobId);
    expect(job).toMatchObject({ status: 'succeeded', result: { imported: 20 } });
    expect(await itemCount()).toBe(before + 20);
    const left = (await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM jobs WHERE input IS NOT NULL AND status <> 'queued'`,
    )) as unknown as { rows: { n: number }[] };
    expect(left.rows[0]!.n).toBe(0);
  });
});

async function applyChecked(
  importId: string,
  token = admin,
): Promise<{ status: number; body: Json }> {
  const res = await t.inject({
    method: 'POST',
    url: '/api/mng/stock/csv/apply',
    token,
    payload: { importId },
  });
  return { status: res.statusCode, body: res.json() };
}

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const result = (await t.database.db.execute(query)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]!.n);
}

const stagedRows = (importId: string) =>
  count(sql`SELECT count(*)::int AS n FROM stock_import_staged_rows WHERE import_id = ${importId}`);

async function waitForJob(jobId: string): Promise<Json> {
  let job: Json = null;
  for (let i = 0; i < 300; i += 1) {
    const poll = await t.inject({
      method: 'GET',
      url: `/api/mng/stock/csv/job?id=${jobId}`,
      token: admin,
    });
    job = poll.json().data;
    if (job.status === 'succeeded' || job.status === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return job;
}

describe('checked files (staged) and stock/csv/apply', () => {
  it('the dry run stages the checked rows; the apply imports them without the file', async () => {
    const before = await itemCount();
    const rows = [row(), row(), row(iccid(), code(), PAST)];
    const dry = await upload(file(...rows));
    expect(dry.status).toBe(200);
    const importId = dry.body.data.importId as string;
    expect(importId).toMatch(/^[0-9a-f-]{36}$/);
    expect(dry.body.data).toMatchObject({
      dryRun: true,
      validRows: 2,
      expiredRows: 1,
      imported: 0,
    });
    expect(await stagedRows(importId)).toBe(2);
    // Staged rows hold the code sealed, never in plain text.
    expect(
      await count(sql`SELECT count(*)::int AS n FROM stock_import_staged_rows
                      WHERE import_id = ${importId} AND activation_code_sealed LIKE 'v1:%'`),
    ).toBe(2);
    expect(await itemCount()).toBe(before);

    // Only the user who checked the file may apply it.
    const other = await t.createUser({ roleId: ROLE_IDS.administrators });
    const foreign = await applyChecked(importId, other.token);
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors[0].message).toBe(
      'The checked file is no longer available; check it again.',
    );

    const applied = await applyChecked(importId);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.message).toBe('Stock imported.');
    expect(applied.body.data).toMatchObject({
      dryRun: false,
      importId,
      imported: 2,
      validRows: 2,
      expiredRows: 1,
      jobId: null,
    });
    expect(await itemCount()).toBe(before + 2);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM stock_items WHERE import_id = ${importId}`),
    ).toBe(2);
    // The staged rows are gone, and the same import cannot be applied twice.
    expect(await stagedRows(importId)).toBe(0);
    const again = await applyChecked(importId);
    expect(again.status).toBe(422);
    expect(await itemCount()).toBe(before + 2);
    // The import's one audit entry.
    const audit = await t.inject({
      method: 'GET',
      url: `/api/mng/audit/history?entityType=stockImport&entityId=${importId}`,
      token: admin,
    });
    expect(audit.json().data.items[0]).toMatchObject({ action: 'create' });
  });

  it('does not stage a file with row errors or with ICCIDs already in stock', async () => {
    const inStock = iccid();
    const first = await upload(file(row(inStock)), { dryRun: false });
    expect(first.status).toBe(200);
    const withError = await upload(file(row(), row('123')));
    expect(withError.body.data).toMatchObject({ errorCount: 1, importId: null });
    const duplicate = await upload(file(row(), row(inStock), row()));
    expect(duplicate.body.data).toMatchObject({
      validRows: 2,
      errorRows: 1,
      errorCount: 1,
      importId: null,
    });
    expect(duplicate.body.data.errors[0]).toMatchObject({
      row: 3,
      message: 'Duplicate ICCID detected; must be unique.',
    });
    // Both: the ICCID already in stock is reported next to the row errors.
    const both = await upload(file(row('123'), row(inStock)));
    expect(both.body.data.errors.map((error: Json) => error.row)).toEqual([2, 3]);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM stock_import_staging WHERE applied_at IS NULL
                            AND id NOT IN (SELECT import_id FROM stock_import_staged_rows)`),
    ).toBe(0);
  });

  it('applies a large checked file as a job from the staged rows (the job row holds no file)', async () => {
    const before = await itemCount();
    const rows = Array.from({ length: STOCK_IMPORT_BACKGROUND_ROWS + 10 }, () => row());
    const dry = await upload(file(...rows), { product: otherProductId });
    const importId = dry.body.data.importId as string;
    expect(importId).toBeTruthy();
    const res = await applyChecked(importId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Stock import started.');
    const jobId = res.body.data.jobId as string;
    expect(jobId).toBeTruthy();
    const job = await waitForJob(jobId);
    expect(job.status, JSON.stringify(job)).toBe('succeeded');
    expect(job.progress).toEqual({ done: rows.length, total: rows.length });
    expect(job.result).toMatchObject({ imported: rows.length, importId });
    expect(await itemCount()).toBe(before + rows.length);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM jobs WHERE id = ${jobId} AND input IS NULL`),
    ).toBe(1);
    expect(await stagedRows(importId)).toBe(0);
  });

  it('a checked file expires after an hour; the prune task removes it', async () => {
    const checkedAt = new Date();
    const rows = [row(), row()];
    const dry = await upload(file(...rows));
    const importId = dry.body.data.importId as string;
    const later = new Date(checkedAt.getTime() + 61 * 60_000);
    const service = createStockService({ db: t.database.db, config: t.config, now: () => later });
    await expect(
      service.applyImport(importId, { userId: null, email: 'admin@esim.test' }),
    ).rejects.toMatchObject({ statusCode: 422 });
    expect(await stagedRows(importId)).toBe(2);
    const prune = STOCK_SCHEDULED_TASKS.find((task) => task.name === 'stock.pruneStagedImports')!;
    await prune.run({
      db: t.database.db,
      log: pino({ level: 'silent' }) as unknown as FastifyBaseLogger,
      now: later,
    });
    expect(await stagedRows(importId)).toBe(0);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM stock_import_staging WHERE id = ${importId}`),
    ).toBe(0);
  });

  it('rows that expire between the check and the apply are left out and counted', async () => {
    // 23:30 in Tokyo: a row expiring today is still valid; 00:10 the next day it has expired.
    const checkedAt = new Date('2030-06-01T14:30:00Z');
    const appliedAt = new Date('2030-06-01T15:10:00Z');
    const actor = { userId: null, email: 'admin@esim.test' };
    const rows = [row(iccid(), code(), '2030-06-01'), row(iccid(), code(), FUTURE)];
    const checking = createStockService({
      db: t.database.db,
      config: t.config,
      now: () => checkedAt,
    });
    const checked = await checking.importCsv(
      Buffer.from(file(...rows)),
      { productId, fileName: 'midnight.csv', dryRun: true },
      actor,
    );
    expect(checked.result).toMatchObject({ validRows: 2, expiredRows: 0 });
    const applying = createStockService({
      db: t.database.db,
      config: t.config,
      now: () => appliedAt,
    });
    const applied = await applying.applyImport(checked.result.importId!, actor);
    expect(applied.result).toMatchObject({ imported: 1, validRows: 1, expiredRows: 1 });
  });
});
