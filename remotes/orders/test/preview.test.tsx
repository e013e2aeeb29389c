import {
  act,
  createTestI18n,
  fireEvent,
  renderWithProviders,
  screen,
  within,
} from '@esim/ui/testing';
import type { i18n } from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { OrderPreviewStep, type OrderPreviewStepProps } from '../src/wizard/OrderPreviewStep';
import { API_PRODUCT, STOCK_PRODUCT, reviewOf } from './fixtures';

/* The order preview shows what the API priced, in JPY: every amount as the review answered it. */

let en: i18n;
let ja: i18n;
beforeAll(async () => {
  en = await createTestI18n('en');
  ja = await createTestI18n('ja');
});

const review = {
  ...reviewOf([
    { productId: STOCK_PRODUCT, quantity: 2 },
    { productId: API_PRODUCT, quantity: 1 },
  ]),
  discount: 500,
  taxes: [
    { name: 'VAT', rate: 10, taxable: 6000, tax: 600 },
    { name: 'VAT', rate: 8, taxable: 1490, tax: 119 },
  ],
  taxTotal: 719,
  totalAmount: 7990 - 500 + 719,
  finalPrice: 7990 - 500 + 719,
  campaignCode: 'SUMMER',
};

function renderPreview(instance: i18n, props: Partial<OrderPreviewStepProps> = {}) {
  return renderWithProviders(
    <OrderPreviewStep
      review={review}
      customerName="Yamada Taro"
      useCountries={['JP']}
      campaignCode="SUMMER"
      onApplyCampaign={vi.fn(async () => undefined)}
      campaignError={null}
      {...props}
    />,
    instance,
  );
}

const amount = (key: string) => screen.getByTestId(`amount-${key}`).textContent;

describe('OrderPreviewStep', () => {
  it('shows unit and line prices of each line in JPY', () => {
    renderPreview(en);
    const lines = screen.getAllByTestId('order-line');
    expect(lines).toHaveLength(2);
    expect(within(lines[0]!).getByTestId('line-unit-price').textContent).toBe('1,500 JPY');
    expect(within(lines[0]!).getByTestId('line-total').textContent).toBe('3,000 JPY');
    expect(within(lines[1]!).getByTestId('line-total').textContent).toBe('4,990 JPY');
  });

  it('shows sub total, discount, the tax of each rate, total and final price', () => {
    renderPreview(en);
    expect(amount('subTotal')).toBe('7,990 JPY');
    expect(amount('discount')).toBe('− 500 JPY');
    expect(amount('tax-10')).toContain('600 JPY');
    expect(amount('tax-10')).toContain('(on 6,000 JPY)');
    expect(amount('tax-8')).toContain('119 JPY');
    expect(screen.getByText('VAT 8%')).toBeTruthy();
    expect(amount('totalAmount')).toBe('8,209 JPY');
    expect(amount('finalPrice')).toBe('8,209 JPY');
  });

  it('shows the exchange rates used and the campaign code the review applied', () => {
    renderPreview(en);
    const rates = screen.getByTestId('exchange-rates');
    expect(within(rates).getByText('1 USD = 150.25 JPY')).toBeTruthy();
    expect(screen.getByTestId('campaign-applied').textContent).toBe(
      'Campaign code SUMMER applied.',
    );
    expect(screen.getByTestId('campaign-discount').textContent).toBe('Discount: 500 JPY');
  });

  it('applies the code typed (in capitals), removes it, and shows a refusal inline', async () => {
    const onApplyCampaign = vi.fn(async () => undefined);
    const { rerender } = renderPreview(en, {
      review: { ...review, discount: 0, campaignCode: null },
      campaignCode: '',
      onApplyCampaign,
    });
    expect(screen.queryByTestId('campaign-applied')).toBeNull();
    const input = screen.getByLabelText('Campaign code');
    fireEvent.change(input, { target: { value: ' spring10 ' } });
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    });
    expect(onApplyCampaign).toHaveBeenLastCalledWith('SPRING10');

    rerender(
      <OrderPreviewStep
        review={review}
        customerName="Yamada Taro"
        useCountries={['JP']}
        campaignCode="SUMMER"
        onApplyCampaign={onApplyCampaign}
        campaignError="Campaign code WINTER has expired."
      />,
    );
    expect(screen.getByTestId('campaign-error').textContent).toContain(
      'Campaign code WINTER has expired.',
    );
    await act(async () => {
      fireEvent.click(screen.getByTestId('campaign-remove'));
    });
    expect(onApplyCampaign).toHaveBeenLastCalledWith('');
  });

  it('speaks the user’s language', () => {
    renderPreview(ja);
    expect(screen.getByText('最終価格')).toBeTruthy();
    expect(screen.getByText('使用した為替レート')).toBeTruthy();
  });
});
