import {
  ORDER_MESSAGES,
  RESOURCES,
  orderItemIdQuerySchema,
  removeOrderItemQuerySchema,
  returnToStockSchema,
  revealOrderItemCodeSchema,
} from '@esim/contracts';
import { actorOf } from '../../audit';
import { route } from '../../http/define-route';
import { partnerScopeOf, withPartnerScope } from '../partners/public';
import type { AreaRoutes } from '../types';
import { readInScope, refuseScoped } from './order-access';
import {
  findOrderItem,
  removeOrderItem,
  revealActivationCode,
  toOrderItemDetail,
} from './order-items';
import { returnToStock } from './return-to-stock';

const tags = ['orders'];

/** Orders: one eSIM of an order (docs/orders.md "Managing orders"). */
export const itemsRoutes: AreaRoutes = ({ db, config }) => [
  route({
    method: 'GET',
    url: 'order/item',
    permission: { resource: RESOURCES.orders, action: 'GET' },
    query: orderItemIdQuerySchema,
    summary: 'One eSIM of an order (activation code masked)',
    tags,
    handler: async ({ query, auth }) => {
      const scope = partnerScopeOf(auth);
      const row = await readInScope(db, scope, (q) => findOrderItem(q, query.id, scope));
      return { data: toOrderItemDetail(row) };
    },
  }),
  route({
    method: 'POST',
    url: 'order/item/activation-code',
    permission: { resource: RESOURCES.orderActivationCode, action: 'GET' },
    body: revealOrderItemCodeSchema,
    summary: "Reveal an eSIM's activation code (recorded in the order's history)",
    tags,
    handler: async ({ body, auth }) => {
      const scope = partnerScopeOf(auth);
      const data = await withPartnerScope(db, scope, (tx) =>
        revealActivationCode(tx, config, body.id, scope, actorOf(auth)),
      );
      return { data };
    },
  }),
  route({
    method: 'POST',
    url: 'order/item/return-to-stock',
    permission: { resource: RESOURCES.orders, action: 'PUT' },
    body: returnToStockSchema,
    summary: 'Return a delivered stock eSIM: its stock item goes on hand or is wasted',
    description:
      'Only a delivered eSIM taken from stock (else 422); a stale version is a 409. Recorded in ' +
      "the order item's and the stock item's history. The reseller's staff only (403 otherwise).",
    tags,
    handler: async ({ body, auth }) => {
      const scope = partnerScopeOf(auth);
      refuseScoped(scope);
      const row = await withPartnerScope(db, scope, async (tx) => {
        await returnToStock(tx, body, scope, actorOf(auth));
        return findOrderItem(tx, body.id, scope);
      });
      return {
        data: toOrderItemDetail(row),
        message:
          body.returnTo === 'on_hand' ? ORDER_MESSAGES.returnedToStock : ORDER_MESSAGES.wasted,
      };
    },
  }),
  route({
    method: 'DELETE',
    url: 'order/item',
    permission: { resource: RESOURCES.orders, action: 'DELETE' },
    query: removeOrderItemQuerySchema,
    summary: 'Remove a failed or returned eSIM from its order',
    description: "Other statuses are a 422; a stale version a 409. The reseller's staff only.",
    tags,
    handler: async ({ query, auth }) => {
      const scope = partnerScopeOf(auth);
      refuseScoped(scope);
      const row = await withPartnerScope(db, scope, async (tx) => {
        await removeOrderItem(tx, query, scope, actorOf(auth));
        return findOrderItem(tx, query.id, scope);
      });
      return { data: toOrderItemDetail(row), message: ORDER_MESSAGES.itemRemoved };
    },
  }),
];
