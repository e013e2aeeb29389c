import * as v from 'valibot';
import { listQuerySchema, type ListResult } from './api';
import type { CsvImportResult } from './csv';
import { isCalendarDate } from './exchange-rates';
import type { DeliveryType } from './suppliers';
import { MAX_LENGTH, nullableText, requiredText, uuidField, versionField } from './fields';
import { defineApiMessages, encodeMessage } from './messages';
import { safeString } from './text-safety';

/*
 * Orders (/orders, /orders/register, /orders/detail, /orders/detail/item; docs/orders.md).
 * Permission: RESOURCES.orders; revealing an order item's activation code also needs GET on
 * RESOURCES.orderActivationCode. Money is whole JPY (integers); prices are frozen on the order.
 *
 * Calls (under /api/mng):
 *   GET    cart                          the caller's cart (created empty with a fresh key)  -> Cart
 *   PUT    cart                          save the wizard's draft (cartSchema)                -> Cart
 *   DELETE cart                          empty it and mint a new Idempotency-Key            -> Cart
 *   GET    cart/partners                 partners the caller may sell to (id, code, name)   -> CartPartnerOption[]
 *   POST   cart/product-purchase/list    bundles a partner can buy, with price and stock    -> ListResult<PurchasableProduct>
 *   POST   cart/review                   price a cart (no writes)                           -> OrderReview
 *   POST   order                         purchase; header Idempotency-Key (201; replay 200) -> OrderDetail
 *   POST   order/list                    paged, filtered, sorted                            -> OrderListResult
 *   GET    order/detail?id=              one order with lines, items, payments              -> OrderDetail
 *   GET    order/company-name            partners that have orders, for the filter          -> OrderCompanyOption[]
 *   GET    order/history?id=             audit history (entity 'order')                     -> AuditHistory
 *   POST   order/retry-delivery          re-run supplier delivery of failed items {id}      -> OrderDetail
 *   POST   order/payment                 record a payment entry                             -> OrderDetail
 *   DELETE order/payment?id=             remove a wrongly recorded entry                    -> OrderDetail
 *   GET    order/item?id=                one eSIM of an order (activation code masked)     -> OrderItemDetail
 *   POST   order/item/activation-code    reveal {id} (audited)                              -> OrderItemActivationCode
 *   POST   order/item/return-to-stock    {id, version, returnTo, reason}                    -> OrderItemDetail
 *   DELETE order/item?id=&version=       remove a failed or returned item from the order    -> OrderItemDetail
 *   GET    order/export-csv?<list filters>         one row per order (formula-safe, BOM)
 *   GET    order/export-csv/detail?<list filters>  one row per eSIM (never activation codes)
 *   GET    order/revenue/export?<list filters>     revenue per order (cost, price, tax, paid)
 *   POST   order/revenue/import      { csv, dryRun } payment entries by order no            -> RevenueImportResult
 */

// ---------------------------------------------------------------- statuses and constants

