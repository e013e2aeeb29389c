/** Default maximum number of decimals shown (spec section 5). */
export const DEFAULT_MAX_DECIMALS = 3;

/**
 * Upper bound for decimals (spec: "cap 100"); every request is clamped to 0..100.
 * 100 is also Intl.NumberFormat's limit in current browsers, but Node 20's V8 still stops at
 * 20 (RangeError above), so formatNumber does the en-US formatting itself on the decimal
 * digits: same output as Intl where both work, exact for decimal strings, and identical in the
 * browser and in the API.
 */
export const MAX_DECIMALS_CAP = 100;

export interface FormatNumberOptions {
  /** Most decimals shown; trailing zeros are dropped. Default 3, clamped to 0..100. */
  maxDecimals?: number;
  /** Exactly this many decimals (padding with zeros); wins over maxDecimals. Clamped to 0..100. */
  fixedDecimals?: number;
}

interface Decimal {
  negative: boolean;
  integer: string;
  fraction: string;
}

const NUMERIC_TEXT = /^([-+])?(\d*)(?:\.(\d*))?(?:e([-+]?\d{1,4}))?$/i;
/** Exponents beyond this are not display values; they are refused rather than expanded. */
const MAX_EXPONENT = 400;

function clampDecimals(value: number): number {
  if (Number.isNaN(value)) return DEFAULT_MAX_DECIMALS;
  return Math.min(MAX_DECIMALS_CAP, Math.max(0, Math.trunc(value)));
}

/** Reads '-1,234.5e2', 1.5e-7 or 10n into sign, integer digits and fraction digits. */
function toDecimal(value: number | string | bigint): Decimal | undefined {
  if (typeof value === 'number' && !Number.isFinite(value)) return undefined;
  const text = String(value).trim().replace(/,/g, '');
  const match = NUMERIC_TEXT.exec(text);
  if (!match) return undefined;
  const [, sign, integerPart = '', fractionPart = '', exponentPart = '0'] = match;
  if (integerPart === '' && fractionPart === '') return undefined;
  const exponent = Number(exponentPart);
  if (Math.abs(exponent) > MAX_EXPONENT) return undefined;
  const digits = integerPart + fractionPart;
  const point = integerPart.length + exponent;
  const integer = point <= 0 ? '0' : digits.slice(0, point).padEnd(point, '0');
  const fraction = point <= 0 ? '0'.repeat(-point) + digits : digits.slice(point);
  return { negative: sign === '-', integer, fraction };
}

/** Adds one unit in the last place of a string of digits ('199' -> '200', '99' -> '100'). */
function incrementDigits(digits: string): string {
  const chars = digits.split('');
  for (let index = chars.length - 1; index >= 0; index -= 1) {
    if (chars[index] !== '9') {
      chars[index] = String(Number(chars[index]) + 1);
      return chars.join('');
    }
    chars[index] = '0';
  }
  return `1${chars.join('')}`;
}

/** Rounds half away from zero (Intl's default 'halfExpand') to `decimals` fraction digits. */
function roundDecimal({ negative, integer, fraction }: Decimal, decimals: number): Decimal {
  if (fraction.length <= decimals) return { negative, integer, fraction };
  const kept = integer + fraction.slice(0, decimals);
  const roundUp = (fraction[decimals] ?? '0') >= '5';
  const rounded = roundUp ? incrementDigits(kept) : kept;
  const integerLength = rounded.length - decimals;
  return {
    negative,
    integer: rounded.slice(0, integerLength),
    fraction: rounded.slice(integerLength),
  };
}

/**
 * Formats a number the en-US way ('1,234.568'): grouping, at most 3 decimals by default or an
 * exact number of decimals, rounding half away from zero. Numeric strings (a plain or
 * exponent decimal, grouping commas allowed) are formatted exactly as written, so prices kept
 * as decimal strings never go through floating point.
 * Returns '' for null, undefined, '' and text that is not a number (wrap with displayValue to
 * show the not-available placeholder).
 */
export function formatNumber(
  value: number | string | bigint | null | undefined,
  options: FormatNumberOptions = {},
): string {
  if (value === null || value === undefined) return '';
  const decimal = toDecimal(value);
  if (!decimal) return '';
  const fixed =
    options.fixedDecimals === undefined ? undefined : clampDecimals(options.fixedDecimals);
  const rounded = roundDecimal(
    decimal,
    fixed ?? clampDecimals(options.maxDecimals ?? DEFAULT_MAX_DECIMALS),
  );
  const fraction =
    fixed === undefined ? rounded.fraction.replace(/0+$/, '') : rounded.fraction.padEnd(fixed, '0');
  const integer = rounded.integer.replace(/^0+(?=\d)/, '') || '0';
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const isZero = /^0*$/.test(integer + fraction);
  return `${rounded.negative && !isZero ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}
