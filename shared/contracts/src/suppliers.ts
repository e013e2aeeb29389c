import * as v from 'valibot';
import { listQuerySchema } from './api';
import { BASE_CURRENCY, currencyCodeField } from './currencies';
import { MAX_LENGTH, isValidEmail, requiredText } from './fields';
import { encodeMessage } from './messages';
import { safeString } from './text-safety';

/*
 * Suppliers (/supplier-management; permission: the suppliers resource). Spec section 3 fields,
 * delivery type api (connector settings: kind, base URL, API key) or stock.
 *
 * Calls (docs/api.md): POST supplier, PUT supplier, GET supplier?id=, DELETE supplier?id=&version=,
 * POST supplier/list, GET supplier/export?<list filters>, POST supplier/test-connection?id=,
 * GET supplier/history?id=.
 *
 * The API key is write-only: send it to set it, null (PUT) to clear it, leave it out to keep it.
 * Responses only say apiKeySet: true/false.
 */

export const SUPPLIER_STATUSES = ['active', 'inactive'] as const;
export type SupplierStatus = (typeof SUPPLIER_STATUSES)[number];
export const DELIVERY_TYPES = ['api', 'stock'] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];
/** 'esimgo': the eSIM Go API (X-API-Key header); 'generic': any HTTP API (Authorization: Bearer). */
export const CONNECTOR_KINDS = ['esimgo', 'generic'] as const;
export type ConnectorKind = (typeof CONNECTOR_KINDS)[number];
/** eSIM Go's API base URL (the version is part of it). */
export const ESIMGO_DEFAULT_BASE_URL = 'https://api.esim-go.com/v2.4';

/** Postal codes: Japan's 123-4567 (hyphen optional); elsewhere letters, digits, spaces, hyphens. */
export function isValidPostalCode(postalCode: string, countryCode?: string | null): boolean {
  if (countryCode === 'JP') return /^\d{3}-?\d{4}$/.test(postalCode);
  return /^[A-Za-z0-9][A-Za-z0-9 -]*$/.test(postalCode);
}

/** A phone or mobile number: digits, spaces, + - ( ). */
export const PHONE_PATTERN = /^[0-9+\-() ]+$/;

/** http(s) URL without credentials in it (those belong in the API key). */
export function isConnectorUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      url.username === '' &&
      url.password === '' &&
      url.hostname !== ''
    );
  } catch {
    return false;
  }
}

/** Optional text: null, absent and '' all mean "not set" (the API stores null). */
function optionalField(name: string, maxLength: number = MAX_LENGTH.default) {
  return v.nullish(
    v.pipe(
      safeString(encodeMessage('validType', { name, type: 'string' })),
      v.trim(),
      v.maxLength(maxLength, encodeMessage('maxLength', { name, length: maxLength })),
    ),
  );
}

function optionalFormatted(
  name: string,
  maxLength: number,
  test: (text: string) => boolean,
  format: string,
) {
  return v.nullish(
    v.pipe(
      safeString(encodeMessage('validType', { name, type: 'string' })),
      v.trim(),
      v.maxLength(maxLength, encodeMessage('maxLength', { name, length: maxLength })),
      v.check((text) => text === '' || test(text), encodeMessage('invalidFormat', { format })),
    ),
  );
}

const supplierIdField = v.pipe(
  safeString(encodeMessage('required', { name: 'id' })),
  v.trim(),
  v.nonEmpty(encodeMessage('required', { name: 'id' })),
  v.uuid(encodeMessage('invalidFormat', { format: 'id' })),
);

const versionField = v.pipe(
  v.number(encodeMessage('required', { name: 'version' })),
  v.integer(encodeMessage('integer', { name: 'version' })),
  v.minValue(1, encodeMessage('invalidFormat', { format: 'version' })),
);

