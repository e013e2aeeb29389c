import { createTestI18n, renderWithProviders, screen } from '@esim/ui/testing';
import type { i18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { GrossProfit, type GrossProfitFigures } from '../src/components/GrossProfit';
import { percent, yen } from '../src/format';

let en: i18n;
beforeAll(async () => {
  en = await createTestI18n('en');
});

const figures: GrossProfitFigures = {
  specialActive: false,
  grossProfit: 1250,
  grossProfitPercent: 25,
  sellingGrossProfit: 2500,
  sellingGrossProfitPercent: 41.666,
};

describe('product formats', () => {
  it('writes yen grouped and percentages with two decimals', () => {
    expect(yen(1234567)).toBe('1,234,567');
    expect(percent(41.666)).toBe('41.67%');
    expect(percent(-5)).toBe('-5.00%');
  });

  it('shows the not-available placeholder for a missing value, not 0', () => {
    expect(yen(null)).not.toBe('0');
    expect(yen(undefined)).toBe(yen(null));
    expect(percent(null)).toBe(yen(null));
  });
});

describe('GrossProfit', () => {
  it("shows today's gross profit in the chosen unit", () => {
    renderWithProviders(<GrossProfit figures={figures} unit="both" testId="gp" />, en);
    expect(screen.getByTestId('gp-today').textContent).toBe('1,250 (25.00%)');
    expect(screen.queryByText(/At the selling price/)).toBeNull();
  });

  it('adds the margin at the selling price while a special price applies', () => {
    renderWithProviders(
      <GrossProfit figures={{ ...figures, specialActive: true }} unit="percent" testId="gp" />,
      en,
    );
    expect(screen.getByTestId('gp-today').textContent).toBe('25.00%');
    expect(screen.getByText('At the selling price: 41.67%')).toBeTruthy();
  });
});
