import { ORDER_MESSAGES, RESOURCES, orderRequestSchema } from '@esim/contracts';
import { route } from '../../http/define-route';
import type { AreaRoutes } from '../types';
import { idempotencyKeyOf } from './idempotency';
import { createPurchaseService } from './purchase';

/** The purchase (docs/orders.md "Purchase that never oversells"). */
export const purchaseRoutes: AreaRoutes = (deps) => {
  const purchases = createPurchaseService(deps);
  return [
    route({
      method: 'POST',
      url: 'order',
      permission: { resource: RESOURCES.orders, action: 'POST' },
      body: orderRequestSchema,
      status: 201,
      summary: "Purchase: place the order (header Idempotency-Key: the cart's key)",
      description:
        'Stock lines take on-hand items at once; supplier lines are delivered afterwards. The ' +
        'same key with the same request answers the same order (200); with another request 409. ' +
        "400 without a valid Idempotency-Key; 422 as cart/review, and 'Current products not " +
        "available for purchase' when the stock ran out meanwhile (nothing is kept).",
      tags: ['orders'],
      handler: async ({ body, auth, request }) => {
        const key = idempotencyKeyOf(request);
        const outcome = await purchases.purchase(auth, key, body, request.log);
        return {
          data: outcome.detail,
          message: ORDER_MESSAGES.purchased({ orderNo: outcome.detail.orderNo }),
          ...(outcome.created ? {} : { status: 200 }),
        };
      },
    }),
  ];
};
