import {
  ORDER_MESSAGES,
  RESOURCES,
  orderIdQuerySchema,
  orderListSchema,
  paymentIdQuerySchema,
  recordPaymentSchema,
  uuidEntityHistoryQuerySchema,
  type OrderDetail,
} from '@esim/contracts';
import { actorOf, type Queryable } from '../../audit';
import { route } from '../../http/define-route';
import { NotFoundError } from '../../http/errors';
import { partnerScopeOf, withPartnerScope, type PartnerScope } from '../partners/public';
import type { AreaRoutes } from '../types';
import { orderHistory } from './history';
import { readInScope, refuseScoped } from './order-access';
import { loadOrderDetail } from './order-detail';
import { listOrders, orderCompanies } from './order-list';
import { recordPayment, removePayment } from './payments';

const readOrders = { resource: RESOURCES.orders, action: 'GET' } as const;
const tags = ['orders'];

/** The order as OrderDetail within the scope, or 404. */
export async function orderDetailOr404(
  q: Queryable,
  id: string,
  scope: PartnerScope,
): Promise<OrderDetail> {
  const detail = await loadOrderDetail(q, id, scope);
  if (!detail) throw new NotFoundError('Order');
  return detail;
}

/** Orders: the list, one order, its history and its payments (docs/orders.md "Managing orders"). */
export const manageRoutes: AreaRoutes = ({ db }) => [
  route({
    method: 'POST',
    url: 'order/list',
    permission: readOrders,
    body: orderListSchema,
    summary: 'Orders, paged, sorted and filtered (newest first by default)',
    description:
      'Filters: paymentStatus, processingStatus, partnerId, from/to on the purchase time (calendar ' +
      'days in Asia/Tokyo), search (prefix of the order no or of the customer name, any case). ' +
      'The total of a filtered list is counted up to ORDER_COUNT_CAP (totalCapped).',
    tags,
    handler: async ({ body, auth }) => {
      const scope = partnerScopeOf(auth);
      return { data: await readInScope(db, scope, (q) => listOrders(q, body, scope)) };
    },
  }),
  route({
    method: 'GET',
    url: 'order/detail',
    permission: readOrders,
    query: orderIdQuerySchema,
    summary: 'One order with its lines, eSIMs (activation codes masked) and payments',
    tags,
    handler: async ({ query, auth }) => {
      const scope = partnerScopeOf(auth);
      return {
        data: await readInScope(db, scope, (q) => orderDetailOr404(q, query.id, scope)),
      };
    },
  }),
  route({
    method: 'GET',
    url: 'order/company-name',
    permission: readOrders,
    summary: 'Partners that have orders (the list filter), by name',
    tags,
    handler: async ({ auth }) => {
      const scope = partnerScopeOf(auth);
      return { data: await readInScope(db, scope, (q) => orderCompanies(q, scope)) };
    },
  }),
  route({
    method: 'GET',
    url: 'order/history',
    permission: readOrders,
    query: uuidEntityHistoryQuerySchema,
    summary: "An order's audit history with its eSIMs' entries, newest first",
    tags,
    handler: async ({ query, auth }) => {
      const scope = partnerScopeOf(auth);
      return { data: await readInScope(db, scope, (q) => orderHistory(q, query, scope)) };
    },
  }),
  route({
    method: 'POST',
    url: 'order/payment',
    permission: { resource: RESOURCES.orders, action: 'POST' },
    body: recordPaymentSchema,
    summary: 'Record a payment entry; the payment status follows from the entries',
    description:
      'The entries may not exceed the final price (422); a reference the order already has is a ' +
      "409. The reseller's staff only (a partner's own staff: 403).",
    tags,
    handler: async ({ body, auth }) => {
      const scope = partnerScopeOf(auth);
      refuseScoped(scope);
      const data = await withPartnerScope(db, scope, async (tx) => {
        await recordPayment(tx, body, scope, actorOf(auth));
        return orderDetailOr404(tx, body.orderId, scope);
      });
      return { data, message: ORDER_MESSAGES.paymentRecorded };
    },
  }),
  route({
    method: 'DELETE',
    url: 'order/payment',
    permission: { resource: RESOURCES.orders, action: 'DELETE' },
    query: paymentIdQuerySchema,
    summary: 'Remove a wrongly recorded payment entry',
    tags,
    handler: async ({ query, auth }) => {
      const scope = partnerScopeOf(auth);
      refuseScoped(scope);
      const data = await withPartnerScope(db, scope, async (tx) => {
        const orderId = await removePayment(tx, query.id, scope, actorOf(auth));
        return orderDetailOr404(tx, orderId, scope);
      });
      return { data, message: ORDER_MESSAGES.paymentRemoved };
    },
  }),
];
