import * as v from 'valibot';
import { listQuerySchema, type ListResult } from './api';
import { currencyCodeField } from './currencies';
import { isCalendarDate } from './exchange-rates';
import { MAX_LENGTH, optionalText, requiredText } from './fields';
import { isValidIccid } from './iccid';
import { defineApiMessages, encodeMessage } from './messages';
import type { InputMode, PricingRule } from './pricing';
import type { DeliveryType } from './suppliers';
import type { PriceSource } from './tariffs';
import { safeString } from './text-safety';

/*
 * Products (/products, /products/detail; permission: the products resource) and product prices
 * (/products-price, /products-price/detail; the productPrices resource). docs/products.md.
 *
 * Calls:
 *   POST product/list, GET product/export?<list filters>, GET product?id=, POST product,
 *   PUT product, PUT product/edit-selling-price, PUT product/edit-special-price,
 *   PUT product/label, GET product/label/list, GET product/history?id=,
 *   GET product/prices?id=, POST product/price/list, GET product/price/export?<price filters>.
 *
 * Money: costMinor/priceMinor in minor units of costCurrency (USD 12.34 = 1234); every *Jpy
 * amount is whole yen. costJpy = cost converted at today's rate (Asia/Tokyo, docs/pricing.md).
 * grossProfit = the price that applies today (the active special price, else the selling price)
 * - costJpy; grossProfitPercent = grossProfit x 100 / that price (2 decimals); null when there is
 * no price. sellingGrossProfit(Percent) is the same at the selling price, for comparison.
 */

