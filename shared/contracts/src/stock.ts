import * as v from 'valibot';
import { SORT_DIRECTIONS, listQuerySchema, pageField, pageSizeField, type ListResult } from './api';
import { MAX_RETURNED_ROW_ERRORS, type CsvRowError } from './csv';
import { MAX_LENGTH } from './fields';
import { isValidIccid } from './iccid';
import { defineApiMessages, encodeMessage, type ApiMessage } from './messages';
import { safeString } from './text-safety';

/*
 * eSIM stock (/stock, /stock/detail; docs/stock.md). Stock items belong to products of suppliers
 * with delivery type 'stock'. Permission: RESOURCES.stock; revealing an activation code also needs
 * GET on RESOURCES.stockActivationCode.
 *
 * Calls (under /api/mng):
 *   POST   stock/list               stock products with counts by status      -> ListResult<StockProductListItem>
 *   POST   stock/detail             items of one product (or all), paged      -> StockDetailResult
 *   GET    stock?id=                one item (activation code masked)         -> StockItemDetail
 *   PUT    stock                    status change {id, version, status, ...}  -> StockItemDetail
 *   DELETE stock?id=&version=       remove an item (matrix permitting)        -> { id }
 *   POST   stock/activation-code    reveal {id} (audited 'revealed')          -> StockActivationCode
 *   GET    stock/history?id=        audit history (entity 'stockItem')        -> AuditHistory
 *   POST   stock/csv?productId=&fileName=&dryRun=   raw body (Content-Type: text/csv)
 *                                                                            -> StockImportResult
 *   POST   stock/csv/apply          apply a checked file {importId}           -> StockImportResult
 *   GET    stock/csv/job?id=        background import progress                -> StockImportJob
 *   GET    stock/export?<detail filters>  CSV (no activation codes)
 */

// ---------------------------------------------------------------- statuses and the matrix

export const STOCK_STATUSES = [
  'on_hand',
  'holding',
  'assigned',
  'sold_out',
  'temporary_not_available',
  'not_available',
  'wasted',
] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];

/**
 * The ONE status matrix (docs/stock.md "Status transitions"): from -> the statuses it may move to.
 * The API refuses anything else; the console offers only these moves. 'wasted' is final.
 * The scheduled job moves expired items to 'wasted' and expired holds back to 'on_hand' through the
 * same matrix (an expired item that is already sold out or assigned is left alone).
 */
export const STOCK_TRANSITIONS: Readonly<Record<StockStatus, readonly StockStatus[]>> = {
  on_hand: ['holding', 'assigned', 'temporary_not_available', 'not_available', 'wasted'],
  holding: ['on_hand', 'assigned', 'wasted'],
  assigned: ['sold_out', 'on_hand'],
  sold_out: ['on_hand'],
  temporary_not_available: ['on_hand', 'not_available', 'wasted'],
  not_available: ['on_hand', 'wasted'],
  wasted: [],
};

export function canTransition(from: StockStatus, to: StockStatus): boolean {
  return STOCK_TRANSITIONS[from].includes(to);
}

/**
 * Returns from an order (order/item/return-to-stock, docs/orders.md): an item given to an order
 * goes back on hand or is wasted, with a reason. Apart from STOCK_TRANSITIONS on purpose: there an
 * assigned or sold-out item may not be wasted (neither staff nor the expiry task may waste an eSIM
 * a customer holds); a return ends the order item's hold on it first.
 */
export const STOCK_RETURN_TRANSITIONS: Readonly<
  Partial<Record<StockStatus, readonly StockStatus[]>>
> = {
  assigned: ['on_hand', 'wasted'],
  sold_out: ['on_hand', 'wasted'],
};

export function canReturnToStock(from: StockStatus, to: StockStatus): boolean {
  return STOCK_RETURN_TRANSITIONS[from]?.includes(to) ?? false;
}

/** Statuses an item may be deleted in (never once it was given to a customer). */
export const STOCK_DELETABLE_STATUSES: readonly StockStatus[] = [
  'on_hand',
  'temporary_not_available',
  'not_available',
  'wasted',
];

export function canDeleteStock(status: StockStatus): boolean {
  return STOCK_DELETABLE_STATUSES.includes(status);
}

/** "Expiring soon": activeExpireDate within this many days from today (inclusive). */
export const STOCK_EXPIRING_SOON_DAYS = 30;

/**
 * stock/detail counts the items of a search or an import-date range up to this many (or up to
 * the end of the page asked for, when that is further) and then says "more than".
 */
