import * as v from 'valibot';
import { listQuerySchema, type ListResult } from './api';
import { csvImportSchema, type CsvImportResult } from './csv';
import { currencyCodeField } from './currencies';
import { MAX_LENGTH, optionalText, requiredText } from './fields';
import { defineApiMessages, encodeMessage } from './messages';
import {
  BASE_TARIFFS,
  INPUT_MODES,
  LOGIC3_OPTIONS,
  MARKUP_OPTIONS,
  MAX_LOGIC2_JPY,
  MAX_PRICE_JPY,
  type BaseTariff,
  type InputMode,
  type Logic3,
  type PricingRule,
} from './pricing';
import {
  PRODUCT_NETWORKS,
  PRODUCT_STATUSES,
  PRODUCT_TYPES,
  catalogCodeField,
  wholeNumberField,
  type ProductNetwork,
  type ProductStatus,
  type ProductType,
} from './products';
import { safeString } from './text-safety';

/*
 * Tariff calls (/api/mng/tariff*, docs/pricing.md "Calls"). A tariff group (tariff profile) holds the
 * pricing rule; tariff codes inside it are the price lists partners are assigned to, inheriting the
 * group's rule with optional overrides; manual prices are set per code and product.
 * The computation itself is in ./pricing.ts (docs/pricing.md).
 */

/** Group and code names: letters, digits and . _ - (they appear in URLs and CSV files). */
export const TARIFF_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Data rows a tariff import may have (the body limit applies too); more is a 413. */
export const TARIFF_IMPORT_MAX_ROWS = 20_000;
/** The import's columns, in order (a header row with these names is skipped). */
export const TARIFF_IMPORT_COLUMNS = ['productCode', 'sellingPriceJpy'] as const;

/** Texts the tariff calls answer with (English; the console shows errors[0].message). */
export const TARIFF_MESSAGES = {
  groupCreated: 'Tariff profile created.',
  groupUpdated: 'Tariff profile updated.',
  groupDeleted: 'Tariff profile deleted.',
  codeCreated: 'Tariff code created.',
  codeUpdated: 'Tariff code updated.',
  codeDeleted: 'Tariff code deleted.',
  codeCopied: 'Tariff code copied.',
  pricesCopied: 'Prices copied.',
  priceSaved: 'Selling price saved.',
  priceCleared: 'Selling price cleared.',
  imported: 'Prices imported.',
  groupHasCodes: 'A tariff profile with tariff codes cannot be deleted. Delete its codes first.',
  importFromSelf: 'A tariff profile cannot import from itself.',
  sameCode: 'Choose a different tariff code to copy to.',
  noSellingPrice: 'Products without a selling price block import.',
  noJpyPrice: 'Items lacking a JPY price setting block import.',
  productNotFound: 'Product not found',
} as const;

/**
 * TARIFF_MESSAGES with their keys (apiMessages:tariffs.*): what the API sends. productNotFound
 * is a row error of the import (validation keys), not a message of its own.
 */
export const TARIFF_API_MESSAGES = defineApiMessages('tariffs', {
  groupCreated: TARIFF_MESSAGES.groupCreated,
  groupUpdated: TARIFF_MESSAGES.groupUpdated,
  groupDeleted: TARIFF_MESSAGES.groupDeleted,
  codeCreated: TARIFF_MESSAGES.codeCreated,
  codeUpdated: TARIFF_MESSAGES.codeUpdated,
  codeDeleted: TARIFF_MESSAGES.codeDeleted,
  codeCopied: TARIFF_MESSAGES.codeCopied,
  pricesCopied: TARIFF_MESSAGES.pricesCopied,
  priceSaved: TARIFF_MESSAGES.priceSaved,
  priceCleared: TARIFF_MESSAGES.priceCleared,
  imported: TARIFF_MESSAGES.imported,
  groupHasCodes: TARIFF_MESSAGES.groupHasCodes,
  importFromSelf: TARIFF_MESSAGES.importFromSelf,
  sameCode: TARIFF_MESSAGES.sameCode,
  noSellingPrice: TARIFF_MESSAGES.noSellingPrice,
  noJpyPrice: TARIFF_MESSAGES.noJpyPrice,
});

const idField = (name: string) =>
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

export const tariffGroupField = catalogCodeField('tariffGroup', TARIFF_CODE_PATTERN);
export const tariffCodeField = (name = 'tariffCode') => catalogCodeField(name, TARIFF_CODE_PATTERN);

