import {
  RESOURCES,
  businessToday,
  cartReviewSchema,
  cartSchema,
  purchasableListSchema,
} from '@esim/contracts';
import type { Queryable } from '../../audit';
import { route } from '../../http/define-route';
import { partnerScopeOf, withPartnerScope, type PartnerScope } from '../partners/public';
import type { AreaRoutes } from '../types';
import { createCartService } from './cart';
import { cartPartners } from './cart-partners';
import { loadPartnerTerms } from './partner-terms';
import { purchasableList } from './purchasable-list';
import { priceOrder } from './review';

const readOrders = { resource: RESOURCES.orders, action: 'GET' } as const;

/**
 * The purchase wizard's cart (docs/orders.md): the caller's own draft, the bundles a partner can
 * buy, and the price review. A partner's own staff reach only their partner (decision 0019): any
 * other partner is 'Partner not found'.
 */
export const cartRoutes: AreaRoutes = ({ db }) => {
  const carts = createCartService(db);
  const placeOrders = { resource: RESOURCES.orders, action: 'POST' } as const;
  const scoped = <T>(scope: PartnerScope, fn: (q: Queryable) => Promise<T>): Promise<T> =>
    scope.all ? fn(db) : withPartnerScope(db, scope, fn);
  return [
    route({
      method: 'GET',
      url: 'cart',
      permission: readOrders,
      summary: "The caller's cart (created empty, with a fresh Idempotency-Key, the first time)",
      tags: ['orders'],
      handler: async ({ auth }) => ({ data: await carts.get(auth.userId, partnerScopeOf(auth)) }),
    }),
    route({
      method: 'PUT',
      url: 'cart',
      // The cart is the draft of a purchase: whoever may place orders may keep one.
      permission: placeOrders,
      body: cartSchema,
      summary: "Save the wizard's draft (stored as given; the Idempotency-Key stays)",
      description: "A partner the caller cannot reach is 404 'Partner not found'.",
      tags: ['orders'],
      handler: async ({ body, auth }) => ({
        data: await carts.put(auth.userId, body, partnerScopeOf(auth)),
      }),
    }),
    route({
      method: 'DELETE',
      url: 'cart',
      permission: placeOrders,
      summary: 'Empty the cart and mint a new Idempotency-Key (a new wizard run)',
      tags: ['orders'],
      handler: async ({ auth }) => ({
        data: await carts.clear(auth.userId, partnerScopeOf(auth)),
      }),
    }),
    route({
      method: 'GET',
      url: 'cart/partners',
      // The wizard's partner picker: selling needs the orders permission, not the partners area.
      permission: readOrders,
      summary: 'The partners the caller may sell to (id, code, name), by name',
      description: "A partner's own staff get their partner only.",
      tags: ['orders'],
      handler: async ({ auth }) => {
        const scope = partnerScopeOf(auth);
        return { data: await scoped(scope, (q) => cartPartners(q, scope)) };
      },
    }),
    route({
      method: 'POST',
      url: 'cart/product-purchase/list',
      permission: readOrders,
      body: purchasableListSchema,
      summary: 'The bundles a partner can buy, at its tariff code, with the stock on hand',
      description:
        "Active products with a price at the partner's tariff code. Filters: search (code, " +
        "name), type, country (coverage). 404 'Partner not found'; 422 without a tariff code or " +
        "when a listed product's currency has no current exchange rate.",
      tags: ['orders'],
      handler: async ({ body, auth }) => {
        const scope = partnerScopeOf(auth);
        const today = businessToday();
        return {
          data: await scoped(scope, async (q) =>
            purchasableList(q, await loadPartnerTerms(q, body.partnerId, scope), body, today),
          ),
        };
      },
    }),
    route({
      method: 'POST',
      url: 'cart/review',
      permission: readOrders,
      body: cartReviewSchema,
      summary: 'Price a cart for its partner (nothing is written)',
      description:
        "422: 'Cart is empty.', a missing exchange rate, products not available for purchase, " +
        "an unmatched use country, too little stock; 404 'Partner not found' / 'Product not found'.",
      tags: ['orders'],
      handler: async ({ body, auth }) => {
        const scope = partnerScopeOf(auth);
        const today = businessToday();
        const priced = await scoped(scope, async (q) =>
          priceOrder(q, await loadPartnerTerms(q, body.partnerId, scope), body, today),
        );
        return { data: priced.review };
      },
    }),
  ];
};
