import * as v from 'valibot';
import { currencyCodeField } from './currencies';
import { MAX_LENGTH, optionalText, requiredText } from './fields';
import { encodeMessage } from './messages';

/*
 * Products, minimal: what tariffs price (supplier, cost and currency, list price, data, duration,
 * coverage, type, network). The products area extends these schemas with its own calls; today
 * products are created by the sample data (api/src/areas/products-sample) through createProduct.
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
    v.string(encodeMessage('required', { name })),
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

/** Creating a product (the products area's form later; the sample data today). */
export const createProductSchema = v.object({
  supplierId: v.pipe(
    v.string(encodeMessage('required', { name: 'supplierId' })),
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
  coverage: v.optional(
    v.pipe(
      v.array(
        v.pipe(
          v.string(encodeMessage('validType', { name: 'coverage', type: 'string' })),
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
  ),
  type: v.picklist(PRODUCT_TYPES, encodeMessage('invalidFormat', { format: 'type' })),
  network: v.picklist(PRODUCT_NETWORKS, encodeMessage('invalidFormat', { format: 'network' })),
  sellingPriceJpy: v.optional(
    v.nullable(wholeNumberField('sellingPriceJpy', 0, PRODUCT_MAX_AMOUNT_MINOR, 'selling price')),
    null,
  ),
  status: v.optional(
    v.picklist(PRODUCT_STATUSES, encodeMessage('invalidFormat', { format: 'status' })),
    'active',
  ),
});
export type CreateProductInput = v.InferInput<typeof createProductSchema>;
export type CreateProductValues = v.InferOutput<typeof createProductSchema>;

export interface ProductDetail {
  id: string;
  supplierId: string;
  supplierName: string;
  name: string;
  productCode: string;
  category: string | null;
  costMinor: number;
  costCurrency: string;
  priceMinor: number | null;
  dataMb: number | null;
  durationDays: number;
  coverage: string[];
  type: ProductType;
  network: ProductNetwork;
  sellingPriceJpy: number | null;
  status: ProductStatus;
  version: number;
  createdDate: string;
  updatedDate: string;
}