const supplierEntries = {
  name: requiredText('supplierName'),
  target: optionalField('target'),
  type: optionalField('supplierType'),
  abbreviation: optionalField('abbreviation', MAX_LENGTH.abbreviation),
  status: v.optional(
    v.picklist(SUPPLIER_STATUSES, encodeMessage('invalidFormat', { format: 'status' })),
    'active',
  ),
  companyName: optionalField('companyName'),
  contactName: optionalField('contactName'),
  email: v.nullish(
    v.pipe(
      safeString(encodeMessage('validType', { name: 'email', type: 'string' })),
      v.trim(),
      v.maxLength(
        MAX_LENGTH.long,
        encodeMessage('maxLength', { name: 'email', length: MAX_LENGTH.long }),
      ),
      v.check(
        (text) => text === '' || isValidEmail(text),
        encodeMessage('invalidFormat', { format: 'email' }),
      ),
      v.toLowerCase(),
    ),
  ),
  phone: optionalFormatted('phone', MAX_LENGTH.phone, (text) => PHONE_PATTERN.test(text), 'phone'),
  mobile: optionalFormatted(
    'mobile',
    MAX_LENGTH.phone,
    (text) => PHONE_PATTERN.test(text),
    'mobile',
  ),
  address: optionalField('address', MAX_LENGTH.long),
  officeAddress: optionalField('officeAddress', MAX_LENGTH.long),
  countryCode: v.nullish(
    v.pipe(
      safeString(encodeMessage('validType', { name: 'countryCode', type: 'string' })),
      v.trim(),
      v.toUpperCase(),
      v.maxLength(
        MAX_LENGTH.countryCode,
        encodeMessage('maxLength', { name: 'countryCode', length: MAX_LENGTH.countryCode }),
      ),
      v.check(
        (text) => text === '' || /^[A-Z0-9]{2,6}$/.test(text),
        encodeMessage('invalidFormat', { format: 'country code' }),
      ),
    ),
  ),
  postalCode: optionalField('postalCode', MAX_LENGTH.postalCode),
  remark: optionalField('remark', MAX_LENGTH.description),
  currency: v.optional(currencyCodeField('currency'), BASE_CURRENCY),
  /** Absent or empty: the same as `currency`. */
  purchaseCurrency: v.nullish(
    v.union(
      [v.literal(''), currencyCodeField('purchaseCurrency')],
      encodeMessage('invalidFormat', { format: 'currency' }),
    ),
  ),
  deliveryType: v.picklist(DELIVERY_TYPES, encodeMessage('required', { name: 'deliveryType' })),
  connectorKind: v.nullish(
    v.union(
      [v.literal(''), v.picklist(CONNECTOR_KINDS)],
      encodeMessage('invalidFormat', { format: 'connector' }),
    ),
  ),
  baseUrl: optionalFormatted('baseUrl', MAX_LENGTH.long, isConnectorUrl, 'URL'),
  /** Write-only. Create: set it or leave it out. Update: a value replaces it, null clears it, absent keeps it. */
  apiKey: v.nullish(
    v.pipe(
      safeString(encodeMessage('validType', { name: 'apiKey', type: 'string' })),
      v.maxLength(
        MAX_LENGTH.long,
        encodeMessage('maxLength', { name: 'apiKey', length: MAX_LENGTH.long }),
      ),
      v.check((text) => !/\s/.test(text), encodeMessage('noSpaces', { name: 'apiKey' })),
    ),
  ),
};

const filled = (value: string | null | undefined): value is string =>
  value !== undefined && value !== null && value !== '';

const postalCodeMessage = encodeMessage('invalidFormat', { format: 'postal code' });
const connectorKindMessage = encodeMessage('required', { name: 'connectorKind' });
const baseUrlMessage = encodeMessage('required', { name: 'baseUrl' });

/** POST supplier body. A name taken (case-insensitive) is a 409 'Name already existed in the database.' */
export const createSupplierSchema = v.pipe(
  v.object(supplierEntries),
  v.forward(
    v.partialCheck(
      [['countryCode'], ['postalCode']],
      (input) =>
        !filled(input.postalCode) || isValidPostalCode(input.postalCode, input.countryCode),
      postalCodeMessage,
    ),
    ['postalCode'],
  ),
  v.forward(
    v.partialCheck(
      [['deliveryType'], ['connectorKind']],
      (input) => input.deliveryType !== 'api' || filled(input.connectorKind),
      connectorKindMessage,
    ),
    ['connectorKind'],
  ),
  v.forward(
    v.partialCheck(
      [['deliveryType'], ['baseUrl']],
      (input) => input.deliveryType !== 'api' || filled(input.baseUrl),
      baseUrlMessage,
    ),
    ['baseUrl'],
  ),
);
export type CreateSupplierInput = v.InferInput<typeof createSupplierSchema>;
export type CreateSupplierData = v.InferOutput<typeof createSupplierSchema>;

/**
 * PUT supplier body: the whole record (fields left out become empty, except apiKey which is
 * kept) plus the `version` the form loaded; a stale version is a 409.
 */
