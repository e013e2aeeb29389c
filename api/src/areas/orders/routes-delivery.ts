import { ORDER_MESSAGES, RESOURCES, orderIdBodySchema } from '@esim/contracts';
import { actorOf } from '../../audit';
import { route } from '../../http/define-route';
import { NotFoundError } from '../../http/errors';
import { partnerScopeOf, withPartnerScope } from '../partners/public';
import type { AreaRoutes } from '../types';
import { startOrderDelivery } from './delivery';
import { resetFailedDelivery } from './delivery-retry';
import { loadOrderDetail } from './order-detail';

const tags = ['orders'];

/** Orders: supplier delivery (docs/orders.md "Supplier delivery"). */
export const deliveryRoutes: AreaRoutes = (deps) => [
  route({
    method: 'POST',
    url: 'order/retry-delivery',
    permission: { resource: RESOURCES.orders, action: 'POST' },
    body: orderIdBodySchema,
    summary: "Send a failed order's eSIMs to the supplier again",
    description:
      "The failed API items go back to 'pending' and the order to 'pending' (in its history), " +
      'then delivery starts again in the background. An item whose supplier order was placed ' +
      'keeps it: the retry reads its eSIMs, it never buys twice. 422 when the order is not ' +
      "failed; another partner's order is a 404.",
    tags,
    handler: async ({ body, auth, request }) => {
      const scope = partnerScopeOf(auth);
      const actor = actorOf(auth);
      await withPartnerScope(deps.db, scope, (tx) =>
        resetFailedDelivery(tx, body.id, scope, actor),
      );
      // The reset is committed: a lost start is picked up by the delivery sweep within minutes.
      await startOrderDelivery(deps, body.id, actor.email).catch((error: unknown) =>
        request.log.error({ err: error, orderId: body.id }, 'order delivery not restarted'),
      );
      const detail = await withPartnerScope(deps.db, scope, (tx) =>
        loadOrderDetail(tx, body.id, scope),
      );
      if (!detail) throw new NotFoundError('Order');
      return { data: detail, message: ORDER_MESSAGES.deliveryRetried };
    },
  }),
];
