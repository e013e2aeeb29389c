import { SUPPLIER_CALL_RETRY } from '../../jobs';
import type { AreaModule, AreaRoutes } from '../types';
import { ORDER_DELIVERY_JOB } from './delivery';
import { orderDeliveryHandler } from './delivery-job';
import { ORDER_DELIVERY_SWEEP } from './delivery-sweep';
import {
  ORDER_DOCUMENT_BATCH_JOB,
  ORDER_DOCUMENT_BATCH_POLICY,
  documentBatchHandler,
} from './documents-batch';
import { cartRoutes } from './routes-cart';
import { deliveryRoutes } from './routes-delivery';
import { documentRoutes } from './routes-documents';
import { itemsRoutes } from './routes-items';
import { manageRoutes } from './routes-manage';
import { purchaseRoutes } from './routes-purchase';
import { revenueRoutes } from './routes-revenue';

const orderRoutes: AreaRoutes = (deps) => [
  ...cartRoutes(deps),
  ...purchaseRoutes(deps),
  ...manageRoutes(deps),
  ...itemsRoutes(deps),
  ...revenueRoutes(deps),
  ...deliveryRoutes(deps),
  ...documentRoutes(deps),
];

/**
 * Orders (issue 15, docs/orders.md): cart, purchase, delivery, management, revenue; their
 * documents (issue 16, docs/documents.md "Order documents").
 */
export const ordersModule: AreaModule = {
  name: 'orders',
  routes: orderRoutes,
  jobs: [
    {
      kind: ORDER_DELIVERY_JOB,
      // A supplier call: retried with backoff, then failed for staff to retry.
      policy: SUPPLIER_CALL_RETRY,
      description: "API products to the supplier (eSIM Go), the eSIMs onto the order's items",
      handler: (deps) => orderDeliveryHandler(deps),
    },
    {
      kind: ORDER_DOCUMENT_BATCH_JOB,
      // Never retried: what it issued stays issued.
      policy: ORDER_DOCUMENT_BATCH_POLICY,
      description: 'One invoice or receipt per order of a document batch',
      handler: (deps) => documentBatchHandler(deps),
    },
  ],
  scheduled: [ORDER_DELIVERY_SWEEP],
};