export const PAYMENT_STATUSES = ['not_yet_paid', 'paid', 'partially_paid'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PROCESSING_STATUSES = ['pending', 'processing', 'success', 'failed'] as const;
export type ProcessingStatus = (typeof PROCESSING_STATUSES)[number];
export const ORDER_ITEM_STATUSES = [
  'pending',
  'processing',
  'delivered',
  'failed',
  'returned',
  'removed',
] as const;
export type OrderItemStatus = (typeof ORDER_ITEM_STATUSES)[number];
export const RETURN_TO_STATUSES = ['on_hand', 'wasted'] as const;
export type ReturnToStatus = (typeof RETURN_TO_STATUSES)[number];

/** The wizard's five steps and their progress values (spec section 2 'Order wizard'). */
export const ORDER_WIZARD_STEPS = [
  'selectBundle',
  'orderInformation',
  'orderPreview',
  'purchase',
  'completed',
] as const;
export type OrderWizardStep = (typeof ORDER_WIZARD_STEPS)[number];
export const ORDER_WIZARD_PROGRESS: Record<OrderWizardStep, number> = {
  selectBundle: 0,
  orderInformation: 25,
  orderPreview: 50,
  purchase: 75,
  completed: 100,
};
export const STEP_STATES = ['active', 'inactive', 'success', 'error'] as const;
export type StepState = (typeof STEP_STATES)[number];

/** Different products one cart may hold. */
export const MAX_CART_LINES = 50;
/** eSIMs of one product one order may buy. */
export const MAX_LINE_QUANTITY = 1000;
/** Use countries an order may name. */
export const MAX_USE_COUNTRIES = 50;
/** Largest JPY amount a payment entry may carry. */
export const MAX_PAYMENT_AMOUNT = 1_000_000_000_000;
/** Idempotency-Key: 8-64 characters of letters, digits, '-' and '_' (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** A search or filter of the order list counts its total up to this many (totalCapped). */
export const ORDER_COUNT_CAP = 10_000;

export function isIdempotencyKey(text: string): boolean {
  return IDEMPOTENCY_KEY_PATTERN.test(text);
}

/** Payment status from the sum of the entries against the amount due (DOMAIN: a ledger). */
export function paymentStatusOf(paidAmount: number, finalPrice: number): PaymentStatus {
  if (paidAmount <= 0) return finalPrice === 0 ? 'paid' : 'not_yet_paid';
  return paidAmount >= finalPrice ? 'paid' : 'partially_paid';
}

/**
 * Tax of one rate, rounded once per rate per order (Japan's qualified invoice rule): the taxable
 * amount times the rate in percent, rounded down to the yen. `rate` has at most 2 decimals.
 */
export function taxForRate(taxable: number, rate: number): number {
  const hundredths = Math.round(rate * 100);
  return Math.floor((taxable * hundredths) / 10_000);
}

// ---------------------------------------------------------------- business messages

/** Texts of the orders area (apiMessages:orders.*; spec section 8 'Business'). */
export const ORDER_MESSAGES = defineApiMessages('orders', {
  cartEmpty: 'Cart is empty.',
  unmatchedCountry: 'Unmatched country: {{product}} cannot be used in {{countries}}.',
  notAvailable: 'Current products not available for purchase: {{products}}.',
  outOfStock:
    'Current products not available for purchase: only {{available}} of {{product}} on hand.',
  noTariffCode: 'The partner has no tariff code to buy at.',
  idempotencyKeyRequired:
    'The purchase needs an Idempotency-Key header (8-64 letters, digits, - or _).',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different purchase.',
  purchased: 'Order {{orderNo}} placed.',
  paymentRecorded: 'Payment recorded.',
  paymentRemoved: 'Payment removed.',
  returnedToStock: 'The eSIM is back in stock.',
  wasted: 'The eSIM was marked as wasted.',
  itemRemoved: 'The eSIM was removed from the order.',
  itemNotReturnable: 'Only a delivered eSIM taken from stock can be returned to stock.',
  itemNotRemovable: 'Only an eSIM whose delivery failed or that was returned can be removed.',
  nothingToRetry: 'No eSIM of this order is waiting for a retry.',
  deliveryRetried: 'Delivery restarted.',
  deliveryFailed: 'The supplier could not deliver the eSIM: {{reason}}',
  paymentTooLarge: 'The payments would exceed the order total of {{total}} JPY.',
  noActivationCode: 'This eSIM has no activation code yet.',
  revenueChecked: 'Import checked: nothing was saved.',
  revenueImported: {
    one: '{{count}} payment imported.',
    other: '{{count}} payments imported.',
  },
});

// ---------------------------------------------------------------- field schemas

const quantityField = v.pipe(
  v.number(encodeMessage('validType', { name: 'quantity', type: 'number' })),
  v.integer(encodeMessage('integer', { name: 'quantity' })),
  v.minValue(1, encodeMessage('invalidFormat', { format: 'quantity' })),
  v.maxValue(MAX_LINE_QUANTITY, encodeMessage('invalidFormat', { format: 'quantity' })),
);

export const cartLineSchema = v.object({
  productId: uuidField('product'),
  quantity: quantityField,
});
export type CartLine = v.InferOutput<typeof cartLineSchema>;

/** Lines of a cart: one per product (duplicates refused), at most MAX_CART_LINES. */
const cartLinesField = v.pipe(
  v.array(cartLineSchema, encodeMessage('validType', { name: 'lines', type: 'list' })),
  v.maxLength(MAX_CART_LINES, encodeMessage('invalidFormat', { format: 'lines' })),
  v.check(
    (lines) => new Set(lines.map((line) => line.productId.toLowerCase())).size === lines.length,
    encodeMessage('duplicate', { name: 'product' }),
  ),
);

/** ISO 3166-1 alpha-2 codes, upper-cased, unique, sorted. */
const useCountriesField = v.pipe(
  v.optional(
    v.array(
      v.pipe(
        safeString(encodeMessage('validType', { name: 'useCountry', type: 'string' })),
        v.trim(),
        v.toUpperCase(),
        v.regex(/^[A-Z]{2}$/, encodeMessage('invalidFormat', { format: 'useCountry' })),
      ),
      encodeMessage('validType', { name: 'useCountry', type: 'list' }),
    ),
    [],
  ),
  v.maxLength(MAX_USE_COUNTRIES, encodeMessage('invalidFormat', { format: 'useCountry' })),
  v.transform((codes) => [...new Set(codes)].sort()),
);

const campaignCodeField = v.nullish(
  v.pipe(
    safeString(encodeMessage('validType', { name: 'campaignCode', type: 'string' })),
    v.trim(),
    v.toUpperCase(),
    v.maxLength(
      MAX_LENGTH.code,
      encodeMessage('maxLength', { name: 'campaignCode', length: MAX_LENGTH.code }),
    ),
  ),
);

const notesField = nullableText('notes', MAX_LENGTH.description);

// ---------------------------------------------------------------- cart

/** PUT cart: the wizard's draft, saved as the staff member types (every field optional). */
export const cartSchema = v.object({
  partnerId: v.nullish(uuidField('partner')),
  lines: v.optional(cartLinesField, []),
  customerName: nullableText('customerName', MAX_LENGTH.default),
  useCountries: useCountriesField,
  notes: notesField,
  campaignCode: campaignCodeField,
});
export type CartInput = v.InferInput<typeof cartSchema>;

export interface CartLineView {
  productId: string;
  quantity: number;
  productCode: string | null;
  /** null when the product no longer exists (the review says '{name} not found'). */
  name: string | null;
}

export interface Cart {
  partnerId: string | null;
  partnerName: string | null;
  lines: CartLineView[];
  customerName: string | null;
  useCountries: string[];
  notes: string | null;
  campaignCode: string | null;
  /** Minted once per wizard run; the purchase sends it as Idempotency-Key. */
  idempotencyKey: string;
  updatedAt: string;
}

/**
 * GET cart/partners: a partner the wizard may sell to. Permission GET on orders only (not the
 * partners area): staff who sell need not read partners. A partner's own staff get their partner.
 */
export interface CartPartnerOption {
  id: string;
  code: string;
  name: string;
}

// ---------------------------------------------------------------- bundles a partner can buy

export const PURCHASABLE_SORT_COLUMNS = [
  'productCode',
  'name',
  'dataMb',
  'durationDays',
  'unitPrice',
  'available',
] as const;
export type PurchasableSortColumn = (typeof PURCHASABLE_SORT_COLUMNS)[number];

export const purchasableListSchema = v.object({
  ...listQuerySchema(PURCHASABLE_SORT_COLUMNS).entries,
  partnerId: uuidField('partner'),
  type: v.optional(
    v.picklist(['daypass', 'package'], encodeMessage('invalidFormat', { format: 'type' })),
  ),
  /** Only bundles usable in this country (ISO alpha-2). */
  country: v.optional(
    v.pipe(
      safeString(),
      v.trim(),
      v.toUpperCase(),
      v.regex(/^[A-Z]{2}$/, encodeMessage('invalidFormat', { format: 'useCountry' })),
    ),
  ),
});
export type PurchasableListInput = v.InferInput<typeof purchasableListSchema>;

export interface PurchasableProduct {
  productId: string;
  productCode: string;
  name: string;
  type: 'daypass' | 'package';
  network: 'local' | 'round';
  /** null = unlimited. */
  dataMb: number | null;
  durationDays: number;
  coverage: string[];
  deliveryType: DeliveryType;
  /** The partner's price (its tariff code; an active special price where it applies), JPY. */
  unitPrice: number;
  /** eSIMs on hand that can be sold now (stock delivery); null = delivered by the supplier. */
  available: number | null;
}

// ---------------------------------------------------------------- review and purchase

/** POST cart/review and POST order: what is bought, for whom. */
export const orderRequestSchema = v.object({
  partnerId: uuidField('partner'),
  lines: cartLinesField,
  customerName: requiredText('customerName', MAX_LENGTH.default),
  useCountries: useCountriesField,
  notes: notesField,
  campaignCode: campaignCodeField,
});
export type OrderRequestInput = v.InferInput<typeof orderRequestSchema>;
export type OrderRequest = v.InferOutput<typeof orderRequestSchema>;

/** cart/review prices a cart before the customer name is known: the name is optional there. */
export const cartReviewSchema = v.object({
  ...orderRequestSchema.entries,
  customerName: nullableText('customerName', MAX_LENGTH.default),
});

export interface OrderTax {
  /** The branch's tax name (default VAT). */
  name: string;
  /** Percent, e.g. 10. */
  rate: number;
  taxable: number;
  tax: number;
}

export interface UsedExchangeRate {
  currency: string;
  /** Decimal text: 1 unit = rate JPY. */
  rate: string;
  effectiveDate: string;
}

export interface ReviewLine {
  productId: string;
  productCode: string;
  name: string;
  deliveryType: DeliveryType;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
  discount: number;
  taxRate: number;
  coverage: string[];
  /** On hand now for stock delivery; null for supplier delivery. */
  available: number | null;
}

export interface OrderReview {
  partnerId: string;
  partnerName: string;
  tariffCode: string;
  currency: 'JPY';
  lines: ReviewLine[];
  subTotal: number;
  discount: number;
  taxes: OrderTax[];
  taxTotal: number;
  totalAmount: number;
  finalPrice: number;
  exchangeRates: UsedExchangeRate[];
  campaignCode: string | null;
}

// ---------------------------------------------------------------- the order

export const ORDER_SORT_COLUMNS = [
  'purchasedAt',
  'orderNo',
  'partnerName',
  'customerName',
  'finalPrice',
  'paymentStatus',
  'processingStatus',
] as const;
export type OrderSortColumn = (typeof ORDER_SORT_COLUMNS)[number];

/** POST order/list (also the query of the exports). Search: order no or customer name. */
export const orderListSchema = v.object({
  ...listQuerySchema(ORDER_SORT_COLUMNS).entries,
  paymentStatus: v.optional(
    v.picklist(PAYMENT_STATUSES, encodeMessage('invalidFormat', { format: 'paymentStatus' })),
  ),
  processingStatus: v.optional(
    v.picklist(PROCESSING_STATUSES, encodeMessage('invalidFormat', { format: 'processingStatus' })),
  ),
  partnerId: v.optional(uuidField('partner')),
});
export type OrderListInput = v.InferInput<typeof orderListSchema>;

export interface OrderListItem {
  id: string;
  orderNo: string;
  partnerId: string;
  partnerName: string;
  customerName: string;
  purchasedAt: string;
  itemCount: number;
  subTotal: number;
  discount: number;
  taxTotal: number;
  finalPrice: number;
  paidAmount: number;
  paymentStatus: PaymentStatus;
  processingStatus: ProcessingStatus;
}

export interface OrderListResult extends ListResult<OrderListItem> {
  /** The total stopped counting at ORDER_COUNT_CAP ("of more than"). */
  totalCapped: boolean;
}

export interface OrderLine {
  id: string;
  position: number;
  productId: string;
  productCode: string;
  productName: string;
  deliveryType: DeliveryType;
  dataMb: number | null;
  durationDays: number;
  coverage: string[];
  quantity: number;
  unitPrice: number;
  lineTotal: number;
  discount: number;
  taxRate: number;
}

export interface OrderItemSummary {
  id: string;
  lineId: string;
  position: number;
  productCode: string;
  productName: string;
  status: OrderItemStatus;
  iccid: string | null;
  activationCodeMasked: string | null;
  deliveryError: string | null;
}

export interface OrderPayment {
  id: string;
  amount: number;
  paidOn: string;
  method: string;
  reference: string | null;
  createdAt: string;
  createdBy: string;
}

export interface OrderDetail {
  id: string;
  orderNo: string;
  partnerId: string;
  partnerName: string;
  branchId: string | null;
  tariffCode: string;
  customerName: string;
  useCountries: string[];
  notes: string | null;
  paymentProviderOrderId: string | null;
  currency: 'JPY';
  purchasePrice: number;
  subTotal: number;
  discount: number;
  taxes: OrderTax[];
  taxTotal: number;
  totalAmount: number;
  finalPrice: number;
  exchangeRates: UsedExchangeRate[];
  campaignCode: string | null;
  paidAmount: number;
  paymentStatus: PaymentStatus;
  processingStatus: ProcessingStatus;
  processingError: string | null;
  purchasedAt: string;
  createdBy: string;
  version: number;
  lines: OrderLine[];
  items: OrderItemSummary[];
  payments: OrderPayment[];
}

export interface OrderCompanyOption {
  partnerId: string;
  name: string;
}

export const orderIdQuerySchema = v.object({ id: uuidField('order') });
export const orderIdBodySchema = v.object({ id: uuidField('order') });

// ---------------------------------------------------------------- payments

const paidOnField = v.pipe(
  safeString(encodeMessage('required', { name: 'paidOn' })),
  v.trim(),
  v.check(isCalendarDate, encodeMessage('invalidFormat', { format: 'yyyy-MM-dd' })),
);

const amountField = v.pipe(
  v.number(encodeMessage('validType', { name: 'amount', type: 'number' })),
  v.integer(encodeMessage('integer', { name: 'amount' })),
  v.minValue(1, encodeMessage('invalidFormat', { format: 'amount' })),
  v.maxValue(MAX_PAYMENT_AMOUNT, encodeMessage('invalidFormat', { format: 'amount' })),
);

export const recordPaymentSchema = v.object({
  orderId: uuidField('order'),
  amount: amountField,
  paidOn: paidOnField,
  method: requiredText('paymentMethod', MAX_LENGTH.default),
  reference: nullableText('reference', MAX_LENGTH.long),
});
export type RecordPaymentInput = v.InferInput<typeof recordPaymentSchema>;

export const paymentIdQuerySchema = v.object({ id: uuidField('payment') });

// ---------------------------------------------------------------- order items

export interface OrderItemDetail {
  id: string;
  orderId: string;
  orderNo: string;
  partnerName: string;
  customerName: string;
  lineId: string;
  position: number;
  productId: string;
  productCode: string;
  productName: string;
  deliveryType: DeliveryType;
  status: OrderItemStatus;
  iccid: string | null;
  smdpAddress: string | null;
  activationCodeMasked: string | null;
  stockItemId: string | null;
  supplierReference: string | null;
  deliveryError: string | null;
  deliveryAttempts: number;
  returnedTo: ReturnToStatus | null;
  returnReason: string | null;
  returnedAt: string | null;
  unitPrice: number;
  version: number;
  updatedAt: string;
}

export interface OrderItemActivationCode {
  id: string;
  activationCode: string;
}

export const orderItemIdQuerySchema = v.object({ id: uuidField('orderItem') });
export const revealOrderItemCodeSchema = v.object({ id: uuidField('orderItem') });
export const removeOrderItemQuerySchema = v.object({
  id: uuidField('orderItem'),
  version: v.pipe(v.unknown(), v.transform(Number), versionField),
});

export const returnToStockSchema = v.object({
  id: uuidField('orderItem'),
  version: versionField,
  returnTo: v.picklist(RETURN_TO_STATUSES, encodeMessage('required', { name: 'returnTo' })),
  reason: requiredText('reason', MAX_LENGTH.long),
});
export type ReturnToStockInput = v.InferInput<typeof returnToStockSchema>;

// ---------------------------------------------------------------- revenue import

/** Columns of order/revenue/import (payment entries by order no), in this order. */
export const REVENUE_IMPORT_COLUMNS = [
  'orderNo',
  'amount',
  'paidOn',
  'method',
  'reference',
] as const;

export interface RevenueImportRow {
  orderNo: string;
  amount: number;
  paidOn: string;
  method: string;
  reference: string | null;
}

/** POST order/revenue/import answer (dry run or applied). */
export type RevenueImportResult = CsvImportResult<RevenueImportRow>;

/**
 * Keys of the revenue import's business row errors (CsvRowError.key) besides the validation keys:
 * an order number that names no order, and entries that would exceed the order's final price.
 */
export const REVENUE_IMPORT_ERROR_KEYS = {
  orderNotFound: 'orderNotFound',
  paymentTooLarge: 'paymentTooLarge',
} as const;
