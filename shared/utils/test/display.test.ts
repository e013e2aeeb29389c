import { describe, expect, it } from 'vitest';
import { NOT_AVAILABLE, displayValue, isEmptyValue } from '../src';

describe('displayValue', () => {
  it('shows the not-available placeholder for empty values', () => {
    expect(NOT_AVAILABLE).toBe('N/A');
    expect(displayValue(null)).toBe('N/A');
    expect(displayValue(undefined)).toBe('N/A');
    expect(displayValue('')).toBe('N/A');
    expect(displayValue('   ')).toBe('N/A');
  });

  it('shows real values, including 0 and false, as text', () => {
    expect(displayValue('Tokyo')).toBe('Tokyo');
    expect(displayValue(0)).toBe('0');
    expect(displayValue(false)).toBe('false');
    expect(displayValue(12n)).toBe('12');
  });

  it('accepts another placeholder', () => {
    expect(displayValue(null, '-')).toBe('-');
    expect(isEmptyValue('x')).toBe(false);
  });
});
