import { describe, expect, it } from 'vitest';
import { ALL_VALUE, toFilterValue, toOptions, withAllOption } from '../src';

const countries = [
  { code: 'JP', nameEnglish: 'Japan' },
  { code: 'TH', nameEnglish: 'Thailand' },
];

describe('option lists', () => {
  it('are label/value pairs built from records', () => {
    expect(toOptions(countries, 'nameEnglish', 'code')).toEqual([
      { label: 'Japan', value: 'JP' },
      { label: 'Thailand', value: 'TH' },
    ]);
    expect(toOptions([{ id: 3, name: 'Card' }], 'name', 'id')).toEqual([
      { label: 'Card', value: 3 },
    ]);
  });

  it("can have an 'All' option with the show-all value prepended", () => {
    const options = withAllOption(toOptions(countries, 'nameEnglish', 'code'), 'All');
    expect(options[0]).toEqual({ label: 'All', value: ALL_VALUE });
    expect(options).toHaveLength(3);
    expect(withAllOption([{ label: 'One', value: 1 }], 'Alle', 0)[0]).toEqual({
      label: 'Alle',
      value: 0,
    });
  });

  it('send no filter for the show-all value', () => {
    expect(toFilterValue(ALL_VALUE)).toBeUndefined();
    expect(toFilterValue(undefined)).toBeUndefined();
    expect(toFilterValue('JP')).toBe('JP');
  });
});
