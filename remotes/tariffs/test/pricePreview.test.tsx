import { createTestI18n, renderWithProviders, screen } from '@esim/ui/testing';
import type { i18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { PricePreview } from '../src/components/PricePreview';

let en: i18n;
beforeAll(async () => {
  en = await createTestI18n('en');
});

const result = () => screen.getByTestId('price-preview-result').textContent;

describe('PricePreview', () => {
  it('prices the sample cost with the rule: 40% markup on 1,000 JPY', () => {
    renderWithProviders(
      <PricePreview rule={{ baseTariff: 'cost', logic1: 40, logic2: 0, logic3: 0 }} />,
      en,
    );
    expect(result()).toBe('cost 1,000 JPY -> 1,400 JPY');
    expect(screen.getByText('Logic 1: 1,400 JPY')).toBeTruthy();
  });

  it('says which logic wins when both apply (logic 3 = the higher)', () => {
    renderWithProviders(
      <PricePreview rule={{ baseTariff: 'cost', logic1: 10, logic2: 500, logic3: 1 }} />,
      en,
    );
    expect(result()).toBe('cost 1,000 JPY -> 1,500 JPY');
    expect(screen.getByText('Logic 2 1,500 JPY is used (logic 1: 1,100 JPY)')).toBeTruthy();
  });

  it('asks to complete the rule instead of guessing a price', () => {
    renderWithProviders(<PricePreview rule={{ baseTariff: 'cost', logic1: 40 }} />, en);
    expect(result()).toBe('Complete the rule to see a preview.');
  });
});
