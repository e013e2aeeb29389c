/*
 * Selling-price computation of a tariff: written ONCE, here, and used by the API (product lists,
 * manual-price checks, imports) and by the console's live preview ('cost 1,000 JPY -> 1,400 JPY').
 * Pure and integer: every amount is whole Japanese yen (JPY has no minor unit).
 *
 * The rounding policy is explained in docs/pricing.md. In short:
 * - converting a supplier amount to JPY rounds half-up to the yen (convertMinorToJpy);
 * - logic 1 (markup percent): base x (100 + percent) / 100, rounded UP for a positive markup (the
 *   margin is never below the chosen percent), half-up for zero or a negative markup;
 * - logic 2 (absolute amount): base + amount, exact;
 * - logic 3: when both are used (logic 2 > 0), 1 takes the higher result, 0 the lower;
 *   logic 1 alone otherwise.
 * The API's SQL (api/src/areas/tariffs/pricing-sql.ts) computes the same numbers in PostgreSQL so
 * that lists can sort and page by the computed price; a test keeps both in agreement.
 */

/** What logic 1 is a percentage of: the supplier's cost, or the supplier's list price. */
export const BASE_TARIFFS = ['cost', 'price'] as const;
export type BaseTariff = (typeof BASE_TARIFFS)[number];

/** Markup percentage options (spec section 9): 100 down to 0 in steps of 5, then -5 to -50. */
export const MARKUP_OPTIONS: readonly number[] = Object.freeze(
  Array.from({ length: 31 }, (_, index) => 100 - index * 5),
);
export const MIN_MARKUP = -50;
export const MAX_MARKUP = 100;

/** Logic 3 (max/min choice, spec section 9): 1 = the higher of logic 1 and 2, 0 = the lower. */
export const LOGIC3_OPTIONS = [1, 0] as const;
export type Logic3 = (typeof LOGIC3_OPTIONS)[number];

/** auto: prices are computed from the rule; manual: prices are entered per product. */
export const INPUT_MODES = ['auto', 'manual'] as const;
export type InputMode = (typeof INPUT_MODES)[number];

/** Largest logic 2 amount (JPY) a rule may add: ten million yen. */
export const MAX_LOGIC2_JPY = 10_000_000;
/** Largest JPY amount the pricing accepts or a manual price may be (fits a PostgreSQL integer). */
export const MAX_PRICE_JPY = 2_000_000_000;

/** The spec's defaults (section 9): tariff base cost, logic 1 = 40, logic 2 = 0, logic 3 = 0. */
export const PRICING_DEFAULTS = {
  baseTariff: 'cost',
  logic1: 40,
  logic2: 0,
  logic3: 0,
  inputMode: 'auto',
} as const satisfies PricingRule & { inputMode: InputMode };

/** A tariff's pricing rule. */
export interface PricingRule {
  baseTariff: BaseTariff;
  /** Markup percent, one of MARKUP_OPTIONS. */
  logic1: number;
  /** Whole yen added to the base; 0 = not used. */
  logic2: number;
  /** Used only when logic 2 is used: 1 = the higher result, 0 = the lower. */
  logic3: Logic3;
}

/** A tariff code's overrides: null (or absent) inherits the group's value. */
export type PricingOverrides = { [K in keyof PricingRule]?: PricingRule[K] | null };

/** The code's effective rule: each override that is set replaces the group's value. */
export function resolveRule(group: PricingRule, overrides: PricingOverrides = {}): PricingRule {
  return {
    baseTariff: overrides.baseTariff ?? group.baseTariff,
    logic1: overrides.logic1 ?? group.logic1,
    logic2: overrides.logic2 ?? group.logic2,
    logic3: overrides.logic3 ?? group.logic3,
  };
}

/** What a product brings to the computation, already converted to whole JPY. */
export interface PricingInput {
  /** Supplier cost in JPY (non-negative integer). */
  costJpy: number;
  /** Supplier list price in JPY; null/absent when the supplier gives none. */
  priceJpy?: number | null;
}

export interface PriceBreakdown {
  /** The amount the rule starts from (cost or list price, per baseTariff). */
  base: number;
  baseTariff: BaseTariff;
  /** base with the logic 1 markup applied. */
  logic1Price: number;
  /** base + logic 2; null when logic 2 is not used. */
  logic2Price: number | null;
  /** Which result became the price. */
  applied: 'logic1' | 'logic2';
  /** The computed selling price (whole JPY). */
  price: number;
}

function assertAmount(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0 || value > MAX_PRICE_JPY) {
    throw new RangeError(`${name} must be a whole JPY amount from 0 to ${MAX_PRICE_JPY}`);
  }
}

