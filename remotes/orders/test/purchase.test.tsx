import { IDEMPOTENCY_KEY_HEADER } from '@esim/contracts';
import { createTestI18n, fireEvent, screen, waitFor } from '@esim/ui/testing';
import type { i18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { PARTNER_ID, STOCK_BUNDLE } from './fixtures';
import {
  WAIT,
  click,
  fakeApi,
  next,
  progress,
  renderWizard,
  stateOf,
  withFakeApi,
} from './wizardHarness';

/*
 * The purchase itself against a fake API: the basket bought with the cart's Idempotency-Key
 * through all five steps, and a denied purchase with its reason and the way back.
 */

let en: i18n;
beforeAll(async () => {
  en = await createTestI18n('en');
});
withFakeApi();

describe('the purchase', { timeout: 240_000 }, () => {
  it('buys the basket with the cart’s Idempotency-Key through all five steps', async () => {
    renderWizard(en);
    await screen.findAllByTestId('bundle-add', {}, WAIT);
    const addStock = () => screen.getAllByTestId('bundle-add')[0]!;
    await click(addStock());
    await click(addStock());
    // Two on hand: a third cannot be added.
    await waitFor(() => expect((addStock() as HTMLButtonElement).disabled).toBe(true), WAIT);
    const quantity = screen.getByTestId('basket-quantity');
    expect((quantity.querySelector('input') ?? (quantity as HTMLInputElement)).value).toBe('2');
    // The draft is saved to the server as the user goes.
    await waitFor(
      () =>
        expect(
          fakeApi.requests.some(
            (r) =>
              r.method === 'PUT' && r.path === 'cart' && r.body.includes(STOCK_BUNDLE.productId),
          ),
        ).toBe(true),
      WAIT,
    );

    await next();
    await screen.findByTestId('order-information', {}, WAIT);
    expect(progress()).toBe(25);
    expect(stateOf('Select bundle')).toBe('success');
    expect(stateOf('Order information')).toBe('active');
    fireEvent.change(document.getElementById('field-customerName')!, {
      target: { value: 'Yamada Taro' },
    });

    await next();
    await screen.findByTestId('order-preview', {}, WAIT);
    expect(progress()).toBe(50);
    expect(screen.getByTestId('amount-subTotal').textContent).toBe('3,000 JPY');
    expect(screen.getByTestId('amount-finalPrice').textContent).toBe('3,300 JPY');

    await next('Purchase');
    expect(await screen.findByText('Confirm purchase', {}, WAIT)).toBeTruthy();
    const dialog = screen.getByRole('dialog');
    await click(dialog.querySelector('.ant-btn-primary')!);

    await screen.findByTestId('purchase-success', {}, WAIT);
    expect(progress()).toBe(75);
    expect(stateOf('Purchase')).toBe('active');
    const purchase = fakeApi.requests.find((r) => r.method === 'POST' && r.path === 'order')!;
    expect(purchase.headers[IDEMPOTENCY_KEY_HEADER]).toBe('cart-key-0001');
    expect(JSON.parse(purchase.body)).toMatchObject({
      partnerId: PARTNER_ID,
      customerName: 'Yamada Taro',
      lines: [{ productId: STOCK_BUNDLE.productId, quantity: 2 }],
    });
    // The order is placed: the cart is emptied (a new key for the next order).
    await waitFor(
      () =>
        expect(fakeApi.requests.some((r) => r.method === 'DELETE' && r.path === 'cart')).toBe(true),
      WAIT,
    );
    expect(screen.queryByTestId('wizard-back')).toBeNull();

    await next();
    await screen.findByTestId('order-completed', {}, WAIT);
    expect(progress()).toBe(100);
    expect(stateOf('Completed')).toBe('success');
    expect(screen.getAllByTestId('completed-iccid').map((node) => node.textContent)).toEqual([
      '8981000000000000001',
      '8981000000000000002',
    ]);
    // No permission to reveal: the codes stay masked, no QR code.
    expect(screen.getAllByTestId('activation-no-permission')).toHaveLength(2);
    expect(screen.queryByTestId('activation-qr')).toBeNull();
  });

  it('shows a denied purchase with the API’s reason, the step in error and the way back', async () => {
    fakeApi.purchaseAnswer = {
      status: 422,
      body: {
        errors: [],
        errorMessage:
          'Current products not available for purchase: only 1 of Japan 5 GB 7 days on hand.',
        errorMessageKey: 'orders.outOfStock',
      },
    };
    renderWizard(en);
    await screen.findAllByTestId('bundle-add', {}, WAIT);
    await click(screen.getAllByTestId('bundle-add')[0]!);
    await next();
    await screen.findByTestId('order-information', {}, WAIT);
    fireEvent.change(document.getElementById('field-customerName')!, {
      target: { value: 'Yamada Taro' },
    });
    await next();
    await screen.findByTestId('order-preview', {}, WAIT);
    await next('Purchase');
    await screen.findByText('Confirm purchase', {}, WAIT);
    await click(screen.getByRole('dialog').querySelector('.ant-btn-primary')!);

    const reason = await screen.findByTestId('purchase-denied-reason', {}, WAIT);
    expect(reason.textContent).toBe(
      'Current products not available for purchase: only 1 of Japan 5 GB 7 days on hand.',
    );
    expect(stateOf('Purchase')).toBe('error');
    expect((screen.getByTestId('wizard-next') as HTMLButtonElement).disabled).toBe(true);
    await next('Back');
    await screen.findByTestId('order-preview', {}, WAIT);
    expect(progress()).toBe(50);
    expect(fakeApi.requests.some((r) => r.method === 'DELETE' && r.path === 'cart')).toBe(false);
  });
});
