import {
  RESOURCES,
  SYNC_API_MESSAGES,
  externalStockListSchema,
  externalSupplierListSchema,
  syncApplySchema,
  syncGetQuerySchema,
  syncListSchema,
} from '@esim/contracts';
import { actorOf } from '../../audit';
import { route } from '../../http/define-route';
import type { AreaRoutes } from '../types';
import { createSupplierSyncService } from './service';

const tags = ['supplier-sync'];
const readProducts = { resource: RESOURCES.products, action: 'GET' } as const;
const readStock = { resource: RESOURCES.stock, action: 'GET' } as const;

/**
 * Supplier sync (spec section 7 Product 'external/product-for-update and its list;
 * external/product/get', Stock 'external/list, external/stock/list'; docs/supplier-sync.md).
 */
export const supplierSyncRoutes: AreaRoutes = (deps) => {
  const service = createSupplierSyncService(deps);
  return [
    route({
      method: 'POST',
      url: 'product/external/product-for-update/list',
      permission: readProducts,
      body: syncListSchema,
      summary: "The supplier's products that are new or changed against ours, field by field",
      description:
        "Fetches the supplier's whole catalogue through its connector and stores it as the " +
        'snapshot PUT product/external/product-for-update applies. filter: all (new and changed), ' +
        'new or changed. A supplier failure is a 502 (504: timeout) and changes nothing.',
      tags,
      handler: async ({ body }) => ({ data: await service.list(body) }),
    }),
    route({
      method: 'GET',
      url: 'product/external/product/get',
      permission: readProducts,
      query: syncGetQuerySchema,
      summary: 'One supplier product (fetched now) beside ours',
      tags,
      handler: async ({ query }) => ({ data: await service.get(query) }),
    }),
    route({
      method: 'PUT',
      url: 'product/external/product-for-update',
      permission: { resource: RESOURCES.products, action: 'PUT' },
      body: syncApplySchema,
      summary: 'Accept supplier products (one or many): create the new ones, update the changed',
      description:
        'Each item names a supplier product and the hash it was shown with; when the stored ' +
        "snapshot has moved on the call is a 409 ('reload') and nothing changes. Every change is " +
        "in the product's history with its old and new values. One transaction.",
      tags,
      handler: async ({ body, auth }) => ({
        data: await service.apply(body, actorOf(auth)),
        message: SYNC_API_MESSAGES.synced,
      }),
    }),
    route({
      method: 'POST',
      url: 'stock/external/list',
      permission: readStock,
      body: externalSupplierListSchema,
      summary: 'Suppliers with delivery type api, with their connector state and eSIM count',
      tags,
      handler: async ({ body }) => ({ data: await service.externalSuppliers(body) }),
    }),
    route({
      method: 'POST',
      url: 'stock/external/stock/list',
      permission: readStock,
      body: externalStockListSchema,
      summary: 'The eSIMs held at an API supplier, paged (activation codes masked)',
      tags,
      handler: async ({ body }) => ({ data: await service.externalStock(body) }),
    }),
  ];
};