export const PRODUCT_TYPES = ['daypass', 'package'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
export const PRODUCT_NETWORKS = ['local', 'round'] as const;
export type ProductNetwork = (typeof PRODUCT_NETWORKS)[number];
export const PRODUCT_STATUSES = ['active', 'inactive'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** Largest amount in minor units a product may carry (a PostgreSQL integer). */
export const PRODUCT_MAX_AMOUNT_MINOR = 2_000_000_000;

/** Product codes (SKUs): letters, digits and . _ - (they appear in CSV files). */
export const PRODUCT_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
/** ISO 3166-1 alpha-2 code. */
export const COVERAGE_COUNTRY_PATTERN = /^[A-Z]{2}$/;

/** A code field (max 50): required, no spaces, letters/digits/. _ -. */
export function catalogCodeField(name: string, pattern: RegExp = PRODUCT_CODE_PATTERN) {
  return v.pipe(
    safeString(encodeMessage('required', { name })),
    v.trim(),
    v.nonEmpty(encodeMessage('required', { name })),
    v.maxLength(MAX_LENGTH.code, encodeMessage('maxLength', { name, length: MAX_LENGTH.code })),
    v.check((text) => !/\s/.test(text), encodeMessage('noSpaces', { name })),
    v.regex(pattern, encodeMessage('validType', { name, type: 'code' })),
  );
}

/**
 * A whole number from `min` to `max` (JSON number). Out of range (negative numbers included) is
 * 'Invalid {format} format.' (spec section 5), `format` a readable noun.
 */
export function wholeNumberField(
  name: string,
  min = 0,
  max = PRODUCT_MAX_AMOUNT_MINOR,
  format: string = name,
) {
  return v.pipe(
    v.number(encodeMessage('validType', { name, type: 'number' })),
    v.integer(encodeMessage('integer', { name })),
    v.minValue(min, encodeMessage('invalidFormat', { format })),
    v.maxValue(max, encodeMessage('invalidFormat', { format })),
  );
}

/** APN setting: automatic (the device picks it) or manual (apnValue is the APN to enter). */
export const APN_TYPES = ['automatic', 'manual'] as const;
export type ApnType = (typeof APN_TYPES)[number];

/** Throttling speed (kbps) after the data runs out, when nothing else is said. */
export const DEFAULT_THROTTLING_SPEED_KBPS = 128;
export const MAX_THROTTLING_SPEED_KBPS = 10_000_000;

/** Labels: free short texts for grouping and filtering (trimmed, deduplicated ignoring case). */
export const LABEL_MAX_LENGTH = 50;
export const MAX_LABELS_PER_PRODUCT = 20;

/** Texts the product calls answer with (English; the console shows them as toasts). */
export const PRODUCT_MESSAGES = {
  created: 'Product created.',
  updated: 'Product updated.',
  sellingPriceUpdated: 'Selling price updated.',
  specialPriceUpdated: 'Special price updated.',
  specialPriceCleared: 'Special price cleared.',
  labelsUpdated: 'Labels updated.',
  apiSupplier:
    'Products of API suppliers come from the supplier sync; choose a supplier with delivery type stock.',
} as const;

/** PRODUCT_MESSAGES with their keys (apiMessages:products.*): what the API sends. */
export const PRODUCT_API_MESSAGES = defineApiMessages('products', PRODUCT_MESSAGES);

const idField = (name = 'id') =>
  v.pipe(
    safeString(encodeMessage('required', { name })),
    v.trim(),
    v.nonEmpty(encodeMessage('required', { name })),
    v.uuid(encodeMessage('invalidFormat', { format: name })),
  );

const versionField = v.pipe(
  v.number(encodeMessage('required', { name: 'version' })),
  v.integer(encodeMessage('integer', { name: 'version' })),
  v.minValue(1, encodeMessage('invalidFormat', { format: 'version' })),
);

/** Optional text where null, absent and '' all mean "not set" (stored as null). */
function nullableText(name: string, maxLength: number = MAX_LENGTH.default) {
  return v.nullish(
    v.pipe(
      safeString(encodeMessage('validType', { name, type: 'string' })),
      v.trim(),
      v.maxLength(maxLength, encodeMessage('maxLength', { name, length: maxLength })),
    ),
  );
}

/** An ICCID (19-20 digits, starts with 89, Luhn check digit); null/absent/'' = none. */
export const iccidField = v.nullish(
  v.pipe(
    safeString(encodeMessage('validType', { name: 'iccid', type: 'string' })),
    v.trim(),
    v.check(
      (text) => text === '' || isValidIccid(text),
      encodeMessage('invalidFormat', { format: 'ICCID' }),
    ),
  ),
);

/** A calendar date 'yyyy-MM-dd'. */
function calendarDate(name: string) {
  return v.pipe(
    safeString(encodeMessage('required', { name })),
    v.trim(),
    v.check(isCalendarDate, encodeMessage('invalidFormat', { format: 'date' })),
  );
}

/** One label: trimmed, 1..50 characters. */
export const labelField = v.pipe(
  safeString(encodeMessage('validType', { name: 'label', type: 'string' })),
  v.trim(),
  v.nonEmpty(encodeMessage('required', { name: 'label' })),
  v.maxLength(
    LABEL_MAX_LENGTH,
    encodeMessage('maxLength', { name: 'label', length: LABEL_MAX_LENGTH }),
  ),
);

/** Trimmed labels without duplicates (ignoring case; the first spelling wins), in the given order. */
export function normalizeLabels(labels: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of labels) {
    const label = raw.trim();
    const key = label.toLowerCase();
    if (label === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(label);
  }
  return out;
}

/** A product's labels: each 1..50 characters, deduplicated, at most 20 (after deduplication). */
export const labelsField = v.pipe(
  v.array(labelField, encodeMessage('validType', { name: 'labels', type: 'list' })),
  v.transform((labels: string[]) => normalizeLabels(labels)),
  v.maxLength(
    MAX_LABELS_PER_PRODUCT,
    encodeMessage('invalidFormat', { format: `labels (at most ${MAX_LABELS_PER_PRODUCT})` }),
  ),
);

const coverageField = v.optional(
  v.pipe(
    v.array(
      v.pipe(
        safeString(encodeMessage('validType', { name: 'coverage', type: 'string' })),
        v.trim(),
        v.toUpperCase(),
        v.regex(
          COVERAGE_COUNTRY_PATTERN,
          encodeMessage('invalidFormat', { format: 'country code' }),
        ),
      ),
    ),
    v.maxLength(250),
  ),
  [],
);

/** The fields of a product PUT product replaces (prices and labels have calls of their own). */
const productEntries = {
  supplierId: v.pipe(
    safeString(encodeMessage('required', { name: 'supplierId' })),
    v.uuid(encodeMessage('invalidFormat', { format: 'supplier id' })),
  ),
  name: requiredText('name', MAX_LENGTH.long),
  productCode: catalogCodeField('productCode'),
  category: optionalText('category'),
  costMinor: wholeNumberField('costMinor', 0, PRODUCT_MAX_AMOUNT_MINOR, 'cost'),
  costCurrency: currencyCodeField('costCurrency'),
  priceMinor: v.optional(
    v.nullable(wholeNumberField('priceMinor', 0, PRODUCT_MAX_AMOUNT_MINOR, 'price')),
    null,
  ),
  /** null = unlimited. */
  dataMb: v.optional(v.nullable(wholeNumberField('dataMb', 0, 10_000_000, 'data amount')), null),
  durationDays: wholeNumberField('durationDays', 1, 3650, 'duration'),
  coverage: coverageField,
  type: v.picklist(PRODUCT_TYPES, encodeMessage('invalidFormat', { format: 'type' })),
  network: v.picklist(PRODUCT_NETWORKS, encodeMessage('invalidFormat', { format: 'network' })),
  status: v.optional(
    v.picklist(PRODUCT_STATUSES, encodeMessage('invalidFormat', { format: 'status' })),
    'active',
  ),
  /** Single-profile products only; null/'' = none. */
  iccid: iccidField,
  /** Display name (what customers see); null/'' = the name. */
  display: nullableText('display', MAX_LENGTH.long),
  /** kbps after the data runs out (default 128). */
  throttlingSpeed: v.optional(
    wholeNumberField('throttlingSpeed', 0, MAX_THROTTLING_SPEED_KBPS, 'throttling speed'),
    DEFAULT_THROTTLING_SPEED_KBPS,
  ),
  apnType: v.optional(
    v.picklist(APN_TYPES, encodeMessage('invalidFormat', { format: 'APN type' })),
    'automatic',
  ),
  /** Required when apnType is manual. */
  apnValue: nullableText('apnValue'),
  description: nullableText('description', MAX_LENGTH.description),
};

const filled = (value: string | null | undefined): value is string =>
  value !== undefined && value !== null && value !== '';

const apnValueMessage = encodeMessage('required', { name: 'apnValue' });
const needsApnValue = (input: { apnType?: ApnType; apnValue?: string | null | undefined }) =>
  input.apnType !== 'manual' || filled(input.apnValue);

/**
 * POST product (and the services the sample data and the supplier sync use). The console's form
 * creates products of stock-type suppliers; the selling price, when given, must be above the cost
 * in JPY ('Selling Price must be greater than Cost Price.'). A product code taken
 * (case-insensitively) is a 409 'Name already existed in the database.'.
 */
export const createProductSchema = v.pipe(
  v.object({
    ...productEntries,
    sellingPriceJpy: v.optional(
      v.nullable(wholeNumberField('sellingPriceJpy', 1, PRODUCT_MAX_AMOUNT_MINOR, 'selling price')),
      null,
    ),
    labels: v.optional(labelsField, []),
  }),
  v.forward(v.partialCheck([['apnType'], ['apnValue']], needsApnValue, apnValueMessage), [
    'apnValue',
  ]),
);
export type CreateProductInput = v.InferInput<typeof createProductSchema>;
export type CreateProductValues = v.InferOutput<typeof createProductSchema>;

/**
 * PUT product: the whole record (without prices and labels: edit-selling-price,
 * edit-special-price, label) with the `version` the form loaded; stale = 409.
 */
export const updateProductSchema = v.pipe(
  v.object({ ...productEntries, id: idField(), version: versionField }),
  v.forward(v.partialCheck([['apnType'], ['apnValue']], needsApnValue, apnValueMessage), [
    'apnValue',
  ]),
);
export type UpdateProductInput = v.InferInput<typeof updateProductSchema>;
export type UpdateProductValues = v.InferOutput<typeof updateProductSchema>;

/** GET product?id=, GET product/history?id=, GET product/prices?id= */
export const productIdQuerySchema = v.object({ id: idField() });

/**
 * PUT product/edit-selling-price: whole JPY above the cost converted at today's rate (else 422
 * 'Selling Price must be greater than Cost Price.'; no rate = 422 naming the currency pair).
 */
export const editSellingPriceSchema = v.object({
  id: idField(),
  version: versionField,
  sellingPriceJpy: wholeNumberField(
    'sellingPriceJpy',
    1,
    PRODUCT_MAX_AMOUNT_MINOR,
    'selling price',
  ),
});
export type EditSellingPriceInput = v.InferInput<typeof editSellingPriceSchema>;

/**
 * PUT product/edit-special-price: a special price (whole JPY, above the cost in JPY) with an
 * optional validity period specialFrom..specialTo (inclusive, yyyy-MM-dd, Asia/Tokyo days; either
 * end open). from <= to; specialTo not before today ('Dates must be equal to or later than the
 * current date.'). specialPriceJpy null clears the price and its period.
 */
export const editSpecialPriceSchema = v.pipe(
  v.object({
    id: idField(),
    version: versionField,
    specialPriceJpy: v.nullable(
      wholeNumberField('specialPrice', 1, PRODUCT_MAX_AMOUNT_MINOR, 'special price'),
    ),
    specialFrom: v.nullish(
      v.union(
        [v.literal(''), calendarDate('specialPriceFrom')],
        encodeMessage('invalidFormat', { format: 'date' }),
      ),
    ),
    specialTo: v.nullish(
      v.union(
        [v.literal(''), calendarDate('specialPriceTo')],
        encodeMessage('invalidFormat', { format: 'date' }),
      ),
    ),
  }),
  v.forward(
    v.partialCheck(
      [['specialFrom'], ['specialTo']],
      (input) =>
        !filled(input.specialFrom) ||
        !filled(input.specialTo) ||
        input.specialFrom <= input.specialTo,
      encodeMessage('invalidFormat', { format: 'date range' }),
    ),
    ['specialTo'],
  ),
);
export type EditSpecialPriceInput = v.InferInput<typeof editSpecialPriceSchema>;

/** PUT product/label: replaces a product's labels (trimmed, deduplicated, 1..50 chars, <= 20). */
export const productLabelsSchema = v.object({
  id: idField(),
  version: versionField,
  labels: labelsField,
});
export type ProductLabelsInput = v.InferInput<typeof productLabelsSchema>;

// ---------------------------------------------------------------- lists

export const PRODUCT_SORT_COLUMNS = [
  'productCode',
  'name',
  'iccid',
  'supplierName',
  'category',
  'type',
  'network',
  'dataMb',
  'durationDays',
  'throttlingSpeed',
  'status',
  'cost',
  'costJpy',
  'sellingPrice',
  'specialPrice',
  'grossProfit',
  'grossProfitPercent',
  /** By the labels (sorted, compared as a list ignoring case); products without labels last. */
  'labels',
  'createdDate',
  'updatedDate',
] as const;
export type ProductSortColumn = (typeof PRODUCT_SORT_COLUMNS)[number];

const filterEntries = {
  supplierId: v.optional(idField('supplierId')),
  /** Exact category (ignoring case). */
  category: v.optional(v.pipe(safeString(), v.trim(), v.maxLength(MAX_LENGTH.default))),
  /** Products covering this country (ISO alpha-2). */
  country: v.optional(
    v.pipe(
      safeString(),
      v.trim(),
      v.toUpperCase(),
      v.regex(COVERAGE_COUNTRY_PATTERN, encodeMessage('invalidFormat', { format: 'country code' })),
    ),
  ),
  type: v.optional(v.picklist(PRODUCT_TYPES, encodeMessage('invalidFormat', { format: 'type' }))),
  network: v.optional(
    v.picklist(PRODUCT_NETWORKS, encodeMessage('invalidFormat', { format: 'network' })),
  ),
  status: v.optional(
    v.picklist(PRODUCT_STATUSES, encodeMessage('invalidFormat', { format: 'status' })),
  ),
};

/**
 * POST product/list body, and GET product/export query (same filters, no paging).
 * search: product code, name or ICCID contains; label: products carrying this label (ignoring
 * case); from/to: created date (inclusive).
 */
export const productListSchema = v.object({
  ...listQuerySchema(PRODUCT_SORT_COLUMNS).entries,
  ...filterEntries,
  label: v.optional(v.pipe(safeString(), v.trim(), v.maxLength(LABEL_MAX_LENGTH))),
});
export type ProductListQuery = v.InferInput<typeof productListSchema>;

/** The product fields every answer carries. */
export interface ProductRecord {
  id: string;
  supplierId: string;
  supplierName: string;
  supplierDeliveryType: DeliveryType;
  name: string;
  productCode: string;
  iccid: string | null;
  category: string | null;
  costMinor: number;
  costCurrency: string;
  priceMinor: number | null;
  dataMb: number | null;
  durationDays: number;
  display: string | null;
  coverage: string[];
  throttlingSpeed: number;
  apnType: ApnType;
  apnValue: string | null;
  description: string | null;
  type: ProductType;
  network: ProductNetwork;
  status: ProductStatus;
  sellingPriceJpy: number | null;
  specialPriceJpy: number | null;
  /** Validity period of the special price (inclusive yyyy-MM-dd; null = open end). */
  specialFrom: string | null;
  specialTo: string | null;
  labels: string[];
  version: number;
  createdDate: string;
  updatedDate: string;
  createdBy: string;
  updatedBy: string;
}

/** The priced fields (today's rate). */
export interface ProductPricing {
  /** JPY per unit of costCurrency (decimal text; '1' for JPY); null = no current rate. */
  exchangeRate: string | null;
  /** The cost in whole JPY at today's rate; null = no current rate (detail only: lists 422). */
  costJpy: number | null;
  /** The special price is set and today is inside its period. */
  specialActive: boolean;
  /** What a customer pays today: the active special price, else the selling price. */
  currentPriceJpy: number | null;
  /** currentPriceJpy - costJpy (null without a price or a rate). */
  grossProfit: number | null;
  /** grossProfit x 100 / currentPriceJpy, 2 decimals. */
  grossProfitPercent: number | null;
  /** sellingPriceJpy - costJpy: the margin when no special price applies. */
  sellingGrossProfit: number | null;
  /** sellingGrossProfit x 100 / sellingPriceJpy, 2 decimals. */
  sellingGrossProfitPercent: number | null;
}

/** POST product/list items. */
export type ProductListItem = ProductRecord & ProductPricing;
export type ProductList = ListResult<ProductListItem>;

/** One product's price in one tariff code (GET product?id= tariffPrices, GET product/prices). */
export interface ProductTariffPrice {
  tariffCodeId: string;
  tariffCode: string;
  tariffCodeName: string | null;
  tariffGroupId: string;
  tariffGroup: string;
  tariffGroupName: string;
  rule: PricingRule;
  inputMode: InputMode;
  costJpy: number | null;
  priceJpy: number | null;
  /** From the code's rule (null: no base or no rate). */
  computedPrice: number | null;
  manualPrice: number | null;
  /** manual, else computed in input mode auto. */
  effectivePrice: number | null;
  priceSource: PriceSource;
  grossProfit: number | null;
  grossProfitPercent: number | null;
}

/** GET product?id=: every field, priced, with the tariff price lists it appears in. */
export interface ProductDetail extends ProductRecord, ProductPricing {
  tariffPrices: ProductTariffPrice[];
}

/** GET product/prices?id= (/products-price/detail). */
export interface ProductPrices {
  product: ProductListItem;
  prices: ProductTariffPrice[];
}

/** GET product/label/list */
export interface ProductLabelCount {
  label: string;
  count: number;
}
export interface ProductLabelList {
  items: ProductLabelCount[];
}

// ---------------------------------------------------------------- price list

export const PRODUCT_PRICE_SORT_COLUMNS = [
  'productCode',
  'name',
  'supplierName',
  'category',
  'type',
  'network',
  'dataMb',
  'durationDays',
  'cost',
  'costJpy',
  'sellingPrice',
  'specialPrice',
  'grossProfit',
  'grossProfitPercent',
  /** With tariffCodeId only (else the same as productCode). */
  'tariffPrice',
  'tariffGrossProfit',
  'tariffGrossProfitPercent',
] as const;
export type ProductPriceSortColumn = (typeof PRODUCT_PRICE_SORT_COLUMNS)[number];

/**
 * POST product/price/list body, and GET product/price/export query (same filters, no paging).
 * search: product code or name contains; tariffCodeId adds that code's price columns.
 */
export const productPriceListSchema = v.object({
  ...listQuerySchema(PRODUCT_PRICE_SORT_COLUMNS).entries,
  ...filterEntries,
  tariffCodeId: v.optional(idField('tariffCode')),
});
export type ProductPriceListQuery = v.InferInput<typeof productPriceListSchema>;

export interface ProductPriceListItem {
  productId: string;
  productCode: string;
  name: string;
  supplierId: string;
  supplierName: string;
  category: string | null;
  type: ProductType;
  network: ProductNetwork;
  coverage: string[];
  dataMb: number | null;
  durationDays: number;
  status: ProductStatus;
  costMinor: number;
  costCurrency: string;
  exchangeRate: string;
  costJpy: number;
  sellingPriceJpy: number | null;
  specialPriceJpy: number | null;
  specialFrom: string | null;
  specialTo: string | null;
  specialActive: boolean;
  /** At the price that applies today (see ProductPricing). */
  grossProfit: number | null;
  grossProfitPercent: number | null;
  sellingGrossProfit: number | null;
  sellingGrossProfitPercent: number | null;
  /** The chosen tariff code's columns (null without tariffCodeId). */
  tariffPrice: number | null;
  tariffPriceSource: PriceSource | null;
  tariffGrossProfit: number | null;
  tariffGrossProfitPercent: number | null;
}

export interface ProductPriceList extends ListResult<ProductPriceListItem> {
  /** The code whose columns are filled (null without tariffCodeId). */
  tariffCode: { id: string; tariffCode: string; name: string | null } | null;
}
