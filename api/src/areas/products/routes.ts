import {
  PRODUCT_API_MESSAGES,
  RESOURCES,
  createProductSchema,
  editSellingPriceSchema,
  editSpecialPriceSchema,
  productIdQuerySchema,
  productLabelsSchema,
  productListSchema,
  productPriceListSchema,
  updateProductSchema,
} from '@esim/contracts';
import { actorOf } from '../../audit';
import { historyRoute } from '../../audit/routes';
import { csvFileName, sendCsv } from '../../csv';
import { rawRoute, route } from '../../http/define-route';
import type { AreaRoutes } from '../types';
import { productAudit } from './audit';
import { createProductService } from './service';

const readProducts = { resource: RESOURCES.products, action: 'GET' } as const;
const writeProducts = { resource: RESOURCES.products, action: 'PUT' } as const;
const readPrices = { resource: RESOURCES.productPrices, action: 'GET' } as const;

/** Products and product prices (spec section 7 'Product'; docs/products.md). */
export const productRoutes: AreaRoutes = (deps) => {
  const service = createProductService(deps);
  return [
    route({
      method: 'POST',
      url: 'product/list',
      permission: readProducts,
      body: productListSchema,
      summary: 'Products, priced at today’s rate, paged, sorted and filtered',
      description:
        'Filters: search (code, name, ICCID), supplierId, category, country (coverage), type, ' +
        'network, label, status, from/to (created). Sorted in PostgreSQL by any whitelisted ' +
        'column, gross profit included. A currency of the selection without a current rate is ' +
        'a 422 naming the pair (as tariff/product-list).',
      tags: ['products'],
      handler: async ({ body }) => ({ data: await service.list(body) }),
    }),
    rawRoute({
      method: 'GET',
      url: 'product/export',
      permission: readProducts,
      query: productListSchema,
      summary: 'CSV of the products matching the list filters (UTF-8 with BOM, formula-safe)',
      description: 'Same query as product/list (page and pageSize are ignored).',
      tags: ['products'],
      handler: async ({ query, reply }) => {
        const { header, rows } = await service.exportCsv(query);
        return sendCsv(reply, { fileName: csvFileName('products'), header, rows });
      },
    }),
    route({
      method: 'GET',
      url: 'product/label/list',
      permission: readProducts,
      summary: 'Every label in use with its product count (for filters)',
      tags: ['products'],
      handler: async () => ({ data: await service.labelList() }),
    }),
    route({
      method: 'GET',
      url: 'product',
      permission: readProducts,
      query: productIdQuerySchema,
      summary: 'One product: every field, priced, with its price in every tariff code',
      description: 'costJpy (and the prices computed from it) are null when the rate is missing.',
      tags: ['products'],
      handler: async ({ query }) => ({ data: await service.get(query.id) }),
    }),
    route({
      method: 'POST',
      url: 'product',
      permission: { resource: RESOURCES.products, action: 'POST' },
      body: createProductSchema,
      status: 201,
      summary: 'Create a product of a stock-type supplier',
      description:
        "A product code (or ICCID) already taken is a 409 'Name already existed in the database.'; " +
        'an API supplier is a 422 (its products come from the supplier sync).',
      tags: ['products'],
      handler: async ({ body, auth }) => ({
        data: await service.create(body, actorOf(auth)),
        message: PRODUCT_API_MESSAGES.created,
      }),
    }),
    route({
      method: 'PUT',
      url: 'product',
      permission: writeProducts,
      body: updateProductSchema,
      summary: 'Update a product (every field but prices and labels, with its version)',
      description: 'A stale version is a 409.',
      tags: ['products'],
      handler: async ({ body, auth }) => ({
        data: await service.update(body, actorOf(auth)),
        message: PRODUCT_API_MESSAGES.updated,
      }),
    }),
    route({
      method: 'PUT',
      url: 'product/edit-selling-price',
      permission: writeProducts,
      body: editSellingPriceSchema,
      summary: 'Set the selling price (above the cost at today’s rate)',
      description:
        "At or below the cost in JPY: 400 'Selling Price must be greater than Cost Price.'; no " +
        'rate: 422; a stale version: 409.',
      tags: ['products'],
      handler: async ({ body, auth }) => ({
        data: await service.editSellingPrice(body, actorOf(auth)),
        message: PRODUCT_API_MESSAGES.sellingPriceUpdated,
      }),
    }),
    route({
      method: 'PUT',
      url: 'product/edit-special-price',
      permission: writeProducts,
      body: editSpecialPriceSchema,
      summary: 'Set or clear (null) the special price and its validity period',
      description:
        'Above the cost at today’s rate; specialFrom <= specialTo; specialTo not before today ' +
        "('Dates must be equal to or later than the current date.'); a stale version: 409.",
      tags: ['products'],
      handler: async ({ body, auth }) => ({
        data: await service.editSpecialPrice(body, actorOf(auth)),
        message:
          body.specialPriceJpy === null
            ? PRODUCT_API_MESSAGES.specialPriceCleared
            : PRODUCT_API_MESSAGES.specialPriceUpdated,
      }),
    }),
    route({
      method: 'PUT',
      url: 'product/label',
      permission: writeProducts,
      body: productLabelsSchema,
      summary: 'Replace a product’s labels',
      description:
        'Trimmed, deduplicated ignoring case, 1..50 characters each, at most 20; a label already ' +
        'in use elsewhere keeps its spelling.',
      tags: ['products'],
      handler: async ({ body, auth }) => ({
        data: await service.setLabels(body, actorOf(auth)),
        message: PRODUCT_API_MESSAGES.labelsUpdated,
      }),
    }),
    historyRoute(deps.db, {
      url: 'product/history',
      entity: productAudit,
      tags: ['products'],
      summary: "A product's audit history (fields and prices, old and new, who and when)",
    }),
    route({
      method: 'GET',
      url: 'product/prices',
      permission: readPrices,
      query: productIdQuerySchema,
      summary: 'One product’s prices in every tariff code (/products-price/detail)',
      tags: ['product prices'],
      handler: async ({ query }) => ({ data: await service.prices(query.id) }),
    }),
    route({
      method: 'POST',
      url: 'product/price/list',
      permission: readPrices,
      body: productPriceListSchema,
      summary: 'The price list across products (and one tariff code), sorted in PostgreSQL',
      description:
        'Filters: search, supplierId, category, country, type, network, status; tariffCodeId ' +
        'adds that code’s price and gross profit columns (sortable too).',
      tags: ['product prices'],
      handler: async ({ body }) => ({ data: await service.priceList(body) }),
    }),
    rawRoute({
      method: 'GET',
      url: 'product/price/export',
      permission: readPrices,
      query: productPriceListSchema,
      summary: 'CSV of the price list (UTF-8 with BOM, formula-safe)',
      description: 'Same query as product/price/list (page and pageSize are ignored).',
      tags: ['product prices'],
      handler: async ({ query, reply }) => {
        const { header, rows } = await service.priceExportCsv(query);
        return sendCsv(reply, { fileName: csvFileName('product-prices'), header, rows });
      },
    }),
  ];
};