const baseTariffField = v.picklist(
  BASE_TARIFFS,
  encodeMessage('invalidFormat', { format: 'base tariff' }),
);
const logic1Field = v.pipe(
  v.number(encodeMessage('validType', { name: 'logic1', type: 'number' })),
  v.check(
    (value) => MARKUP_OPTIONS.includes(value),
    encodeMessage('invalidFormat', { format: 'markup percentage' }),
  ),
);
const logic2Field = wholeNumberField('logic2', 0, MAX_LOGIC2_JPY, 'logic 2 amount');
const logic3Field = v.picklist(
  LOGIC3_OPTIONS,
  encodeMessage('invalidFormat', { format: 'logic 3' }),
);
const inputModeField = v.picklist(
  INPUT_MODES,
  encodeMessage('invalidFormat', { format: 'input mode' }),
);
const descriptionField = optionalText('description', MAX_LENGTH.description);

// ---------------------------------------------------------------- groups (tariff profiles)

/**
 * POST tariff/group. Rule fields left out come from `importFrom` (another group's tariffGroup,
 * whose rule is the starting point) or else the spec's defaults (PRICING_DEFAULTS).
 */
export const createTariffGroupSchema = v.object({
  tariffGroup: tariffGroupField,
  name: requiredText('name'),
  description: descriptionField,
  baseTariff: v.optional(baseTariffField),
  logic1: v.optional(logic1Field),
  logic2: v.optional(logic2Field),
  logic3: v.optional(logic3Field),
  inputMode: v.optional(inputModeField),
  importFrom: v.optional(v.nullable(tariffCodeField('importFrom'))),
});
export type CreateTariffGroupInput = v.InferInput<typeof createTariffGroupSchema>;

/** PUT tariff/group: the whole profile with the version the form loaded (409 when stale). */
export const updateTariffGroupSchema = v.object({
  id: idField('id'),
  tariffGroup: tariffGroupField,
  name: requiredText('name'),
  description: descriptionField,
  baseTariff: baseTariffField,
  logic1: logic1Field,
  logic2: logic2Field,
  logic3: logic3Field,
  inputMode: inputModeField,
  version: versionField,
});
export type UpdateTariffGroupInput = v.InferInput<typeof updateTariffGroupSchema>;

/** GET tariff/profile-detail?tariffGroup= (or ?id=). */
export const tariffProfileQuerySchema = v.pipe(
  v.object({
    tariffGroup: v.optional(tariffGroupField),
    id: v.optional(idField('id')),
  }),
  v.forward(
    v.check(
      (input) => input.tariffGroup !== undefined || input.id !== undefined,
      encodeMessage('required', { name: 'tariffGroup' }),
    ),
    ['tariffGroup'],
  ),
);
export type TariffProfileQuery = v.InferInput<typeof tariffProfileQuerySchema>;

// ---------------------------------------------------------------- codes

const overrideFields = {
  baseTariff: v.optional(v.nullable(baseTariffField)),
  logic1: v.optional(v.nullable(logic1Field)),
  logic2: v.optional(v.nullable(logic2Field)),
  logic3: v.optional(v.nullable(logic3Field)),
};

/** POST tariff: a new code in group `tariffGroup`; rule fields left out or null inherit. */
export const createTariffCodeSchema = v.object({
  tariffGroup: tariffGroupField,
  tariffCode: tariffCodeField(),
  name: optionalText('name'),
  description: descriptionField,
  ...overrideFields,
});
export type CreateTariffCodeInput = v.InferInput<typeof createTariffCodeSchema>;

/** PUT tariff: a code's name, description and overrides (null = inherit), with its version. */
export const updateTariffCodeSchema = v.object({
  id: idField('id'),
  tariffCode: tariffCodeField(),
  name: optionalText('name'),
  description: descriptionField,
  ...overrideFields,
  version: versionField,
});
export type UpdateTariffCodeInput = v.InferInput<typeof updateTariffCodeSchema>;

/** GET tariff?id=, DELETE tariff?id=, DELETE tariff/group?id=, GET tariff/history?id=. */
export const tariffIdQuerySchema = v.object({ id: idField('id') });

/** GET tariff/relation?code= */
export const tariffRelationQuerySchema = v.object({ code: tariffCodeField('code') });

// ---------------------------------------------------------------- lists

export const TARIFF_SORT_COLUMNS = [
  'tariffGroup',
  'name',
  'baseTariff',
  'logic1',
  'logic2',
  'logic3',
  'inputMode',
  'codeCount',
  'createdDate',
  'updatedDate',
] as const;
export type TariffSortColumn = (typeof TARIFF_SORT_COLUMNS)[number];

