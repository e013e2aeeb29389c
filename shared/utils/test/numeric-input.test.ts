import { describe, expect, it } from 'vitest';
import { decodeMessage } from '@esim/contracts';
import { isNegativeNumberInput, negativeNumberMessage, sanitizeNumericInput } from '../src';

describe('sanitizeNumericInput', () => {
  it('strips leading zeros', () => {
    expect(sanitizeNumericInput('007')).toBe('7');
    expect(sanitizeNumericInput('00.5')).toBe('0.5');
    expect(sanitizeNumericInput('000')).toBe('0');
  });

  it('keeps a single zero before the dot and a lone zero', () => {
    expect(sanitizeNumericInput('0.5')).toBe('0.5');
    expect(sanitizeNumericInput('0')).toBe('0');
    expect(sanitizeNumericInput('100')).toBe('100');
  });

  it('keeps a trailing dot so a decimal can still be typed', () => {
    expect(sanitizeNumericInput('12.')).toBe('12.');
    expect(sanitizeNumericInput('0.')).toBe('0.');
  });

  it('drops characters that are not numeric, and any second dot', () => {
    expect(sanitizeNumericInput('1,234.5 JPY')).toBe('1234.5');
    expect(sanitizeNumericInput('abc')).toBe('');
    expect(sanitizeNumericInput('1.2.3')).toBe('1.23');
    expect(sanitizeNumericInput('-5')).toBe('5');
    expect(sanitizeNumericInput('')).toBe('');
  });

  it('reads full-width digits typed with a Japanese IME', () => {
    expect(sanitizeNumericInput('０１２．５')).toBe('12.5');
  });
});

describe('isNegativeNumberInput', () => {
  it('recognises negative numbers so forms can reject them', () => {
    expect(isNegativeNumberInput('-5')).toBe(true);
    expect(isNegativeNumberInput('-0.5')).toBe(true);
    expect(isNegativeNumberInput(' -1,000 ')).toBe(true);
    expect(isNegativeNumberInput('-')).toBe(true);
    expect(isNegativeNumberInput('－３')).toBe(true);
    expect(isNegativeNumberInput('\u22127')).toBe(true);
  });

  it('accepts positive numbers and leaves other text to the format check', () => {
    expect(isNegativeNumberInput('5')).toBe(false);
    expect(isNegativeNumberInput('0')).toBe(false);
    expect(isNegativeNumberInput('5-')).toBe(false);
    expect(isNegativeNumberInput('')).toBe(false);
    expect(isNegativeNumberInput('-abc')).toBe(false);
  });

  it('comes with the invalidFormat message and a format parameter for the toast', () => {
    expect(decodeMessage(negativeNumberMessage())).toEqual({
      key: 'invalidFormat',
      params: { format: 'number' },
    });
    expect(decodeMessage(negativeNumberMessage('price')).params).toEqual({ format: 'price' });
  });
});