export const updateSupplierSchema = v.pipe(
  v.object({ ...supplierEntries, id: supplierIdField, version: versionField }),
  v.forward(
    v.partialCheck(
      [['countryCode'], ['postalCode']],
      (input) =>
        !filled(input.postalCode) || isValidPostalCode(input.postalCode, input.countryCode),
      postalCodeMessage,
    ),
    ['postalCode'],
  ),
  v.forward(
    v.partialCheck(
      [['deliveryType'], ['connectorKind']],
      (input) => input.deliveryType !== 'api' || filled(input.connectorKind),
      connectorKindMessage,
    ),
    ['connectorKind'],
  ),
  v.forward(
    v.partialCheck(
      [['deliveryType'], ['baseUrl']],
      (input) => input.deliveryType !== 'api' || filled(input.baseUrl),
      baseUrlMessage,
    ),
    ['baseUrl'],
  ),
);
export type UpdateSupplierInput = v.InferInput<typeof updateSupplierSchema>;
export type UpdateSupplierData = v.InferOutput<typeof updateSupplierSchema>;

/** GET supplier?id=, POST supplier/test-connection?id= */
export const supplierIdQuerySchema = v.object({ id: supplierIdField });

/** DELETE supplier?id=&version= (version optional: when sent, a stale one is a 409). */
export const deleteSupplierQuerySchema = v.object({
  id: supplierIdField,
  version: v.optional(
    v.pipe(
      v.unknown(),
      v.transform(Number),
      v.integer(encodeMessage('integer', { name: 'version' })),
      v.minValue(1, encodeMessage('invalidFormat', { format: 'version' })),
    ),
  ),
});

export const SUPPLIER_SORT_COLUMNS = [
  'name',
  'abbreviation',
  'status',
  'deliveryType',
  'currency',
  'countryCode',
  'createdDate',
  'updatedDate',
] as const;
export type SupplierSortColumn = (typeof SUPPLIER_SORT_COLUMNS)[number];

/**
 * POST supplier/list body, and GET supplier/export query (same filters, no paging).
 * search: name, abbreviation, company, contact or e-mail contains; from/to: created date (inclusive).
 */
export const supplierListSchema = v.object({
  ...listQuerySchema(SUPPLIER_SORT_COLUMNS).entries,
  status: v.optional(
    v.picklist(SUPPLIER_STATUSES, encodeMessage('invalidFormat', { format: 'status' })),
  ),
  deliveryType: v.optional(
    v.picklist(DELIVERY_TYPES, encodeMessage('invalidFormat', { format: 'deliveryType' })),
  ),
  currency: v.optional(currencyCodeField('currency')),
});
export type SupplierListQuery = v.InferInput<typeof supplierListSchema>;

export interface SupplierListItem {
  id: string;
  name: string;
  abbreviation: string | null;
  status: SupplierStatus;
  deliveryType: DeliveryType;
  currency: string;
  purchaseCurrency: string;
  countryCode: string | null;
  companyName: string | null;
  contactName: string | null;
  email: string | null;
  phone: string | null;
  connectorKind: ConnectorKind | null;
  version: number;
  createdDate: string;
  updatedDate: string;
}

export interface SupplierDetail {
  id: string;
  name: string;
  target: string | null;
  type: string | null;
  abbreviation: string | null;
  status: SupplierStatus;
  companyName: string | null;
  contactName: string | null;
  email: string | null;
  phone: string | null;
  mobile: string | null;
  address: string | null;
  officeAddress: string | null;
  countryCode: string | null;
  postalCode: string | null;
  remark: string | null;
  currency: string;
  purchaseCurrency: string;
  deliveryType: DeliveryType;
  /** Connector settings (delivery type api), else null. */
  connectorKind: ConnectorKind | null;
  baseUrl: string | null;
  /** Whether an API key is stored; the key itself never leaves the server. */
  apiKeySet: boolean;
  version: number;
  createdDate: string;
  updatedDate: string;
  createdBy: string;
  updatedBy: string;
}

/** POST supplier/test-connection answer (200 whether or not the supplier answered). */
export interface SupplierConnectionTest {
  /** The supplier answered with a 2xx status. */
  ok: boolean;
  /** HTTP status, null when there was no answer. */
  status: number | null;
  latencyMs: number;
  /** The URL probed (no credentials in it). */
  url: string;
  /** Why it failed ('timeout after 5000 ms', 'connection refused', 'HTTP 401', ...). */
  error: string | null;
  checkedAt: string;
}
