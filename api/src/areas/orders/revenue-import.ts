/**
 * order/revenue/import: payment entries by order number (columns orderNo, amount, paidOn, method,
 * reference; header optional), with the kit's dry run: the rows and their errors, nothing saved;
 * applied, every entry in one transaction or none (400 with the row errors).
 */
import {
  MAX_LENGTH,
  MAX_PAYMENT_AMOUNT,
  ORDER_MESSAGES,
  REVENUE_IMPORT_COLUMNS,
  REVENUE_IMPORT_ERROR_KEYS,
  isCalendarDate,
  isSafeText,
  type ApiMessage,
  type CsvRowError,
  type RevenueImportResult,
  type RevenueImportRow,
  type ValidationKey,
} from '@esim/contracts';
import { sql } from 'drizzle-orm';
import type { AuditActor, Tx } from '../../audit';
import {
  CsvSyntaxError,
  RowErrorList,
  boundedAnswer,
  keyedMessage,
  readAllCsv,
  rowError,
  type CsvRecord,
} from '../../csv';
import type { Db } from '../../db/client';
import { NOT_FOUND_MESSAGES, ValidationError } from '../../http/errors';
import { rowsOf } from '../list-helpers';
import type { LockedOrder } from './order-access';
import { addPayment } from './payments';

type CheckedRow = RevenueImportRow & { row: number };

const COLUMN_COUNT = REVENUE_IMPORT_COLUMNS.length;

function businessRowError(
  row: number,
  key: keyof typeof REVENUE_IMPORT_ERROR_KEYS,
  message: ApiMessage,
  field: string,
): CsvRowError {
  return {
    row,
    field,
    message: message.text,
    key: REVENUE_IMPORT_ERROR_KEYS[key],
    ...(message.params ? { params: message.params } : {}),
  };
}

/** The 400 of an applied import with row errors (field rows.<row>.<column>, like the kit's). */
function refusedImport(errors: readonly CsvRowError[]): ValidationError {
  return new ValidationError(
    errors.map((error) => {
      const field =
        error.row === 0 ? 'csv' : `rows.${error.row}${error.field ? `.${error.field}` : ''}`;
      if (error.key === REVENUE_IMPORT_ERROR_KEYS.orderNotFound) {
        return { field, message: NOT_FOUND_MESSAGES.order };
      }
      if (error.key === REVENUE_IMPORT_ERROR_KEYS.paymentTooLarge) {
        return { field, message: ORDER_MESSAGES.paymentTooLarge(error.params ?? {}) };
      }
      return { field, message: keyedMessage(error.key as ValidationKey, error.params) };
    }),
  );
}

/** 'Invalid {name} format at row {row}.' on a column; `name` is the field label's key. */
const invalid = (row: number, column: string, name = column) =>
  rowError(row, 'invalidRowFormat', { name, rowCount: row }, column);

/** One record's format checks; `ok` false when any failed. */
function parseRecord(record: CsvRecord, errors: RowErrorList): { row: CheckedRow; ok: boolean } {
  const rowNumber = record.row;
  const [orderNo = '', rawAmount = '', rawDate = '', method = '', rawReference = ''] =
    record.values.map((value) => value.trim());
  const amountText = rawAmount.replace(/,/g, '');
  const amount = /^\d{1,13}$/.test(amountText) ? Number(amountText) : 0;
  const paidOn = rawDate.replace(/\//g, '-');
  const row: CheckedRow = {
    row: rowNumber,
    orderNo,
    amount,
    paidOn,
    method,
    reference: rawReference === '' ? null : rawReference,
  };
  if (record.values.length !== COLUMN_COUNT) {
    errors.add(rowError(rowNumber, 'csvColumnCount', { columnCount: COLUMN_COUNT }));
    return { row, ok: false };
  }
  const problems: CsvRowError[] = [];
  if (orderNo === '')
    problems.push(rowError(rowNumber, 'required', { name: 'orderNo' }, 'orderNo'));
  else if (orderNo.length > MAX_LENGTH.code || !isSafeText(orderNo)) {
    problems.push(invalid(rowNumber, 'orderNo'));
  }
  if (amount < 1 || amount > MAX_PAYMENT_AMOUNT) problems.push(invalid(rowNumber, 'amount'));
  if (!isCalendarDate(paidOn)) problems.push(invalid(rowNumber, 'paidOn'));
  if (method === '') {
    problems.push(rowError(rowNumber, 'required', { name: 'paymentMethod' }, 'method'));
  } else if (method.length > MAX_LENGTH.default || !isSafeText(method)) {
    problems.push(invalid(rowNumber, 'method', 'paymentMethod'));
  }
  if (rawReference.length > MAX_LENGTH.long || !isSafeText(rawReference)) {
    problems.push(invalid(rowNumber, 'reference'));
  }
  for (const problem of problems) errors.add(problem);
  return { row, ok: problems.length === 0 };
}

/** The orders the file names, by lower-cased order no; locked (id order) when applying. */
async function findOrders(
  tx: Tx,
  orderNos: string[],
  lock: boolean,
): Promise<Map<string, LockedOrder>> {
  if (orderNos.length === 0) return new Map();
  const rows = rowsOf<LockedOrder>(
    await tx.execute(sql`
      SELECT o.id, o.order_no, o.partner_id, o.final_price, o.paid_amount, o.payment_status,
             o.version
      FROM orders o
      WHERE lower(o.order_no) COLLATE "C" = ANY(${sql.param(orderNos)}::text[])
      ORDER BY o.id
      ${lock ? sql`FOR UPDATE` : sql``}`),
  );
  return new Map(rows.map((order) => [order.order_no.toLowerCase(), order]));
}

/** References the named orders already have, as `orderId|reference`. */
async function recordedReferences(tx: Tx, orderIds: string[]): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = rowsOf<{ order_id: string; reference: string }>(
    await tx.execute(sql`
      SELECT order_id, reference FROM order_payments
      WHERE order_id = ANY(${sql.param(orderIds)}::uuid[]) AND reference IS NOT NULL`),
  );
  return new Set(rows.map((row) => `${row.order_id}|${row.reference}`));
}

