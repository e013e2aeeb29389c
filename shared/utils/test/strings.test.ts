import { describe, expect, it } from 'vitest';
import { ELLIPSIS, pluralize, truncateMiddle } from '../src';

describe('truncateMiddle', () => {
  it('keeps the first 3 characters, an ellipsis and a tail of 4 characters', () => {
    expect(truncateMiddle('89811000000000000123')).toBe('898...0123');
    expect(ELLIPSIS).toBe('...');
  });

  it('never keeps a tail shorter than 4 characters', () => {
    expect(truncateMiddle('abcdefghijklmnop', 3, 2)).toBe('abc...mnop');
    expect(truncateMiddle('abcdefghijklmnop', 3, 6)).toBe('abc...klmnop');
  });

  it('leaves strings that would not get shorter unchanged', () => {
    expect(truncateMiddle('')).toBe('');
    expect(truncateMiddle('short')).toBe('short');
    expect(truncateMiddle('abcdefghij')).toBe('abcdefghij'); // 10 = 3 + 3 + 4
    expect(truncateMiddle('abcdefghijk')).toBe('abc...hijk');
  });

  it('does not split characters outside the basic plane', () => {
    expect(truncateMiddle('😀😀😀😀😀😀😀😀😀😀😀')).toBe('😀😀😀...😀😀😀😀');
  });
});

describe('pluralize', () => {
  it("adds 's' only when the count is above 1", () => {
    expect(pluralize('item', 2)).toBe('items');
    expect(pluralize('item', 10)).toBe('items');
    expect(pluralize('item', 1)).toBe('item');
    expect(pluralize('item', 0)).toBe('item');
  });
});
