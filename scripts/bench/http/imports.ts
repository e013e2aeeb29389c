/**
 * The harness's import phase (issue 13 "Imports"): a stock CSV of ROWS rows checked by the built
 * server (POST stock/csv, dry run: check in the worker thread, seal, stage), then applied
 * (POST stock/csv/apply {importId}, polled on GET stock/csv/job every 20 ms until the job
 * succeeded: "apply to done"), next to a bare COPY of as many rows (same columns, codes already
 * sealed, masks and dates alike, other ICCIDs) into the same stock_items table on a plain
 * connection, the side that goes first alternating per run. /healthz is polled every 20 ms from a
 * worker thread during the apply (the server's event loop while it moves the rows).
 * Targets: apply to done under 5 s for 100,000 rows; COPY time / apply time at least 0.5.
 *
 * Also the stock import file every import benchmark uses (stockImportRows, stockCsv):
 * scripts/bench/csv-import.ts seals its codes.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Client } from 'pg';
import { maskActivationCode } from '../../../api/src/areas/stock/import-check';
import { startLatencyProbe } from '../../../api/test/support/latency-probe';
import { luhnCheckDigit } from '../../../shared/contracts/src/iccid';
import { copyFrom, percentile } from '../lib';

/** BENCH_ONLY matches the phase by this name or area, as it does the scenarios. */
export const IMPORT_SCENARIO = { area: 'stock', name: 'stock import' } as const;
export const APPLY_TARGET_MS = 5_000;
export const COPY_RATIO_TARGET = 0.5;

export interface ImportRow {
  iccid: string;
  code: string;
  expires: string;
}

/**
 * `count` rows like a supplier's file: ICCIDs of real length (19 digits, Luhn check digit) that
 * start with `issuer`, real-length activation codes, a spread of expiry dates.
 */
export function stockImportRows(issuer: string, count: number): ImportRow[] {
  return Array.from({ length: count }, (_, n) => ({
    iccid: iccidOf(issuer, n),
    code: `LPA:1$smdp.bench.example$${randomBytes(16).toString('hex').toUpperCase()}`,
    expires: `2031-${String((n % 12) + 1).padStart(2, '0')}-15`,
  }));
}

/** The n-th ICCID of real length (19 digits with its Luhn check digit) starting with `issuer`. */
function iccidOf(issuer: string, n: number): string {
  const body = `${issuer}${String(n).padStart(18 - issuer.length, '0')}`;
  return `${body}${luhnCheckDigit(body)}`;
}

/** The rows as the console's import file (header iccid,activationCode,activeExpireDate). */
export const stockCsv = (rows: readonly ImportRow[]): Buffer =>
  Buffer.from(
    [
      'iccid,activationCode,activeExpireDate',
      ...rows.map((row) => `${row.iccid},${row.code},${row.expires}`),
    ].join('\n'),
  );

export interface ImportRun {
  run: number;
  first: 'apply' | 'copy';
  itemsBefore: number;
  dryRunMs: number;
  applyMs: number;
  copyMs: number;
  /** COPY time / apply time. */
  ratio: number;
  /** The slowest /healthz answer during the apply. */
  healthzWorstMs: number;
}

export interface ImportFigures {
  name: string;
  area: string;
  productId: string;
  rows: number;
  runs: ImportRun[];
  median: { dryRunMs: number; applyMs: number; copyMs: number };
  /** median COPY / median apply. */
  ratio: number;
  met: { apply: boolean; ratio: boolean };
}

interface Options {
  baseUrl: string;
  token: string;
  /** A plain connection to the same database: the COPY and the item counts. */
  client: Client;
  productId: string;
  runs: number;
  rows: number;
  /** Seals an activation code as the server does (its SECRET_KEY, purpose stock-activation-code). */
  seal: (code: string) => string;
  /** created_by / updated_by of the COPY's rows (the signed-in user, as the import writes). */
  actor: string;
}

