import * as v from 'valibot';
import { listQuerySchema, pageField } from './api';
import { defineApiMessages, encodeMessage } from './messages';
import { safeString } from './text-safety';

/*
 * Supplier sync (docs/supplier-sync.md): the supplier's catalogue beside our products, field by
 * field, and applying exactly what a person saw. External stock: the eSIMs held at a supplier.
 */

/** Which rows product/external/product-for-update/list answers: new, changed, or both ('all'). */
export const SYNC_FILTERS = ['all', 'new', 'changed'] as const;
export type SyncFilter = (typeof SYNC_FILTERS)[number];

/** The fields a sync compares ('cost' = amount and currency together). */
export const SYNC_FIELDS = ['cost', 'dataMb', 'durationDays', 'coverage'] as const;
export type SyncField = (typeof SYNC_FIELDS)[number];

export type SyncStatus = 'new' | 'changed' | 'unchanged';

/** Most items one apply call takes. */
export const SYNC_APPLY_MAX_ITEMS = 500;

export const SYNC_MESSAGES = {
  synced: 'Product synced.',
  stale: 'The supplier data changed. Reload the list and try again.',
} as const;

/** SYNC_MESSAGES with their keys (apiMessages:supplierSync.*): what the API sends. */
export const SYNC_API_MESSAGES = defineApiMessages('supplierSync', SYNC_MESSAGES);

const uuidField = (name: string) =>
  v.pipe(
    safeString(encodeMessage('required', { name })),
    v.trim(),
    v.nonEmpty(encodeMessage('required', { name })),
    v.uuid(encodeMessage('invalidFormat', { format: 'supplier id' })),
  );

const refField = v.pipe(
  safeString(encodeMessage('required', { name: 'externalRef' })),
  v.trim(),
  v.nonEmpty(encodeMessage('required', { name: 'externalRef' })),
  v.maxLength(200, encodeMessage('maxLength', { name: 'externalRef', length: 200 })),
);

/** POST product/external/product-for-update/list */
export const syncListSchema = v.object({
  supplierId: uuidField('supplierId'),
  filter: v.optional(
    v.picklist(SYNC_FILTERS, encodeMessage('invalidFormat', { format: 'filter' })),
    'all',
  ),
});
export type SyncListQuery = v.InferInput<typeof syncListSchema>;

/** GET product/external/product/get?supplierId=&ref= */
export const syncGetQuerySchema = v.object({
  supplierId: uuidField('supplierId'),
  ref: refField,
});

/** PUT product/external/product-for-update: the rows accepted, each with the hash shown. */
export const syncApplySchema = v.object({
  supplierId: uuidField('supplierId'),
  items: v.pipe(
    v.array(
      v.object({
        ref: refField,
        hash: v.pipe(
          safeString(encodeMessage('required', { name: 'externalRef' })),
          v.regex(/^[a-f0-9]{64}$/, encodeMessage('invalidFormat', { format: 'hash' })),
        ),
      }),
    ),
    v.minLength(1, encodeMessage('required', { name: 'productIds' })),
    v.maxLength(SYNC_APPLY_MAX_ITEMS),
  ),
});
export type SyncApplyInput = v.InferInput<typeof syncApplySchema>;

/** The compared values of one product (ours) or supplier product (theirs). */
export interface SyncValues {
  /** Minor units of costCurrency. */
  costMinor: number;
  costCurrency: string;
  /** null = unlimited. */
  dataMb: number | null;
  durationDays: number;
  /** ISO codes, sorted. */
  coverage: string[];
}

export interface SyncItem {
  /** The supplier's product reference (eSIM Go: the bundle name). */
  ref: string;
  /** Hash of the supplier data shown: apply sends it back. */
  hash: string;
  status: SyncStatus;
  /** The supplier's description. */
  description: string;
  /** Our product (null for a new one). */
  productId: string | null;
  productCode: string | null;
  productName: string | null;
  ours: SyncValues | null;
  theirs: SyncValues;
  /** Fields that differ (every field for a new product). */
  changedFields: SyncField[];
  fetchedAt: string;
}

export interface SyncListResult {
  supplierId: string;
  supplierName: string;
  fetchedAt: string;
  /** Products in the supplier's catalogue. */
  catalogueCount: number;
  newCount: number;
  changedCount: number;
  unchangedCount: number;
  items: SyncItem[];
}

export interface SyncApplyResult {
  created: number;
  updated: number;
  items: { ref: string; productId: string; action: 'created' | 'updated' | 'unchanged' }[];
}

// ---------------------------------------------------------------- external stock

export const EXTERNAL_SUPPLIER_SORT_COLUMNS = ['name'] as const;

/** POST stock/external/list: the suppliers with delivery type api, with their connector state. */
export const externalSupplierListSchema = v.object({
  ...listQuerySchema(EXTERNAL_SUPPLIER_SORT_COLUMNS).entries,
});
export type ExternalSupplierListQuery = v.InferInput<typeof externalSupplierListSchema>;

export type ExternalConnectorStatus = 'ok' | 'error' | 'noKey' | 'unsupported';

export interface ExternalSupplierItem {
  id: string;
  name: string;
  status: 'active' | 'inactive';
  connectorKind: string | null;
  /** Host of the base URL (never the key). */
  host: string | null;
  connectorStatus: ExternalConnectorStatus;
  /** eSIMs held at the supplier (null when it could not be asked). */
  esimCount: number | null;
  /** Why connectorStatus is not ok. */
  message: string | null;
}

/** POST stock/external/stock/list */
export const externalStockListSchema = v.object({
  supplierId: uuidField('supplierId'),
  page: pageField(),
  pageSize: v.optional(
    v.pipe(
      v.unknown(),
      v.transform(Number),
      v.picklist([10, 20, 30, 50] as const, encodeMessage('invalidFormat', { format: 'pageSize' })),
    ),
    10,
  ),
});
export type ExternalStockListQuery = v.InferInput<typeof externalStockListSchema>;

export interface ExternalStockItem {
  iccid: string;
  status: string | null;
  bundle: string | null;
  customerRef: string | null;
  assignedDate: string | null;
  actionDate: string | null;
  /** The activation code masked (LPA:1$rsp…$SIM-…4F2A); null when the supplier gives none. */
  activationCodeMasked: string | null;
}

export interface ExternalStockListResult {
  supplierId: string;
  supplierName: string;
  items: ExternalStockItem[];
  total: number;
  page: number;
  pageSize: number;
}

/** LPA:1$<address>$<matching id> with the middle of both parts hidden. */
export function maskSupplierActivationCode(code: string): string {
  const parts = code.split('$');
  const hide = (text: string) =>
    text.length <= 6 ? '•'.repeat(text.length) : `${text.slice(0, 3)}…${text.slice(-4)}`;
  if (parts.length < 3) return hide(code);
  return [parts[0], hide(parts[1] ?? ''), hide(parts[2] ?? '')].join('$');
}
