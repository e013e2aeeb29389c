import type { SyncValues } from '@esim/contracts';
import { describe, expect, it } from 'vitest';
import { coverageDiff, formatData } from '../src/sync/format';

const values = (coverage: string[]) => ({ coverage }) as unknown as SyncValues;

describe('formatData', () => {
  it('shows whole gigabytes as GB, other large amounts with one decimal, small ones in MB', () => {
    expect(formatData(2048, 'Unlimited')).toBe('2 GB');
    expect(formatData(1536, 'Unlimited')).toBe('1.5 GB');
    expect(formatData(500, 'Unlimited')).toBe('500 MB');
  });

  it("uses the caller's word for unlimited", () => {
    expect(formatData(null, 'Unbegrenzt')).toBe('Unbegrenzt');
  });
});

describe('coverageDiff', () => {
  it('lists countries the supplier added and removed', () => {
    expect(coverageDiff(values(['JP', 'KR', 'TH']), values(['JP', 'TH', 'VN']))).toEqual({
      added: ['VN'],
      removed: ['KR'],
    });
  });

  it('treats a product we do not have yet as all added', () => {
    expect(coverageDiff(null, values(['JP', 'KR']))).toEqual({ added: ['JP', 'KR'], removed: [] });
  });

  it('reports nothing when coverage is unchanged, whatever the order', () => {
    expect(coverageDiff(values(['JP', 'KR']), values(['KR', 'JP']))).toEqual({
      added: [],
      removed: [],
    });
  });
});
