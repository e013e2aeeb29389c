import type {
  Cart,
  OrderDetail,
  OrderItemSummary,
  OrderReview,
  PurchasableProduct,
} from '@esim/contracts';

/* Records the fake API of the screen tests answers with (shapes of @esim/contracts orders). */

export const PARTNER_ID = '0b3c8f0e-5d2a-4c1e-9a7b-3e4f5a6b7c8d';
export const ORDER_ID = '7d1b6a55-4a0f-4d8c-8f0e-2c9a7b1e3d40';
export const STOCK_PRODUCT = '11111111-1111-4111-8111-111111111111';
export const API_PRODUCT = '22222222-2222-4222-8222-222222222222';

export const STOCK_BUNDLE: PurchasableProduct = {
  productId: STOCK_PRODUCT,
  productCode: 'JP-5GB-7D',
  name: 'Japan 5 GB 7 days',
  type: 'package',
  network: 'local',
  dataMb: 5120,
  durationDays: 7,
  coverage: ['JP'],
  deliveryType: 'stock',
  unitPrice: 1500,
  available: 2,
};

export const API_BUNDLE: PurchasableProduct = {
  productId: API_PRODUCT,
  productCode: 'ASIA-UL-30D',
  name: 'Asia unlimited 30 days',
  type: 'daypass',
  network: 'round',
  dataMb: null,
  durationDays: 30,
  coverage: ['JP', 'KR', 'TW'],
  deliveryType: 'api',
  unitPrice: 4990,
  available: null,
};

export function emptyCart(key = 'cart-key-0001'): Cart {
  return {
    partnerId: null,
    partnerName: null,
    lines: [],
    customerName: null,
    useCountries: [],
    notes: null,
    campaignCode: null,
    idempotencyKey: key,
    updatedAt: '2025-06-01T00:00:00.000Z',
  };
}

/** A review of stock bundles at 10 % tax, rounded once per rate (the contract's rule). */
export function reviewOf(lines: { productId: string; quantity: number }[]): OrderReview {
  const priced = lines.map((line) => {
    const bundle = line.productId === API_PRODUCT ? API_BUNDLE : STOCK_BUNDLE;
    return {
      productId: bundle.productId,
      productCode: bundle.productCode,
      name: bundle.name,
      deliveryType: bundle.deliveryType,
      quantity: line.quantity,
      unitPrice: bundle.unitPrice,
      lineTotal: bundle.unitPrice * line.quantity,
      discount: 0,
      taxRate: 10,
      coverage: bundle.coverage,
      available: bundle.available,
    };
  });
  const subTotal = priced.reduce((sum, line) => sum + line.lineTotal, 0);
  const tax = Math.floor(subTotal / 10);
  return {
    partnerId: PARTNER_ID,
    partnerName: 'Sakura Travel',
    tariffCode: 'T-STD',
    currency: 'JPY',
    lines: priced,
    subTotal,
    discount: 0,
    taxes: [{ name: 'VAT', rate: 10, taxable: subTotal, tax }],
    taxTotal: tax,
    totalAmount: subTotal + tax,
    finalPrice: subTotal + tax,
    exchangeRates: [{ currency: 'USD', rate: '150.25', effectiveDate: '2025-06-01' }],
    campaignCode: null,
  };
}

export function item(position: number, patch: Partial<OrderItemSummary> = {}): OrderItemSummary {
  return {
    id: `00000000-0000-4000-8000-00000000000${position}`,
    lineId: 'line-1',
    position,
    productCode: STOCK_BUNDLE.productCode,
    productName: STOCK_BUNDLE.name,
    status: 'delivered',
    iccid: `898100000000000000${position}`,
    activationCodeMasked: 'LPA:1$smdp.example.com$****',
    deliveryError: null,
    ...patch,
  };
}

export function orderFrom(review: OrderReview, patch: Partial<OrderDetail> = {}): OrderDetail {
  const count = review.lines.reduce((sum, line) => sum + line.quantity, 0);
  return {
    id: ORDER_ID,
    orderNo: 'SAK-000123',
    partnerId: review.partnerId,
    partnerName: review.partnerName,
    branchId: null,
    tariffCode: review.tariffCode,
    customerName: 'Yamada Taro',
    useCountries: [],
    notes: null,
    paymentProviderOrderId: null,
    currency: 'JPY',
    purchasePrice: 1000 * count,
    subTotal: review.subTotal,
    discount: review.discount,
    taxes: review.taxes,
    taxTotal: review.taxTotal,
    totalAmount: review.totalAmount,
    finalPrice: review.finalPrice,
    exchangeRates: review.exchangeRates,
    campaignCode: null,
    paidAmount: 0,
    paymentStatus: 'not_yet_paid',
    processingStatus: 'success',
    processingError: null,
    purchasedAt: '2025-06-01T03:00:00.000Z',
    createdBy: 'staff@example.com',
    version: 1,
    lines: [],
    items: Array.from({ length: count }, (_, index) => item(index + 1)),
    payments: [],
    ...patch,
  };
}