interface Checked {
  rows: CheckedRow[];
  errors: RowErrorList;
  /** The rows to record, each with its order (only when there is no error at all). */
  entries: { row: CheckedRow; order: LockedOrder }[];
}

/** Parses the file and checks every row against the orders (read, or locked when `lock`). */
async function checkFile(tx: Tx, csv: string, lock: boolean): Promise<Checked> {
  const errors = new RowErrorList();
  const rows: CheckedRow[] = [];
  if (csv.replace(/^\uFEFF/, '').trim() === '') {
    errors.add(rowError(0, 'fileEmpty'));
    return { rows, errors, entries: [] };
  }
  let records: CsvRecord[];
  try {
    records = await readAllCsv(csv);
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    errors.add(rowError(error.row, 'invalidRowFormat', { name: 'csv', rowCount: error.row }));
    return { rows, errors, entries: [] };
  }
  const first = records[0];
  const hasHeader =
    first !== undefined && (first.values[0] ?? '').trim().toLowerCase() === 'orderno';
  const data = hasHeader ? records.slice(1) : records;
  if (data.length === 0) {
    errors.add(rowError(0, 'fileEmpty'));
    return { rows, errors, entries: [] };
  }
  const parsed = data.map((record) => parseRecord(record, errors));
  const named = [...new Set(parsed.filter((p) => p.ok).map((p) => p.row.orderNo.toLowerCase()))];
  const orders = await findOrders(tx, named, lock);
  const references = await recordedReferences(
    tx,
    [...orders.values()].map((order) => order.id),
  );
  // What each order would have been paid after the rows before this one.
  const paid = new Map([...orders.values()].map((order) => [order.id, Number(order.paid_amount)]));
  const entries: Checked['entries'] = [];
  for (const { row, ok } of parsed) {
    rows.push(row);
    if (!ok) continue;
    const order = orders.get(row.orderNo.toLowerCase());
    if (!order) {
      errors.add(businessRowError(row.row, 'orderNotFound', NOT_FOUND_MESSAGES.order, 'orderNo'));
      continue;
    }
    row.orderNo = order.order_no;
    if (row.reference !== null) {
      const key = `${order.id}|${row.reference}`;
      if (references.has(key)) {
        errors.add(rowError(row.row, 'duplicate', { name: 'reference' }, 'reference'));
        continue;
      }
      references.add(key);
    }
    const total = Number(order.final_price);
    const after = (paid.get(order.id) ?? 0) + row.amount;
    if (after > total) {
      errors.add(
        businessRowError(
          row.row,
          'paymentTooLarge',
          ORDER_MESSAGES.paymentTooLarge({ total }),
          'amount',
        ),
      );
      continue;
    }
    paid.set(order.id, after);
    entries.push({ row, order });
  }
  return { rows, errors, entries };
}

/**
 * The import. A dry run reads the orders (nothing is locked or written). Applying locks the
 * orders the file names, checks again under the locks and records every entry (with the orders'
 * paid amounts, statuses and audit entries) in the one transaction, or refuses the whole file.
 */
export async function importRevenue(
  db: Db,
  input: { csv: string; dryRun: boolean },
  actor: AuditActor,
): Promise<RevenueImportResult> {
  return db.transaction(async (tx) => {
    const { rows, errors, entries } = await checkFile(tx, input.csv, !input.dryRun);
    if (input.dryRun) return { dryRun: true, ...boundedAnswer(rows, errors), imported: 0 };
    if (errors.count > 0) throw refusedImport(errors.errors);
    for (const { row, order } of entries) {
      const entry = {
        amount: row.amount,
        paidOn: row.paidOn,
        method: row.method,
        reference: row.reference,
      };
      const refusal = await addPayment(tx, order, entry, actor);
      // The checks above ran under the same locks: a refusal here is a fault, not input.
      if (refusal) throw new Error(`revenue import row ${row.row} refused: ${refusal}`);
    }
    return { dryRun: false, ...boundedAnswer(rows, errors), imported: entries.length };
  });
}