/**
 * POST tariff/list: groups with their codes. `search` matches a group's code or name or any of its
 * tariff codes; `from`/`to` filter the creation date.
 */
export const tariffListSchema = v.object({
  ...listQuerySchema(TARIFF_SORT_COLUMNS).entries,
  baseTariff: v.optional(baseTariffField),
  inputMode: v.optional(inputModeField),
});
export type TariffListQuery = v.InferInput<typeof tariffListSchema>;

export const TARIFF_PRODUCT_SORT_COLUMNS = [
  'productCode',
  'name',
  'supplierName',
  'category',
  'type',
  'network',
  'dataMb',
  'durationDays',
  'status',
  'costCurrency',
  'cost',
  'costJpy',
  'priceJpy',
  'computedPrice',
  'manualPrice',
  'sellingPrice',
  'grossProfit',
  'grossProfitPercent',
] as const;
export type TariffProductSortColumn = (typeof TARIFF_PRODUCT_SORT_COLUMNS)[number];

/** Where a product's effective selling price in a code comes from. */
export const PRICE_SOURCES = ['manual', 'computed', 'none'] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];

/**
 * POST tariff/product-list: every product with its price in one code, paged and sorted in the
 * database (any column, including the computed price). `search` matches product code, name and
 * supplier name.
 */
export const tariffProductListSchema = v.object({
  ...listQuerySchema(TARIFF_PRODUCT_SORT_COLUMNS).entries,
  tariffCode: tariffCodeField(),
  supplierId: v.optional(idField('supplierId')),
  costCurrency: v.optional(currencyCodeField('costCurrency')),
  type: v.optional(v.picklist(PRODUCT_TYPES, encodeMessage('invalidFormat', { format: 'type' }))),
  network: v.optional(
    v.picklist(PRODUCT_NETWORKS, encodeMessage('invalidFormat', { format: 'network' })),
  ),
  status: v.optional(
    v.picklist(PRODUCT_STATUSES, encodeMessage('invalidFormat', { format: 'status' })),
  ),
  priceSource: v.optional(
    v.picklist(PRICE_SOURCES, encodeMessage('invalidFormat', { format: 'price source' })),
  ),
});
export type TariffProductListQuery = v.InferInput<typeof tariffProductListSchema>;

// ---------------------------------------------------------------- prices, copy, import

const sellingPriceField = wholeNumberField('sellingPriceJpy', 1, MAX_PRICE_JPY, 'selling price');

/** PUT tariff/product-price: sets (a whole JPY amount above the cost) or clears (null) a manual price. */
export const tariffProductPriceSchema = v.object({
  tariffCode: tariffCodeField(),
  productId: idField('productId'),
  sellingPriceJpy: v.nullable(sellingPriceField),
});
export type TariffProductPriceInput = v.InferInput<typeof tariffProductPriceSchema>;

/** POST tariff/copy: a new code (in the source's group unless told) with its overrides and manual prices. */
export const copyTariffSchema = v.object({
  sourceTariffCode: tariffCodeField('sourceTariffCode'),
  tariffCode: tariffCodeField(),
  tariffGroup: v.optional(tariffGroupField),
  name: optionalText('name'),
  description: descriptionField,
});
export type CopyTariffInput = v.InferInput<typeof copyTariffSchema>;

/**
 * POST tariff/copy-product: manual prices from one code to another: all of the source's, or only
 * those of `productIds`. A product without a manual price in the source is cleared in the target
 * when it is listed in `productIds`, left as it is otherwise.
 */
export const copyTariffProductsSchema = v.object({
  sourceTariffCode: tariffCodeField('sourceTariffCode'),
  targetTariffCode: tariffCodeField('targetTariffCode'),
  productIds: v.optional(
    v.pipe(
      v.array(idField('productIds')),
      v.maxLength(TARIFF_IMPORT_MAX_ROWS, encodeMessage('invalidFormat', { format: 'productIds' })),
    ),
  ),
});
export type CopyTariffProductsInput = v.InferInput<typeof copyTariffProductsSchema>;

/**
 * POST tariff/import: manual prices from CSV text (columns productCode,sellingPriceJpy; a header
 * row with those names is skipped; UTF-8, a BOM is fine; rows numbered as a spreadsheet does).
 * dryRun (default true) only checks and previews; false applies every row in one transaction, or
 * nothing when any row has an error (400 with the row errors). The body limit gives 413 above it.
 */
