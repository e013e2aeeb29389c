import { RESOURCES } from '@esim/contracts';
import { defineAuditEntity } from '../../audit';
import { partnerScopeOf } from '../partners/public';

/*
 * Audit entities of orders. The history of an order (and of its items) is read through
 * order/history, which checks the caller's partner scope against the order; the general
 * audit/history reaches them only for the reseller's own staff.
 */
const reachesAll = (auth: Parameters<typeof partnerScopeOf>[0]) => partnerScopeOf(auth).all;

export const orderAudit = defineAuditEntity('order', RESOURCES.orders, {
  reaches: (auth) => reachesAll(auth),
});

export const orderItemAudit = defineAuditEntity('orderItem', RESOURCES.orders, {
  reaches: (auth) => reachesAll(auth),
});
