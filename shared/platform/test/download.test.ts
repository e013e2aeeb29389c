import { describe, expect, it } from 'vitest';
import { fileNameFrom } from '../src/api/download';

describe('file names of downloads', () => {
  it('prefers the UTF-8 name of Content-Disposition', () => {
    expect(
      fileNameFrom(
        `attachment; filename="suppliers.csv"; filename*=UTF-8''%E4%BB%95%E5%85%A5%E5%85%88.csv`,
        'x.csv',
      ),
    ).toBe('仕入先.csv');
  });
  it('reads a plain quoted or bare name', () => {
    expect(fileNameFrom('attachment; filename="rates-2026.csv"', 'x.csv')).toBe('rates-2026.csv');
    expect(fileNameFrom('attachment; filename=rates.csv', 'x.csv')).toBe('rates.csv');
  });
  it('falls back when the server gives no name', () => {
    expect(fileNameFrom(null, 'export.csv')).toBe('export.csv');
    expect(fileNameFrom('inline', 'export.csv')).toBe('export.csv');
  });
});
