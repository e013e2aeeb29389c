import { ORDER_MESSAGES, RESOURCES, csvImportSchema, orderListSchema } from '@esim/contracts';
import { actorOf } from '../../audit';
import { csvFileName, sendCsv } from '../../csv';
import { rawRoute, route } from '../../http/define-route';
import { partnerScopeOf } from '../partners/public';
import type { AreaRoutes } from '../types';
import { refuseScoped } from './order-access';
import { exportOrderItems, exportOrders, exportRevenue } from './order-export';
import { importRevenue } from './revenue-import';

const readOrders = { resource: RESOURCES.orders, action: 'GET' } as const;
const tags = ['orders'];
const sameQuery =
  'Same query as order/list (page and pageSize ignored); newest first, oldest first with ' +
  'sort=purchasedAt&order=asc. UTF-8 with BOM, formula-safe cells, streamed.';

/** Orders: the CSV exports and the revenue import (docs/orders.md "Exports and revenue import"). */
export const revenueRoutes: AreaRoutes = ({ db }) => [
  rawRoute({
    method: 'GET',
    url: 'order/export-csv',
    permission: readOrders,
    query: orderListSchema,
    summary: 'CSV of the orders matching the list filters, one row per order',
    description: sameQuery,
    tags,
    handler: async ({ query, reply, auth }) => {
      const { header, rows } = exportOrders(db, query, partnerScopeOf(auth));
      return sendCsv(reply, { fileName: csvFileName('orders'), header, rows });
    },
  }),
  rawRoute({
    method: 'GET',
    url: 'order/export-csv/detail',
    permission: readOrders,
    query: orderListSchema,
    summary: 'CSV of the eSIMs of the orders matching the list filters (never activation codes)',
    description: sameQuery,
    tags,
    handler: async ({ query, reply, auth }) => {
      const { header, rows } = exportOrderItems(db, query, partnerScopeOf(auth));
      return sendCsv(reply, { fileName: csvFileName('order-esims'), header, rows });
    },
  }),
  rawRoute({
    method: 'GET',
    url: 'order/revenue/export',
    permission: readOrders,
    query: orderListSchema,
    summary: 'CSV of revenue per order: cost, prices, discount, tax, paid, gross profit',
    description: `${sameQuery} Gross profit = sub total - discount - purchase price.`,
    tags,
    handler: async ({ query, reply, auth }) => {
      const { header, rows } = exportRevenue(db, query, partnerScopeOf(auth));
      return sendCsv(reply, { fileName: csvFileName('revenue'), header, rows });
    },
  }),
  route({
    method: 'POST',
    url: 'order/revenue/import',
    permission: { resource: RESOURCES.orders, action: 'POST' },
    body: csvImportSchema,
    summary: 'Import payment entries by order no (orderNo,amount,paidOn,method,reference)',
    description:
      'dryRun true (default): the parsed rows and row errors, nothing saved. dryRun false: every ' +
      'entry in one transaction, or none (400, field rows.<row>.<column>). Row errors: unknown ' +
      'order no, a reference the order already has (in the file or recorded), entries beyond the ' +
      "order's final price. The reseller's staff only (403 otherwise).",
    tags,
    handler: async ({ body, auth }) => {
      refuseScoped(partnerScopeOf(auth));
      const result = await importRevenue(db, body, actorOf(auth));
      return {
        data: result,
        message: result.dryRun
          ? ORDER_MESSAGES.revenueChecked
          : ORDER_MESSAGES.revenueImported({ count: result.imported }),
      };
    },
  }),
];