function assertRule(rule: PricingRule): void {
  if (!Number.isInteger(rule.logic1) || rule.logic1 < MIN_MARKUP || rule.logic1 > MAX_MARKUP) {
    throw new RangeError(`logic1 must be a whole percent from ${MIN_MARKUP} to ${MAX_MARKUP}`);
  }
  if (!Number.isInteger(rule.logic2) || rule.logic2 < 0 || rule.logic2 > MAX_LOGIC2_JPY) {
    throw new RangeError(`logic2 must be a whole JPY amount from 0 to ${MAX_LOGIC2_JPY}`);
  }
  if (rule.logic3 !== 0 && rule.logic3 !== 1) throw new RangeError('logic3 must be 0 or 1');
  if (rule.baseTariff !== 'cost' && rule.baseTariff !== 'price') {
    throw new RangeError("baseTariff must be 'cost' or 'price'");
  }
}

/**
 * base x (100 + percent) / 100 in whole yen: rounded up for a positive percent (so the margin is
 * never below the percent chosen), half-up for zero or a negative percent. Exact integer arithmetic.
 */
export function applyMarkup(base: number, percent: number): number {
  const scaled = base * (100 + percent); // <= 2e9 * 200: exact in a double
  return percent > 0 ? Math.ceil(scaled / 100) : Math.floor((scaled + 50) / 100);
}

/**
 * The computation step by step (for previews and tooltips); null when the rule's base is the list
 * price and the product has none.
 */
export function explainPrice(input: PricingInput, rule: PricingRule): PriceBreakdown | null {
  assertRule(rule);
  assertAmount('costJpy', input.costJpy);
  if (input.priceJpy !== undefined && input.priceJpy !== null) {
    assertAmount('priceJpy', input.priceJpy);
  }
  const base = rule.baseTariff === 'price' ? (input.priceJpy ?? null) : input.costJpy;
  if (base === null) return null;
  const logic1Price = applyMarkup(base, rule.logic1);
  if (rule.logic2 === 0) {
    return {
      base,
      baseTariff: rule.baseTariff,
      logic1Price,
      logic2Price: null,
      applied: 'logic1',
      price: logic1Price,
    };
  }
  const logic2Price = base + rule.logic2;
  const useLogic2 = rule.logic3 === 1 ? logic2Price > logic1Price : logic2Price < logic1Price;
  return {
    base,
    baseTariff: rule.baseTariff,
    logic1Price,
    logic2Price,
    applied: useLogic2 ? 'logic2' : 'logic1',
    price: useLogic2 ? logic2Price : logic1Price,
  };
}

/** The computed selling price in whole JPY (null: base 'price' and the product has no list price). */
export function computePrice(input: PricingInput, rule: PricingRule): number | null {
  return explainPrice(input, rule)?.price ?? null;
}

/** Selling price minus cost, whole JPY (negative when sold below cost). */
export function grossProfit(sellingPriceJpy: number, costJpy: number): number {
  return sellingPriceJpy - costJpy;
}

/**
 * Gross profit as a percent of the selling price (the margin), 2 decimals, rounded half away
 * from zero (PostgreSQL's numeric round); null when the selling price is 0.
 */
export function grossProfitPercent(sellingPriceJpy: number, costJpy: number): number | null {
  if (sellingPriceJpy === 0) return null;
  const profit = sellingPriceJpy - costJpy;
  // hundredths of a percent = profit * 10000 / selling, rounded half away from zero, exactly.
  const numerator = BigInt(profit) * 10000n;
  const denominator = BigInt(sellingPriceJpy);
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const rounded = (n * 2n + d) / (d * 2n);
  return Number(negative ? -rounded : rounded) / 100;
}

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * A supplier amount in its currency's minor units (USD 12.34 = 1234, minor units 2) converted to
 * whole JPY at `rate` (JPY per one unit, a decimal string or number), rounded half-up to the yen.
 * Exact decimal arithmetic, the same result as PostgreSQL's round(numeric).
 */
export function convertMinorToJpy(
  amountMinor: number,
  minorUnits: number,
  rate: string | number,
): number {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0) {
    throw new RangeError('amountMinor must be a non-negative integer');
  }
  if (!Number.isInteger(minorUnits) || minorUnits < 0 || minorUnits > 6) {
    throw new RangeError('minorUnits must be an integer from 0 to 6');
  }
  const text = typeof rate === 'number' ? rateText(rate) : rate.trim();
  const match = DECIMAL.exec(text);
  if (!match) throw new RangeError(`Not a positive decimal rate: ${text}`);
  const [, whole = '0', fraction = ''] = match;
  const scaledRate = BigInt(whole + fraction);
  const divisor = 10n ** BigInt(fraction.length + minorUnits);
  const product = BigInt(amountMinor) * scaledRate;
  return Number((product * 2n + divisor) / (divisor * 2n));
}

function rateText(rate: number): string {
  if (!Number.isFinite(rate) || rate < 0) throw new RangeError(`Not a positive rate: ${rate}`);
  // Up to 12 decimals, without exponent notation or a float's tail.
  return rate.toFixed(12).replace(/\.?0+$/, '');
}