export const STOCK_COUNT_CAP = 10_000;

// ---------------------------------------------------------------- import (stock/csv)

/** Body limit of stock/csv (raw text/csv body). */
export const STOCK_IMPORT_MAX_MB = 20;
export const STOCK_IMPORT_MAX_BYTES = STOCK_IMPORT_MAX_MB * 1024 * 1024;
/** Accepted file name extensions (for 'Only {extensions} formats are supported.'). */
export const STOCK_IMPORT_EXTENSIONS = ['.csv'] as const;
/** Columns, in order; a header row is required (its text is not checked, only its count). */
export const STOCK_IMPORT_COLUMNS = ['iccid', 'activationCode', 'activeExpireDate'] as const;
/** An apply with more data rows than this runs as a background job (the answer carries jobId). */
export const STOCK_IMPORT_BACKGROUND_ROWS = 5_000;
/** Row errors listed in an answer at most (errorCount has them all). */
export const STOCK_IMPORT_ERROR_LIST_CAP = MAX_RETURNED_ROW_ERRORS;

/** LPA activation code: LPA:1$<SM-DP+ address>$<matching id>. */
export const LPA_PATTERN =
  /^LPA:1\$[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?(:\d{1,5})?\$[A-Za-z0-9-]{1,255}$/;

export function isValidLpa(text: string): boolean {
  return LPA_PATTERN.test(text);
}

/** yyyy-MM-dd and a real calendar date. */
export function isValidIsoDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** The format check of each import column (the API's row validation; the console may reuse it). */
export const STOCK_ROW_CHECKS: Readonly<
  Record<(typeof STOCK_IMPORT_COLUMNS)[number], (text: string) => boolean>
> = {
  iccid: isValidIccid,
  activationCode: isValidLpa,
  activeExpireDate: isValidIsoDate,
};

/** Texts the stock calls answer with (English; the console shows errors[0].message / toasts message). */
export const STOCK_MESSAGES = {
  imported: 'Stock imported.',
  importStarted: 'Stock import started.',
  statusChanged: 'Stock status updated.',
  deleted: 'Stock item deleted.',
  allExpired: 'All eSIMs in the file have expired; nothing was imported.',
  importHasErrors: 'The file has errors; fix them and import again.',
  notStockProduct: 'Stock can only be imported for products of suppliers with delivery type stock.',
  importExpired: 'The checked file is no longer available; check it again.',
  notFound: 'Stock item',
  jobNotFound: 'Import job',
  /** `Cannot change status from {{from}} to {{to}}.` — built by transitionRefused(). */
  transitionRefused: 'Cannot change status from {{from}} to {{to}}.',
  /** `A stock item with status {{status}} cannot be deleted.` — built by deleteRefused(). */
  deleteRefused: 'A stock item with status {{status}} cannot be deleted.',
} as const;

/** STOCK_MESSAGES with their keys (apiMessages:stock.*): what the API sends. */
export const STOCK_API_MESSAGES = defineApiMessages('stock', {
  imported: STOCK_MESSAGES.imported,
  importStarted: STOCK_MESSAGES.importStarted,
  statusChanged: STOCK_MESSAGES.statusChanged,
  deleted: STOCK_MESSAGES.deleted,
  allExpired: STOCK_MESSAGES.allExpired,
  importHasErrors: STOCK_MESSAGES.importHasErrors,
  notStockProduct: STOCK_MESSAGES.notStockProduct,
  importExpired: STOCK_MESSAGES.importExpired,
  transitionRefused: 'Cannot change status from {{from}} to {{to}}.',
  deleteRefused: 'A stock item with status {{status}} cannot be deleted.',
});

export function transitionRefused(from: StockStatus, to: StockStatus): ApiMessage {
  return STOCK_API_MESSAGES.transitionRefused({ from, to });
}

export function deleteRefused(status: StockStatus): ApiMessage {
  return STOCK_API_MESSAGES.deleteRefused({ status });
}

// ---------------------------------------------------------------- fields

const idField = (name: string) =>
  v.pipe(
    safeString(encodeMessage('required', { name })),
    v.trim(),
    v.nonEmpty(encodeMessage('required', { name })),
    v.uuid(encodeMessage('invalidFormat', { format: name })),
  );

const versionField = v.pipe(
  v.unknown(),
  v.transform(Number),
  v.number(encodeMessage('required', { name: 'version' })),
  v.integer(encodeMessage('integer', { name: 'version' })),
  v.minValue(1, encodeMessage('invalidFormat', { format: 'version' })),
);

const statusField = v.picklist(
  STOCK_STATUSES,
  encodeMessage('invalidFormat', { format: 'stockStatus' }),
);

/** One status, several (array) or a comma-separated list (query strings): always an array out. */
const statusFilterField = v.optional(
  v.pipe(
    v.union(
      [safeString(), v.array(safeString())],
      encodeMessage('invalidFormat', { format: 'stockStatus' }),
    ),
    v.transform((value) =>
      (Array.isArray(value) ? value : value.split(','))
        .map((part) => part.trim())
        .filter((part) => part !== ''),
    ),
    v.array(statusField),
  ),
);

const optionalIdFilter = (name: string) =>
  v.optional(
    v.pipe(
      safeString(),
      v.trim(),
      v.check(
        (text) => text === '' || /^[0-9a-f-]{36}$/i.test(text),
        encodeMessage('invalidFormat', { format: name }),
      ),
      v.transform((text) => (text === '' ? undefined : text)),
    ),
  );

// ---------------------------------------------------------------- stock/list (products)

export const STOCK_PRODUCT_SORT_COLUMNS = [
  'productName',
  'productCode',
  'supplierName',
  'total',
  'onHand',
  'expiringSoon',
  'lastImportedDate',
] as const;
export type StockProductSortColumn = (typeof STOCK_PRODUCT_SORT_COLUMNS)[number];

/**
 * POST stock/list body: the stock products (products of stock-type suppliers), each with its
 * item counts. search: product name or code, supplier name. Default sort productName asc.
 */
export const stockProductListSchema = v.object({
  ...listQuerySchema(STOCK_PRODUCT_SORT_COLUMNS).entries,
  supplierId: optionalIdFilter('supplierId'),
  productId: optionalIdFilter('productId'),
});
export type StockProductListQuery = v.InferInput<typeof stockProductListSchema>;

/** Item counts by status (every status present, 0 when none). */
export type StockStatusCounts = Record<StockStatus, number>;

export interface StockProductListItem {
  productId: string;
  productCode: string;
  productName: string;
  supplierId: string;
  supplierName: string;
  counts: StockStatusCounts;
  total: number;
  /** on_hand items whose activeExpireDate is within STOCK_EXPIRING_SOON_DAYS. */
  expiringSoon: number;
  /** ISO timestamp of the newest item, null when none. */
  lastImportedDate: string | null;
}

// ---------------------------------------------------------------- stock/detail (items)

export const STOCK_ITEM_SORT_COLUMNS = ['importedDate', 'iccid', 'activeExpireDate'] as const;
export type StockItemSortColumn = (typeof STOCK_ITEM_SORT_COLUMNS)[number];

/**
 * POST stock/detail body (and GET stock/export query, without paging). Default sort importedDate
 * desc. Paging: with `cursor` (the previous answer's `nextCursor`, same sort/order/filters) =
 * KEYSET: the page after that row, as fast at page 8,000 as at page 1 (what the console uses to
 * step forward); `page` alone = OFFSET, for a jump (the page's ids are found on an index of the
 * sort key, so a deep jump walks index entries, not rows). With a cursor, `page` is only echoed
 * back (send the page number you show). A cursor from another sort or order is a 400. search:
 * digits of an ICCID (a whole ICCID uses the unique index; part of one matches its first or its
 * last digits); its total is counted up to STOCK_COUNT_CAP (totalCapped). expiringWithinDays:
 * activeExpireDate between today and today + N days. from/to: imported date (inclusive).
 */
export const stockDetailSchema = v.object({
  page: pageField(),
  pageSize: pageSizeField(10),
  sort: v.optional(
    v.picklist(STOCK_ITEM_SORT_COLUMNS, encodeMessage('invalidFormat', { format: 'sort' })),
    'importedDate',
  ),
  order: v.optional(v.picklist(SORT_DIRECTIONS), 'desc'),
  search: v.optional(v.pipe(safeString(), v.trim(), v.maxLength(MAX_LENGTH.default))),
  from: listQuerySchema(STOCK_ITEM_SORT_COLUMNS).entries.from,
  to: listQuerySchema(STOCK_ITEM_SORT_COLUMNS).entries.to,
  productId: optionalIdFilter('productId'),
  /** Items of every product of this supplier (the stock list's export follows its supplier filter). */
  supplierId: optionalIdFilter('supplierId'),
  status: statusFilterField,
  expiringWithinDays: v.optional(
    v.pipe(
      v.unknown(),
      v.transform(Number),
      v.integer(encodeMessage('integer', { name: 'expiringWithinDays' })),
      v.minValue(0, encodeMessage('invalidFormat', { format: 'expiringWithinDays' })),
      v.maxValue(3650, encodeMessage('invalidFormat', { format: 'expiringWithinDays' })),
    ),
  ),
  /** Opaque keyset cursor from a previous answer's nextCursor. */
  cursor: v.optional(v.pipe(safeString(), v.maxLength(500))),
});
export type StockDetailQuery = v.InferInput<typeof stockDetailSchema>;
export type StockDetailFilters = v.InferOutput<typeof stockDetailSchema>;

/** A row of stock/detail. The activation code is never in a list: only its masked form. */
export interface StockItemListItem {
  id: string;
  productId: string;
  iccid: string;
  /** e.g. 'LPA:1$smdp.example.com$••••••AB12'. */
  activationCodeMasked: string;
  smdpAddress: string;
  status: StockStatus;
  /** yyyy-MM-dd */
  activeExpireDate: string;
  /** ISO timestamp. */
  importedDate: string;
  /** ISO timestamp when status is holding, else null. */
  holdUntil: string | null;
  version: number;
}

export interface StockDetailResult extends ListResult<StockItemListItem> {
  /** More items match than `total` (a search or date range counted up to STOCK_COUNT_CAP). */
  totalCapped: boolean;
  /** Pass as `cursor` to get the next page by keyset; null on the last page. */
  nextCursor: string | null;
  /** Counts by status of the product (productId filter), or of all stock when none. */
  counts: StockStatusCounts;
  /** Items on hand expiring within STOCK_EXPIRING_SOON_DAYS (same scope as counts). */
  expiringSoon: number;
  /** The product when productId was given (header of /stock/detail), else null. */
  product: {
    id: string;
    productCode: string;
    name: string;
    supplierId: string;
    supplierName: string;
  } | null;
}

// ---------------------------------------------------------------- one item

/** GET stock?id=, POST stock/activation-code {id}, GET stock/csv/job?id= */
export const stockIdQuerySchema = v.object({ id: idField('id') });
export const revealActivationCodeSchema = v.object({ id: idField('id') });

/** DELETE stock?id=&version= */
export const deleteStockQuerySchema = v.object({ id: idField('id'), version: versionField });

/** GET stock?id= answer. */
export interface StockItemDetail extends StockItemListItem {
  productCode: string;
  productName: string;
  supplierId: string;
  supplierName: string;
  /** Matching id masked like the code ('••••••AB12'). */
  matchingIdMasked: string;
  /** Reason given with the last status change, if any. */
  statusReason: string | null;
  /** Name of the CSV file it came from, null when created otherwise. */
  importFileName: string | null;
  /** The import it came from (audit entity stockImport), null when created otherwise. */
  importId: string | null;
  /** The moves the matrix allows from the current status (STOCK_TRANSITIONS[status]). */
  allowedStatuses: StockStatus[];
  canDelete: boolean;
  createdBy: string;
  updatedDate: string;
  updatedBy: string;
}

/** POST stock/activation-code answer. */
export interface StockActivationCode {
  id: string;
  iccid: string;
  /** The full LPA string (render it and its QR code; never store or log it). */
  activationCode: string;
  smdpAddress: string;
  matchingId: string;
}

/**
 * PUT stock body: a status change with the version the screen loaded (409 when stale).
 * holdUntil (ISO timestamp in the future) is required when status is 'holding'.
 */
export const updateStockStatusSchema = v.pipe(
  v.object({
    id: idField('id'),
    version: versionField,
    status: statusField,
    reason: v.optional(
      v.nullable(
        v.pipe(
          safeString(encodeMessage('validType', { name: 'reason', type: 'string' })),
          v.trim(),
          v.maxLength(
            MAX_LENGTH.long,
            encodeMessage('maxLength', { name: 'reason', length: MAX_LENGTH.long }),
          ),
        ),
      ),
    ),
    holdUntil: v.optional(
      v.nullable(
        v.pipe(
          safeString(encodeMessage('validType', { name: 'holdUntil', type: 'string' })),
          v.check(
            (text) => !Number.isNaN(Date.parse(text)),
            encodeMessage('invalidFormat', { format: 'holdUntil' }),
          ),
        ),
      ),
    ),
  }),
  v.forward(
    v.partialCheck(
      [['status'], ['holdUntil']],
      (input) => input.status !== 'holding' || (input.holdUntil ?? '') !== '',
      encodeMessage('required', { name: 'holdUntil' }),
    ),
    ['holdUntil'],
  ),
);
export type UpdateStockStatusInput = v.InferInput<typeof updateStockStatusSchema>;

// ---------------------------------------------------------------- import

/**
 * POST stock/csv query; the body is the file itself (Content-Type: text/csv, at most
 * STOCK_IMPORT_MAX_MB). dryRun defaults to true: applying has to be asked for (dryRun=false).
 */
export const stockImportQuerySchema = v.object({
  productId: idField('productId'),
  fileName: v.pipe(
    safeString(encodeMessage('required', { name: 'file' })),
    v.trim(),
    v.nonEmpty(encodeMessage('required', { name: 'file' })),
    v.maxLength(
      MAX_LENGTH.long,
      encodeMessage('maxLength', { name: 'file', length: MAX_LENGTH.long }),
    ),
  ),
  dryRun: v.optional(
    v.pipe(
      v.union(
        [v.boolean(), v.picklist(['true', 'false'])],
        encodeMessage('validType', { name: 'dryRun', type: 'boolean' }),
      ),
      v.transform((value) => value === true || value === 'true'),
    ),
    true,
  ),
});
export type StockImportQuery = v.InferInput<typeof stockImportQuerySchema>;

/**
 * POST stock/csv/apply body: the importId a dry run answered (its checked rows are staged on the
 * server for STOCK_IMPORT_STAGED_MINUTES, for the user who checked the file). Gone, expired,
 * another user's or already applied: 422 STOCK_MESSAGES.importExpired (check the file again).
 */
export const stockImportApplySchema = v.object({ importId: idField('importId') });
export type StockImportApplyInput = v.InferInput<typeof stockImportApplySchema>;

/** How long a checked (dry run) file can be applied. */
export const STOCK_IMPORT_STAGED_MINUTES = 60;

/**
 * What stock/csv and stock/csv/apply answer (dry run or apply), and a finished job's result.
 * Row numbers are the spreadsheet's (header = row 1). A dry run of a file without row errors
 * stages it: `importId` is set, and POST stock/csv/apply {importId} imports exactly the checked
 * rows without sending the file again. Apply with any error row is a 400 whose errors[] are the
 * row errors (nothing written); all rows expired is a 422 STOCK_MESSAGES.allExpired.
 * A large apply (> STOCK_IMPORT_BACKGROUND_ROWS rows) answers 200 with jobId set, imported 0 and
 * message 'Stock import started.': poll GET stock/csv/job?id=<jobId> (about once a second) until
 * succeeded (result: this shape, imported set; toast 'Stock imported.') or failed (error).
 */
export interface StockImportResult {
  dryRun: boolean;
  productId: string;
  fileName: string;
  /** Data rows in the file (header excluded). */
  totalRows: number;
  /** Rows that would be / were imported. */
  validRows: number;
  /** Rows skipped because activeExpireDate is before today. */
  expiredRows: number;
  /** Rows with at least one error. */
  errorRows: number;
  /** Row errors, first STOCK_IMPORT_ERROR_LIST_CAP of them. */
  errors: CsvRowError[];
  /** All row errors (errors.length may be smaller). */
  errorCount: number;
  /** Every row expired: nothing can be imported (the spec's warning). */
  allExpired: boolean;
  /** Items written (0 on a dry run or while a job is running). */
  imported: number;
  /** Set when the apply runs in the background. */
  jobId: string | null;
  /**
   * The import's id: on a dry run, set when the file was staged (no row error, something to
   * import): send it to stock/csv/apply. Once applied, the items' importId (audit entity
   * stockImport).
   */
  importId: string | null;
}

export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** GET stock/csv/job?id= answer (poll every second or so until succeeded/failed). */
export interface StockImportJob {
  id: string;
  status: JobStatus;
  progress: { done: number; total: number };
  /** When succeeded. */
  result: StockImportResult | null;
  /** When failed: the message to show (nothing was imported). */
  error: string | null;
  createdDate: string;
  finishedDate: string | null;
}

/**
 * Entity type of the items' audit history. A reveal is an 'update' entry whose one change is
 * { field: 'activationCode', before: null, after: 'revealed' } (the code itself is never written).
 */
export const STOCK_AUDIT_ENTITY = 'stockItem';
/**
 * Entity type of applied imports: one 'create' entry per import (productId, fileName, items), read
 * with GET audit/history?entityType=stockImport&entityId=<importId>.
 */
export const STOCK_IMPORT_AUDIT_ENTITY = 'stockImport';
