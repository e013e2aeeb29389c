import {
  ORDER_MESSAGES,
  type DeliveryType,
  type OrderReview,
  type UsedExchangeRate,
} from '@esim/contracts';
import type { Queryable } from '../../audit';
import { BusinessRuleError, NotFoundError } from '../../http/errors';
import { MissingExchangeRateError } from '../exchange-rates/public';
import { orderAmounts } from './amounts';
import { applyCampaign } from './campaign';
import type { PartnerTerms } from './partner-terms';
import { priceProducts, type PriceSource, type PricedProduct } from './pricing';

/*
 * Prices a cart for its partner: cart/review answers it, the purchase freezes it on the order.
 * The refusals, in this order (docs/orders.md "Pricing a cart"):
 *   no lines                                   422 'Cart is empty.'
 *   a product id that does not exist           404 'Product not found'
 *   a product's cost currency without a rate   422 'Exchange rate ... not available: USD/JPY'
 *   inactive, or no price at the tariff code   422 'Current products not available ...: A, B.'
 *   a use country outside a product's coverage 422 'Unmatched country: ...'
 *   more than the stock on hand                422 '... only 3 of P on hand.'
 */

export interface CartToPrice {
  lines: readonly { productId: string; quantity: number }[];
  useCountries: readonly string[];
  campaignCode?: string | null | undefined;
}

/** A line as the order stores it (order_lines). */
export interface PricedLine {
  productId: string;
  productCode: string;
  productName: string;
  supplierId: string;
  deliveryType: DeliveryType;
  dataMb: number | null;
  durationDays: number;
  coverage: string[];
  quantity: number;
  unitCost: number;
  unitPrice: number;
  priceSource: PriceSource;
  lineTotal: number;
  discount: number;
  taxRate: number;
  available: number | null;
}

/** The exchange rate as frozen on the order (exchange_rates: the rate row's id as well). */
export interface FrozenExchangeRate extends UsedExchangeRate {
  rateId: string;
}

export interface PricedOrder {
  review: OrderReview;
  lines: PricedLine[];
  exchangeRates: FrozenExchangeRate[];
  campaignId: string | null;
  /** The generated voucher code used (campaign_codes.id); null = none or the campaign's code. */
  campaignCodeId: string | null;
  purchasePrice: number;
}

function productOf(byId: Map<string, PricedProduct>, productId: string): PricedProduct {
  const product = byId.get(productId.toLowerCase());
  if (!product) throw new NotFoundError('Product');
  return product;
}

function checkPurchasable(
  cart: CartToPrice,
  products: readonly PricedProduct[],
): asserts products is (PricedProduct & { unitPrice: number; costJpy: number })[] {
  const missingRate = products
    .filter((product) => product.missingRate)
    .map((product) => product.costCurrency)
    .sort()[0];
  if (missingRate) throw new MissingExchangeRateError(missingRate);
  const unavailable = products.filter(
    (product) => product.status !== 'active' || product.unitPrice === null,
  );
  if (unavailable.length > 0) {
    throw new BusinessRuleError(
      ORDER_MESSAGES.notAvailable({
        products: unavailable.map((product) => product.productCode).join(', '),
      }),
    );
  }
  for (const product of products) {
    const outside = cart.useCountries.filter((country) => !product.coverage.includes(country));
    if (outside.length > 0) {
      throw new BusinessRuleError(
        ORDER_MESSAGES.unmatchedCountry({
          product: product.productCode,
          countries: outside.join(', '),
        }),
      );
    }
  }
  cart.lines.forEach((line, index) => {
    const product = products[index];
    if (product && product.available !== null && line.quantity > product.available) {
      throw new BusinessRuleError(
        ORDER_MESSAGES.outOfStock({
          available: Math.max(0, product.available),
          product: product.productCode,
        }),
      );
    }
  });
}

function usedRates(products: readonly PricedProduct[]): FrozenExchangeRate[] {
  const rates = new Map<string, FrozenExchangeRate>();
  for (const { rate } of products) {
    if (!rate) continue;
    rates.set(rate.currency, {
      currency: rate.currency,
      rate: rate.rate,
      effectiveDate: rate.effectiveDate,
      rateId: rate.id,
    });
  }
  return [...rates.values()].sort((a, b) => (a.currency < b.currency ? -1 : 1));
}

/** Prices `cart` for the partner on `today` (no writes); throws the refusals above. */
export async function priceOrder(
  q: Queryable,
  terms: PartnerTerms,
  cart: CartToPrice,
  today: string,
): Promise<PricedOrder> {
  if (cart.lines.length === 0) throw new BusinessRuleError(ORDER_MESSAGES.cartEmpty);
  const priced = await priceProducts(
    q,
    terms,
    cart.lines.map((line) => line.productId),
    today,
  );
  const byId = new Map(priced.map((product) => [product.productId.toLowerCase(), product]));
  const products = cart.lines.map((line) => productOf(byId, line.productId));
  checkPurchasable(cart, products);
  const campaign = await applyCampaign(
    q,
    terms.partnerId,
    cart.campaignCode ?? null,
    cart.lines.map((line, index) => ({
      productId: line.productId,
      quantity: line.quantity,
      lineTotal: (products[index]?.unitPrice ?? 0) * line.quantity,
    })),
    today,
  );
  const amounts = orderAmounts(
    cart.lines.map((line, index) => ({
      quantity: line.quantity,
      unitPrice: products[index]?.unitPrice ?? 0,
      unitCost: products[index]?.costJpy ?? 0,
      taxRate: terms.taxRate,
      discount: campaign.discounts[index] ?? 0,
    })),
    terms.taxName,
  );
  const lines: PricedLine[] = cart.lines.map((line, index) => {
    const product = products[index]!;
    const lineTotal = amounts.lineTotals[index] ?? 0;
    return {
      productId: product.productId,
      productCode: product.productCode,
      productName: product.name,
      supplierId: product.supplierId,
      deliveryType: product.deliveryType,
      dataMb: product.dataMb,
      durationDays: product.durationDays,
      coverage: product.coverage,
      quantity: line.quantity,
      unitCost: product.costJpy,
      unitPrice: product.unitPrice,
      priceSource: product.priceSource ?? 'computed',
      lineTotal,
      discount: Math.min(campaign.discounts[index] ?? 0, lineTotal),
      taxRate: terms.taxRate,
      available: product.available === null ? null : Math.max(0, product.available),
    };
  });
  const exchangeRates = usedRates(products);
  return {
    review: {
      partnerId: terms.partnerId,
      partnerName: terms.partnerName,
      tariffCode: terms.tariffCode,
      currency: 'JPY',
      lines: lines.map((line) => ({
        productId: line.productId,
        productCode: line.productCode,
        name: line.productName,
        deliveryType: line.deliveryType,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        lineTotal: line.lineTotal,
        discount: line.discount,
        taxRate: line.taxRate,
        coverage: line.coverage,
        available: line.available,
      })),
      subTotal: amounts.subTotal,
      discount: amounts.discount,
      taxes: amounts.taxes,
      taxTotal: amounts.taxTotal,
      totalAmount: amounts.totalAmount,
      finalPrice: amounts.finalPrice,
      exchangeRates: exchangeRates.map(({ currency, rate, effectiveDate }) => ({
        currency,
        rate,
        effectiveDate,
      })),
      campaignCode: cart.campaignCode ?? null,
    },
    lines,
    exchangeRates,
    campaignId: campaign.campaignId,
    campaignCodeId: campaign.codeId,
    purchasePrice: amounts.purchasePrice,
  };
}
