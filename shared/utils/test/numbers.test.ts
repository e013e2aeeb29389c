import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_DECIMALS, MAX_DECIMALS_CAP, formatNumber } from '../src';

describe('formatNumber', () => {
  it('formats en-US with at most 3 decimals by default', () => {
    expect(DEFAULT_MAX_DECIMALS).toBe(3);
    expect(formatNumber(1234.5678)).toBe('1,234.568');
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(0.5)).toBe('0.5');
    expect(formatNumber(-9876543.21)).toBe('-9,876,543.21');
    expect(formatNumber(0)).toBe('0');
  });

  it('takes another maximum, dropping trailing zeros', () => {
    expect(formatNumber(1.23456, { maxDecimals: 2 })).toBe('1.23');
    expect(formatNumber(1.5, { maxDecimals: 0 })).toBe('2');
    expect(formatNumber(1.1, { maxDecimals: 5 })).toBe('1.1');
  });

  it('shows exactly the fixed decimals when asked', () => {
    expect(formatNumber(1234, { fixedDecimals: 2 })).toBe('1,234.00');
    expect(formatNumber(1.23456, { fixedDecimals: 2 })).toBe('1.23');
    expect(formatNumber(1.23456, { fixedDecimals: 0, maxDecimals: 4 })).toBe('1');
  });

  it('rounds half away from zero and carries into the integer part', () => {
    expect(formatNumber(0.9995)).toBe('1');
    expect(formatNumber(999.9999)).toBe('1,000');
    expect(formatNumber(-2.5, { maxDecimals: 0 })).toBe('-3');
    expect(formatNumber(-0.0001)).toBe('0');
  });

  it('caps decimals at 100', () => {
    expect(MAX_DECIMALS_CAP).toBe(100);
    const long = `0.${'1'.repeat(120)}`;
    expect(formatNumber(long, { maxDecimals: 500 })).toBe(`0.${'1'.repeat(100)}`);
    expect(formatNumber(1, { fixedDecimals: 150 })).toBe(`1.${'0'.repeat(100)}`);
    expect(formatNumber(1.25, { maxDecimals: -3 })).toBe('1');
  });

  it('formats numeric strings exactly, without floating point', () => {
    expect(formatNumber('12345678901234567890.12345')).toBe('12,345,678,901,234,567,890.123');
    expect(formatNumber('1,234.5')).toBe('1,234.5');
    expect(formatNumber('.5')).toBe('0.5');
    expect(formatNumber('1e3')).toBe('1,000');
    expect(formatNumber(123n)).toBe('123');
    expect(formatNumber(1.5e-7, { maxDecimals: 8 })).toBe('0.00000015');
    expect(formatNumber(1e21)).toBe('1,000,000,000,000,000,000,000');
  });

  it('returns an empty string for values that are not numbers', () => {
    expect(formatNumber(null)).toBe('');
    expect(formatNumber(undefined)).toBe('');
    expect(formatNumber('')).toBe('');
    expect(formatNumber('abc')).toBe('');
    expect(formatNumber(Number.NaN)).toBe('');
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('');
  });

  it('matches Intl.NumberFormat en-US where Intl can do it', () => {
    const values = [
      0, 1, -1, 0.1, 1.005, 2.675, 1234.5, -1234.5678, 987654.4321, 0.000123, 1e-7, 5e15,
    ];
    for (const value of values) {
      for (const maxDecimals of [0, 1, 2, 3, 10, 20]) {
        const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: maxDecimals }).format(
          value,
        );
        expect(formatNumber(value, { maxDecimals }), `${value} / ${maxDecimals}`).toBe(
          intl.replace(/^-(?=[0,.]*$)/, ''),
        );
      }
    }
  });
});
