import { ORDER_WIZARD_PROGRESS, ORDER_WIZARD_STEPS, type OrderDetail } from '@esim/contracts';
import { createTestI18n, screen, waitFor } from '@esim/ui/testing';
import type { i18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleStepProblem, purchasePhase, purchaseStepRules } from '../src/wizard/steps';
import { PARTNER_ID, STOCK_BUNDLE, emptyCart } from './fixtures';
import { WAIT, fakeApi, next, progress, renderWizard, stateOf, withFakeApi } from './wizardHarness';

/*
 * The purchase wizard's step logic, and its first steps against a fake API: the spec's progress
 * and step states, the cart-empty warning, a cart restored after a reload, 'unmatched country'.
 */

let en: i18n;
beforeAll(async () => {
  en = await createTestI18n('en');
});
withFakeApi();

describe('wizard step logic', () => {
  it('the first step wants a partner, then at least one line, then no line over stock', () => {
    expect(bundleStepProblem(null, [])).toBe('noPartner');
    expect(bundleStepProblem(PARTNER_ID, [])).toBe('cartEmpty');
    const line = { productId: 'p', productCode: 'P', name: 'P', quantity: 3 };
    expect(bundleStepProblem(PARTNER_ID, [{ ...line, available: 2 }])).toBe('overStock');
    expect(bundleStepProblem(PARTNER_ID, [{ ...line, available: null }])).toBeNull();
  });

  it('the purchase step: pending, delivering, success or failed, and denied with a way back', () => {
    const order = { processingStatus: 'processing' } as OrderDetail;
    expect(purchasePhase({ isPending: true, isError: false, order: undefined })).toBe('pending');
    expect(purchasePhase({ isPending: false, isError: true, order: undefined })).toBe('denied');
    expect(purchasePhase({ isPending: false, isError: false, order })).toBe('processing');
    expect(
      purchasePhase({
        isPending: false,
        isError: false,
        order: { ...order, processingStatus: 'success' },
      }),
    ).toBe('success');
    expect(
      purchasePhase({
        isPending: false,
        isError: false,
        order: { ...order, processingStatus: 'failed' },
      }),
    ).toBe('failed');
    expect(purchaseStepRules('denied')).toEqual({
      error: true,
      canProceed: false,
      canGoBack: true,
    });
    expect(purchaseStepRules('processing')).toEqual({
      error: false,
      canProceed: false,
      canGoBack: false,
    });
    expect(purchaseStepRules('success')).toEqual({
      error: false,
      canProceed: true,
      canGoBack: false,
    });
    expect(purchaseStepRules('failed')).toEqual({
      error: true,
      canProceed: true,
      canGoBack: false,
    });
  });

  it('uses the spec progress values for the five steps', () => {
    expect(ORDER_WIZARD_STEPS.map((step) => ORDER_WIZARD_PROGRESS[step])).toEqual([
      0, 25, 50, 75, 100,
    ]);
  });
});

describe('the purchase wizard', { timeout: 240_000 }, () => {
  it('warns that the cart is empty and stays on the first step', async () => {
    renderWizard(en);
    await screen.findByTestId('bundle-table', {}, WAIT);
    expect(progress()).toBe(0);
    expect(stateOf('Select bundle')).toBe('active');
    expect(stateOf('Order information')).toBe('inactive');
    await next();
    expect((await screen.findByTestId('cart-empty', {}, WAIT)).textContent).toContain(
      'Cart is empty.',
    );
    expect(progress()).toBe(0);
    expect(stateOf('Select bundle')).toBe('active');
  });

  it('restores the saved cart after a reload and puts an unmatched country on its field', async () => {
    fakeApi.savedCart = {
      ...emptyCart(),
      partnerId: PARTNER_ID,
      partnerName: 'Sakura Travel',
      lines: [
        {
          productId: STOCK_BUNDLE.productId,
          quantity: 2,
          productCode: 'JP-5GB-7D',
          name: 'Japan 5 GB 7 days',
        },
      ],
      customerName: 'Yamada Taro',
      useCountries: ['KR'],
    };
    renderWizard(en);
    const line = await screen.findByTestId('basket-line', {}, WAIT);
    expect(line.textContent).toContain('Japan 5 GB 7 days');
    // The restored line gets its price and stock from a review.
    await waitFor(
      () =>
        expect(screen.getByTestId('basket-line-price').textContent).toBe(
          '1,500 JPY × quantity = 3,000 JPY',
        ),
      WAIT,
    );
    await next();
    await screen.findByTestId('order-information', {}, WAIT);
    expect((document.getElementById('field-customerName') as HTMLInputElement).value).toBe(
      'Yamada Taro',
    );
    await next();
    expect(
      await screen.findByText('Unmatched country: JP-5GB-7D cannot be used in KR.', {}, WAIT),
    ).toBeTruthy();
    expect(progress()).toBe(25);
    expect(stateOf('Order information')).toBe('error');
    expect(screen.queryByTestId('review-error')).toBeNull();
  });
});
