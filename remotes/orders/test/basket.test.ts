import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '@esim/contracts';
import { describe, expect, it } from 'vitest';
import {
  addProblem,
  addToBasket,
  basketSubTotal,
  linesOverStock,
  maxQuantity,
  removeFromBasket,
  setLineQuantity,
  withReviewInfo,
  type BasketLine,
} from '../src/wizard/basket';
import { API_BUNDLE, STOCK_BUNDLE, reviewOf } from './fixtures';

/* The basket never asks for more than can be bought: what is on hand for stock bundles. */

describe('basket quantity limits', () => {
  it('allows what is on hand for stock, the contract limit for supplier delivery', () => {
    expect(maxQuantity(2)).toBe(2);
    expect(maxQuantity(0)).toBe(0);
    expect(maxQuantity(5000)).toBe(MAX_LINE_QUANTITY);
    expect(maxQuantity(null)).toBe(MAX_LINE_QUANTITY);
    expect(maxQuantity(undefined)).toBe(MAX_LINE_QUANTITY);
  });

  it('adds a stock bundle up to what is on hand, then refuses one more', () => {
    let lines: BasketLine[] = [];
    lines = addToBasket(lines, STOCK_BUNDLE);
    lines = addToBasket(lines, STOCK_BUNDLE);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      productId: STOCK_BUNDLE.productId,
      quantity: 2,
      unitPrice: 1500,
    });
    expect(addProblem(lines, STOCK_BUNDLE)).toBe('limitReached');
    expect(addToBasket(lines, STOCK_BUNDLE)[0]?.quantity).toBe(2);
  });

  it('refuses a bundle with nothing on hand, and a new product once the basket is full', () => {
    expect(addProblem([], { ...STOCK_BUNDLE, available: 0 })).toBe('outOfStock');
    const full: BasketLine[] = Array.from({ length: MAX_CART_LINES }, (_, index) => ({
      productId: `product-${index}`,
      quantity: 1,
      productCode: `P${index}`,
      name: `Product ${index}`,
    }));
    expect(addProblem(full, API_BUNDLE)).toBe('basketFull');
    expect(addProblem(full, { productId: 'product-3', available: null })).toBeNull();
  });

  it('keeps a typed quantity between 1 and what may be bought', () => {
    const lines = addToBasket(addToBasket([], STOCK_BUNDLE), API_BUNDLE);
    expect(setLineQuantity(lines, STOCK_BUNDLE.productId, 9)[0]?.quantity).toBe(2);
    expect(setLineQuantity(lines, STOCK_BUNDLE.productId, 0)[0]?.quantity).toBe(1);
    expect(setLineQuantity(lines, STOCK_BUNDLE.productId, -4)[0]?.quantity).toBe(1);
    expect(setLineQuantity(lines, STOCK_BUNDLE.productId, 1.7)[0]?.quantity).toBe(1);
    expect(setLineQuantity(lines, API_BUNDLE.productId, 250)[1]?.quantity).toBe(250);
    expect(setLineQuantity(lines, API_BUNDLE.productId, 5000)[1]?.quantity).toBe(MAX_LINE_QUANTITY);
  });

  it('finds lines asking for more than is on hand now (a restored cart, stock sold meanwhile)', () => {
    const restored: BasketLine[] = [
      { productId: STOCK_BUNDLE.productId, quantity: 5, productCode: 'JP-5GB-7D', name: 'Japan' },
    ];
    expect(linesOverStock(restored)).toEqual([]);
    const known = withReviewInfo(
      restored,
      reviewOf([{ productId: STOCK_BUNDLE.productId, quantity: 5 }]),
    );
    expect(known[0]).toMatchObject({ available: 2, unitPrice: 1500, deliveryType: 'stock' });
    expect(linesOverStock(known).map((line) => line.productId)).toEqual([STOCK_BUNDLE.productId]);
  });

  it('sums the basket once every price is known, and removes lines', () => {
    const lines = setLineQuantity(
      addToBasket(addToBasket([], STOCK_BUNDLE), API_BUNDLE),
      API_BUNDLE.productId,
      3,
    );
    expect(basketSubTotal(lines)).toBe(1500 + 3 * 4990);
    expect(
      basketSubTotal([{ productId: 'x', quantity: 1, productCode: null, name: null }]),
    ).toBeNull();
    expect(removeFromBasket(lines, STOCK_BUNDLE.productId).map((line) => line.productId)).toEqual([
      API_BUNDLE.productId,
    ]);
  });
});
