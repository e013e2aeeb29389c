import { describe, expect, it } from 'vitest';
import {
  BYTES_PER_MB,
  fileExtension,
  formatExtensionList,
  hasAllowedExtension,
  isWithinSizeLimit,
} from '../src';

describe('hasAllowedExtension', () => {
  it('accepts a file whose extension is in the allowed list, in any case', () => {
    expect(hasAllowedExtension('stock.csv', ['csv'])).toBe(true);
    expect(hasAllowedExtension('STOCK.CSV', ['csv', 'xlsx'])).toBe(true);
    expect(hasAllowedExtension('logo.png', ['.PNG', '.jpg'])).toBe(true);
    expect(hasAllowedExtension('archive.tar.csv', ['csv'])).toBe(true);
  });

  it('rejects other extensions and names without one', () => {
    expect(hasAllowedExtension('stock.csv.exe', ['csv'])).toBe(false);
    expect(hasAllowedExtension('stock', ['csv'])).toBe(false);
    expect(hasAllowedExtension('stock.', ['csv'])).toBe(false);
    expect(hasAllowedExtension('stock.csv', [])).toBe(false);
  });

  it('reads the extension and lists extensions for the message', () => {
    expect(fileExtension('a/b/Report.PDF')).toBe('pdf');
    expect(fileExtension('README')).toBe('');
    expect(formatExtensionList(['csv', '.XLSX'])).toBe('.csv, .xlsx');
  });
});

describe('isWithinSizeLimit', () => {
  it('accepts files up to the limit in MB and rejects larger ones', () => {
    expect(BYTES_PER_MB).toBe(1_048_576);
    expect(isWithinSizeLimit(5 * BYTES_PER_MB, 5)).toBe(true);
    expect(isWithinSizeLimit(5 * BYTES_PER_MB + 1, 5)).toBe(false);
    expect(isWithinSizeLimit(0, 1)).toBe(true);
    expect(isWithinSizeLimit(512 * 1024, 0.5)).toBe(true);
  });
});