const csvField = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** ICCID prefixes: seeded stock starts 8981; a run's file 89841<run>, its COPY 89851<run>. */
const issuer = (side: 'apply' | 'copy' | 'warm-up', run: number) =>
  side === 'warm-up'
    ? '8984099'
    : `${side === 'apply' ? '89841' : '89851'}${String(run).padStart(2, '0')}`;

async function request<T>(
  options: Options,
  method: 'GET' | 'POST',
  path: string,
  body?: { csv: Buffer } | { json: unknown },
): Promise<T> {
  const res = await fetch(`${options.baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${options.token}`,
      ...(body === undefined
        ? {}
        : { 'content-type': 'csv' in body ? 'text/csv' : 'application/json' }),
    },
    ...(body === undefined ? {} : { body: 'csv' in body ? body.csv : JSON.stringify(body.json) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 500)}`);
  return (JSON.parse(text) as { data: T }).data;
}

/** The dry run of the file: the staged import's id and how long the answer took. */
async function dryRun(
  options: Options,
  rows: ImportRow[],
  fileName: string,
): Promise<{ importId: string; ms: number }> {
  const query = new URLSearchParams({ productId: options.productId, fileName, dryRun: 'true' });
  const start = performance.now();
  const checked = await request<{ importId: string | null; validRows: number }>(
    options,
    'POST',
    `/api/mng/stock/csv?${query}`,
    { csv: stockCsv(rows) },
  );
  const ms = performance.now() - start;
  if (!checked.importId || checked.validRows !== rows.length) {
    throw new Error(`the dry run did not stage the file: ${JSON.stringify(checked).slice(0, 500)}`);
  }
  return { importId: checked.importId, ms };
}

/** POST stock/csv/apply, then the job polled every 20 ms until it succeeded: apply to done. */
async function applyToDone(options: Options, importId: string): Promise<number> {
  const start = performance.now();
  const { jobId } = await request<{ jobId: string | null }>(
    options,
    'POST',
    '/api/mng/stock/csv/apply',
    { json: { importId } },
  );
  let status = jobId ? 'queued' : 'succeeded';
  while (status !== 'succeeded' && status !== 'failed') {
    await new Promise((resolve) => setTimeout(resolve, 20));
    status = (
      await request<{ status: string }>(options, 'GET', `/api/mng/stock/csv/job?id=${jobId}`)
    ).status;
  }
  if (status !== 'succeeded') throw new Error(`import job ${jobId} failed`);
  return performance.now() - start;
}

/** The COPY's data: as many rows as the file, sealed, masked, under other ICCIDs. */
function copyData(options: Options, rows: ImportRow[], run: number): string {
  const importId = randomUUID();
  const now = new Date().toISOString();
  return `${rows
    .map((row, n) => {
      const mask = maskActivationCode(row.code);
      return [
        options.productId,
        iccidOf(issuer('copy', run), n),
        options.seal(row.code),
        csvField(mask.masked),
        csvField(mask.smdpAddress),
        row.expires,
        importId,
        `copy-${run}.csv`,
        now,
        now,
        options.actor,
        options.actor,
      ].join(',');
    })
    .join('\n')}\n`;
}

async function itemCount(client: Client): Promise<number> {
  const result = await client.query<{ n: string | null }>(
    'SELECT sum(items) AS n FROM stock_counts',
  );
  return Number(result.rows[0]?.n ?? 0);
}

const seconds = (ms: number, width = 9) => (ms / 1000).toFixed(2).padStart(width);

/** Runs the phase and prints a line per run and the medians against the targets. */
export async function runImports(options: Options): Promise<ImportFigures> {
  console.info(
    `\nImports: ${options.runs} x ${options.rows.toLocaleString()} rows into one stock product.` +
      ' dry run = POST stock/csv (check, seal, stage); apply = POST stock/csv/apply until the job' +
      ' succeeded;\nCOPY = the same number of rows (sealed codes, other ICCIDs) by a bare COPY' +
      ' into stock_items, the side first alternating. Times in s.' +
      ` Targets: apply < ${APPLY_TARGET_MS / 1000} s (100,000 rows), COPY/apply >= ${COPY_RATIO_TARGET}.\n`,
  );
  // Warm-up, not timed: the check's worker thread, the staging and apply statements, the job.
  const warm = stockImportRows(issuer('warm-up', 0), 1_000);
  await applyToDone(options, (await dryRun(options, warm, 'warm-up.csv')).importId);

  const header = `${'run'.padEnd(4)} ${'first'.padEnd(6)} ${'dry run'.padStart(9)} ${'apply'.padStart(9)} ${'COPY'.padStart(9)} ${'COPY/apply'.padStart(11)} ${'healthz max ms'.padStart(15)} ${'items before'.padStart(13)}`;
  console.info(header);
  console.info('-'.repeat(header.length));
  const runs: ImportRun[] = [];
  for (let run = 0; run < options.runs; run += 1) {
    const rows = stockImportRows(issuer('apply', run), options.rows);
    const data = copyData(options, rows, run);
    const itemsBefore = await itemCount(options.client);
    const dry = await dryRun(options, rows, `import-${run}.csv`);
    let applyMs = 0;
    let copyMs = 0;
    let healthzWorstMs = 0;
    const apply = async () => {
      const probe = startLatencyProbe(`${options.baseUrl}/healthz`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      try {
        applyMs = await applyToDone(options, dry.importId);
      } finally {
        healthzWorstMs = (await probe.stop()).maxMs;
      }
    };
    const copy = async () => {
      const start = performance.now();
      await copyFrom(
        options.client,
        `COPY stock_items (product_id, iccid, activation_code_sealed, activation_code_masked,
           smdp_address, active_expire_date, import_id, import_file_name, imported_at,
           updated_at, created_by, updated_by) FROM STDIN WITH (FORMAT csv)`,
        data,
      );
      copyMs = performance.now() - start;
    };
    const first = run % 2 === 0 ? 'apply' : 'copy';
    if (first === 'apply') {
      await apply();
      await copy();
    } else {
      await copy();
      await apply();
    }
    const figures: ImportRun = {
      run: run + 1,
      first,
      itemsBefore,
      dryRunMs: dry.ms,
      applyMs,
      copyMs,
      ratio: copyMs / applyMs,
      healthzWorstMs,
    };
    runs.push(figures);
    console.info(
      `${String(run + 1).padEnd(4)} ${first.padEnd(6)} ${seconds(dry.ms)} ${seconds(applyMs)} ${seconds(copyMs)}` +
        ` ${`${figures.ratio.toFixed(2)}x`.padStart(11)} ${healthzWorstMs.toFixed(1).padStart(15)}` +
        ` ${itemsBefore.toLocaleString().padStart(13)}`,
    );
  }
  const medianOf = (key: 'dryRunMs' | 'applyMs' | 'copyMs') =>
    percentile(
      runs.map((run) => run[key]),
      50,
    );
  const median = {
    dryRunMs: medianOf('dryRunMs'),
    applyMs: medianOf('applyMs'),
    copyMs: medianOf('copyMs'),
  };
  const ratio = median.copyMs / median.applyMs;
  const met = { apply: median.applyMs < APPLY_TARGET_MS, ratio: ratio >= COPY_RATIO_TARGET };
  console.info(
    `${'median'.padEnd(11)} ${seconds(median.dryRunMs)} ${seconds(median.applyMs)} ${seconds(median.copyMs)}` +
      ` ${`${ratio.toFixed(2)}x`.padStart(11)}   apply < ${APPLY_TARGET_MS / 1000} s: ${met.apply ? 'ok' : 'MISSED'};` +
      ` COPY/apply >= ${COPY_RATIO_TARGET}: ${met.ratio ? 'ok' : 'MISSED'}`,
  );
  return {
    ...IMPORT_SCENARIO,
    productId: options.productId,
    rows: options.rows,
    runs,
    median,
    ratio,
    met,
  };
}
