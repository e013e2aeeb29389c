import { describe, expect, it } from 'vitest';
import { decodeMessage } from '@esim/contracts';
import {
  decimalPlacesMessage,
  formatMinorAmount,
  minorToText,
  readNumericInput,
  textToMinor,
} from '../src';

describe('formatMinorAmount', () => {
  it('shows minor units in the major units of their currency', () => {
    expect(formatMinorAmount(1990, 'USD', 2)).toBe('19.90 USD');
    expect(formatMinorAmount(123456789, 'USD', 2)).toBe('1,234,567.89 USD');
    expect(formatMinorAmount(3069, 'JPY', 0)).toBe('3,069 JPY');
    expect(formatMinorAmount(5, 'KWD', 3)).toBe('0.005 KWD');
  });
});

describe('minorToText / textToMinor', () => {
  it('round-trip exactly', () => {
    expect(minorToText(350, 2)).toBe('3.50');
    expect(textToMinor('3.5', 2)).toBe(350);
    expect(textToMinor('19.90', 2)).toBe(1990);
    expect(textToMinor('1500', 0)).toBe(1500);
  });

  it('refuse more decimals than the currency has instead of cutting them', () => {
    expect(textToMinor('1500.50', 0)).toBeUndefined();
    expect(textToMinor('19.999', 2)).toBeUndefined();
    expect(textToMinor('abc', 2)).toBeUndefined();
  });
});

describe('decimalPlacesMessage', () => {
  it('refuses any decimal where none are allowed, with the spec message', () => {
    expect(decodeMessage(decimalPlacesMessage('1500.50', 0, 'sellingPriceJpy') ?? '')).toEqual({
      key: 'integer',
      params: { name: 'sellingPriceJpy' },
    });
  });

  it('refuses more decimals than allowed, naming the limit', () => {
    expect(decodeMessage(decimalPlacesMessage('19.999', 2, 'costMinor') ?? '')).toEqual({
      key: 'maxDecimals',
      params: { name: 'costMinor', limit: 2 },
    });
  });

  it('accepts up to the limit and a trailing dot still being typed', () => {
    expect(decimalPlacesMessage('19.99', 2, 'costMinor')).toBeNull();
    expect(decimalPlacesMessage('1500.', 0, 'sellingPriceJpy')).toBeNull();
    expect(decimalPlacesMessage('1500', 0, 'sellingPriceJpy')).toBeNull();
  });
});

describe('readNumericInput', () => {
  it('refuses a minus sign wherever it was typed, never dropping it silently', () => {
    expect(readNumericInput('-50', 0, 'logic2')).toEqual({ negative: true });
    expect(readNumericInput('0-50', 0, 'logic2')).toEqual({ negative: true });
    expect(readNumericInput('\u221250', 0, 'logic2')).toEqual({ negative: true });
  });

  it('cleans the text and reports refused decimals', () => {
    expect(readNumericInput('0050', 0, 'logic2')).toEqual({
      negative: false,
      text: '50',
      refusedMessage: null,
    });
    expect(readNumericInput('1500.50', 0, 'price')).toMatchObject({
      text: '1500.50',
      refusedMessage: decimalPlacesMessage('1500.50', 0, 'price'),
    });
  });
});
