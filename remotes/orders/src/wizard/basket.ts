import {
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  type CartLineView,
  type DeliveryType,
  type OrderReview,
  type PurchasableProduct,
} from '@esim/contracts';

/** One product in the wizard's basket, with what is known of it so far. */
export interface BasketLine {
  productId: string;
  quantity: number;
  productCode: string | null;
  name: string | null;
  /** The partner's price in JPY, once the bundle was listed or the cart reviewed. */
  unitPrice?: number;
  /** On hand now (stock delivery); null = delivered by the supplier; undefined = not known yet. */
  available?: number | null;
  deliveryType?: DeliveryType;
}

/** Most of a product one order may take: what is on hand for stock, else the contract's limit. */
export function maxQuantity(available: number | null | undefined): number {
  if (available === null || available === undefined) return MAX_LINE_QUANTITY;
  return Math.max(0, Math.min(available, MAX_LINE_QUANTITY));
}

export function basketFromCart(lines: readonly CartLineView[]): BasketLine[] {
  return lines.map((line) => ({
    productId: line.productId,
    quantity: line.quantity,
    productCode: line.productCode,
    name: line.name,
  }));
}

/** Why a bundle cannot go (once more) into the basket, or null when it can. */
export function addProblem(
  lines: readonly BasketLine[],
  product: Pick<PurchasableProduct, 'productId' | 'available'>,
): 'outOfStock' | 'limitReached' | 'basketFull' | null {
  const max = maxQuantity(product.available);
  if (max === 0) return 'outOfStock';
  const line = lines.find((item) => item.productId === product.productId);
  if (line) return line.quantity >= max ? 'limitReached' : null;
  return lines.length >= MAX_CART_LINES ? 'basketFull' : null;
}

/** The basket with one more of the bundle (a new line, or the line's quantity + 1). */
export function addToBasket(
  lines: readonly BasketLine[],
  product: PurchasableProduct,
): BasketLine[] {
  if (addProblem(lines, product)) return [...lines];
  const known = {
    productCode: product.productCode,
    name: product.name,
    unitPrice: product.unitPrice,
    available: product.available,
    deliveryType: product.deliveryType,
  };
  const line = lines.find((item) => item.productId === product.productId);
  if (!line) return [...lines, { productId: product.productId, quantity: 1, ...known }];
  return lines.map((item) =>
    item.productId === product.productId
      ? { ...item, ...known, quantity: item.quantity + 1 }
      : item,
  );
}

/** A line's quantity as typed, kept between 1 and what may be bought. */
export function setLineQuantity(
  lines: readonly BasketLine[],
  productId: string,
  quantity: number,
): BasketLine[] {
  return lines.map((line) => {
    if (line.productId !== productId) return line;
    const max = Math.max(1, maxQuantity(line.available));
    const whole = Number.isFinite(quantity) ? Math.trunc(quantity) : 1;
    return { ...line, quantity: Math.min(Math.max(whole, 1), max) };
  });
}

export function removeFromBasket(lines: readonly BasketLine[], productId: string): BasketLine[] {
  return lines.filter((line) => line.productId !== productId);
}

/** Lines asking for more than is on hand now (the stock went down since they were added). */
export function linesOverStock(lines: readonly BasketLine[]): BasketLine[] {
  return lines.filter(
    (line) => typeof line.available === 'number' && line.quantity > line.available,
  );
}

/** The basket's value before discount and tax, or null while a price is not known yet. */
export function basketSubTotal(lines: readonly BasketLine[]): number | null {
  let total = 0;
  for (const line of lines) {
    if (line.unitPrice === undefined) return null;
    total += line.unitPrice * line.quantity;
  }
  return total;
}

/** The basket with the prices, stock and names a review answered. */
export function withReviewInfo(lines: readonly BasketLine[], review: OrderReview): BasketLine[] {
  return lines.map((line) => {
    const reviewed = review.lines.find((item) => item.productId === line.productId);
    if (!reviewed) return line;
    return {
      ...line,
      productCode: reviewed.productCode,
      name: reviewed.name,
      unitPrice: reviewed.unitPrice,
      available: reviewed.available,
      deliveryType: reviewed.deliveryType,
    };
  });
}

/** Lines whose price or stock is not known yet (restored from the saved cart). */
export function linesToLookUp(lines: readonly BasketLine[]): BasketLine[] {
  return lines.filter((line) => line.unitPrice === undefined || line.available === undefined);
}
