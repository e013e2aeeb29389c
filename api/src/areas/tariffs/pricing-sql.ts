import type { PricingRule } from '@esim/contracts';
import { sql, type SQL } from 'drizzle-orm';

/*
 * The pricing of @esim/contracts pricing.ts (computePrice, convertMinorToJpy, grossProfitPercent)
 * as SQL expressions, so that product lists sort and page by computed prices in PostgreSQL.
 * Same rounding (docs/pricing.md); api/test/tariffs-pricing-sql.test.ts checks both agree.
 * Every operand is an integer (bigint) or an exact numeric: no floating point.
 */

/** Rates below this (JPY per unit) also get the exact integer form (rate x 10^8 fits a bigint). */
const INTEGER_RATE_LIMIT = '90000000000';
/** Products of amount x rate_units up to this stay below the bigint limit (9.22e18). */
const INTEGER_PRODUCT_LIMIT = '9000000000000000000';

/**
 * The columns a rate needs for conversions, from `rate` (numeric(20, 8): JPY per unit) and the
 * currency's `minorUnits`:
 * - per_minor: rate x 10^-minorUnits as an exact numeric (a multiplication by '1e-2' only adds
 *   decimals);
 * - rate_units, divisor, safe_max: the same as integers, rate x 10^8 / 10^(8 + minorUnits), and the
 *   largest amount whose product with rate_units stays a bigint (NULL for absurdly large rates).
 */
export function rateColumnsSql(rate: SQL, minorUnits: SQL): SQL {
  return sql`${rate} * ('1e-' || ${minorUnits})::numeric AS per_minor,
    CASE WHEN ${rate} < ${sql.raw(INTEGER_RATE_LIMIT)} THEN (${rate} * 100000000)::bigint END AS rate_units,
    power(10::numeric, 8 + ${minorUnits})::bigint AS divisor,
    CASE WHEN ${rate} < ${sql.raw(INTEGER_RATE_LIMIT)}
      THEN (${sql.raw(INTEGER_PRODUCT_LIMIT)} - power(10::numeric, 8 + ${minorUnits})::bigint) / (${rate} * 100000000)::bigint
    END AS safe_max`;
}

/**
 * amount (minor units, integer, >= 0) converted to whole JPY, rounded half-up, with `r` a row
 * carrying rateColumnsSql: integer arithmetic (floor((amount x rate_units + divisor / 2) / divisor),
 * divisor even) when it cannot overflow, else the exact numeric round(amount x per_minor), which
 * rounds half away from zero: the same for amounts >= 0. Both equal convertMinorToJpy.
 */
export function convertToJpySql(amountMinor: SQL, r: string): SQL {
  const rates = sql.raw(r);
  return sql`CASE WHEN ${amountMinor} <= ${rates}.safe_max
    THEN (${amountMinor}::bigint * ${rates}.rate_units + ${rates}.divisor / 2) / ${rates}.divisor
    ELSE round(${amountMinor}::numeric * ${rates}.per_minor)::bigint END`;
}

/**
 * base x (100 + percent) / 100: up for a positive percent, half-up otherwise (base >= 0, so
 * integer division is the floor).
 */
export function markupSql(base: SQL, percent: number): SQL {
  const factor = 100 + percent;
  const add = percent > 0 ? 99 : 50;
  return sql`((${base}) * ${sql.raw(String(factor))} + ${sql.raw(String(add))}) / 100`;
}

/**
 * The computed selling price of `base` (a bigint expression, NULL when the product has no base)
 * under `rule`: logic 1, logic 2 and logic 3 exactly as computePrice. The rule's numbers are
 * validated integers (schema and CHECK constraints); they are still checked here before being
 * written into the SQL text.
 */
export function computedPriceSql(base: SQL, rule: PricingRule): SQL {
  if (!Number.isInteger(rule.logic1) || !Number.isInteger(rule.logic2)) {
    throw new RangeError('pricing rule numbers must be integers');
  }
  const logic1 = markupSql(base, rule.logic1);
  if (rule.logic2 === 0) return logic1;
  const logic2 = sql`(${base}) + ${sql.raw(String(rule.logic2))}`;
  // Both are NULL together (same base), so GREATEST/LEAST never hide a missing base.
  return rule.logic3 === 1 ? sql`GREATEST(${logic1}, ${logic2})` : sql`LEAST(${logic1}, ${logic2})`;
}

/** Gross profit percent of the selling price, 2 decimals, half away from zero; NULL for price 0. */
export function grossProfitPercentSql(selling: SQL, cost: SQL): SQL {
  return sql`round(((${selling}) - (${cost}))::numeric * 100 / NULLIF(${selling}, 0), 2)`;
}