export const tariffImportSchema = v.object({
  tariffCode: tariffCodeField(),
  ...csvImportSchema.entries,
});
export type TariffImportInput = v.InferInput<typeof tariffImportSchema>;

// ---------------------------------------------------------------- answers

/** A code's rule overrides: null = inherited from the group. */
export interface TariffOverrides {
  baseTariff: BaseTariff | null;
  logic1: number | null;
  logic2: number | null;
  logic3: Logic3 | null;
}

export interface TariffGroupRef {
  id: string;
  tariffGroup: string;
  name: string;
}

export interface TariffCodeSummary {
  id: string;
  tariffCode: string;
  name: string | null;
  description: string | null;
  overrides: TariffOverrides;
  /** The effective rule: the group's with the overrides applied. */
  rule: PricingRule;
  manualPriceCount: number;
  version: number;
  createdDate: string;
  updatedDate: string;
}

export interface TariffGroupSummary extends TariffGroupRef, PricingRule {
  description: string | null;
  inputMode: InputMode;
  importFrom: TariffGroupRef | null;
  version: number;
  createdDate: string;
  updatedDate: string;
}

/** POST tariff/list items. */
export interface TariffGroupListItem extends TariffGroupSummary {
  codeCount: number;
  codes: TariffCodeSummary[];
}

/** GET tariff/profile-detail, POST/PUT tariff/group. */
export interface TariffGroupDetail extends TariffGroupSummary {
  codes: TariffCodeSummary[];
}

/** GET tariff, POST/PUT tariff, POST tariff/copy. */
export interface TariffCodeDetail extends TariffCodeSummary {
  group: TariffGroupSummary;
  inputMode: InputMode;
}

export interface TariffProductItem {
  productId: string;
  productCode: string;
  name: string;
  category: string | null;
  supplierId: string;
  supplierName: string;
  type: ProductType;
  network: ProductNetwork;
  dataMb: number | null;
  durationDays: number;
  coverage: string[];
  status: ProductStatus;
  /** Supplier cost in minor units of costCurrency. */
  costMinor: number;
  costCurrency: string;
  priceMinor: number | null;
  /** JPY per unit of costCurrency used (decimal text; '1' for JPY). */
  exchangeRate: string;
  costJpy: number;
  priceJpy: number | null;
  /** From the rule (null: base tariff price and no list price). */
  computedPrice: number | null;
  manualPrice: number | null;
  /** manual, else computed in input mode auto; null = no selling price. */
  sellingPrice: number | null;
  priceSource: PriceSource;
  grossProfit: number | null;
  grossProfitPercent: number | null;
}

/** POST tariff/product-list answer. */
export interface TariffProductList extends ListResult<TariffProductItem> {
  tariffCodeId: string;
  tariffCode: string;
  rule: PricingRule;
  inputMode: InputMode;
}

/** POST tariff/copy-product answer. */
export interface CopyTariffProductsResult {
  sourceTariffCode: string;
  targetTariffCode: string;
  copied: number;
  cleared: number;
}

/**
 * Keys of the import's business errors (row-level, CsvRowError.key) besides the validation keys:
 * the console translates them from its tariffs namespace (import.errors.<key>).
 */
export const TARIFF_IMPORT_ERROR_KEYS = {
  productNotFound: 'productNotFound',
  noSellingPrice: 'noSellingPrice',
  noJpyPrice: 'noJpyPrice',
} as const;

/** A row of a tariff import as parsed, with what it would do. */
export interface TariffImportRow {
  productCode: string;
  sellingPriceJpy: number | null;
  productId: string | null;
  productName: string | null;
  costCurrency: string | null;
  /** The product's cost at the current rate (null: unknown product or no rate). */
  costJpy: number | null;
  /** The manual price the code has today. */
  currentPrice: number | null;
  /** set: a new or changed manual price; unchanged: the same price; error: see errors. */
  action: 'set' | 'unchanged' | 'error';
}

/** POST tariff/import answer (dry run or applied). */
export interface TariffImportResult extends CsvImportResult<TariffImportRow> {
  tariffCode: string;
  summary: { total: number; valid: number; invalid: number; changed: number; unchanged: number };
}

/** GET tariff/relation: who uses a code (partners and branches arrive with their areas). */
export interface TariffRelation {
  tariffCodeId: string;
  tariffCode: string;
  partners: { id: string; name: string; code: string }[];
  branches: { id: string; name: string; code: string }[];
}
