/** The not-available placeholder shown for empty values. */
export const NOT_AVAILABLE = 'N/A';

export type DisplayableValue = string | number | bigint | boolean | null | undefined;

/** True for null, undefined and strings that are empty or only whitespace. */
export function isEmptyValue(value: DisplayableValue): value is null | undefined | '' {
  return (
    value === null || value === undefined || (typeof value === 'string' && value.trim() === '')
  );
}

/**
 * Text for a table cell or a detail field: the value as text, or the not-available placeholder
 * for an empty value. 0 and false are values, not empty.
 */
export function displayValue(value: DisplayableValue, placeholder: string = NOT_AVAILABLE): string {
  return isEmptyValue(value) ? placeholder : String(value);
}
