import {
  RESOURCES,
  TARIFF_API_MESSAGES,
  copyTariffProductsSchema,
  copyTariffSchema,
  createTariffCodeSchema,
  createTariffGroupSchema,
  uuidEntityHistoryQuerySchema,
  tariffIdQuerySchema,
  tariffImportSchema,
  tariffListSchema,
  tariffProductListSchema,
  tariffProductPriceSchema,
  tariffProfileQuerySchema,
  tariffRelationQuerySchema,
  updateTariffCodeSchema,
  updateTariffGroupSchema,
} from '@esim/contracts';
import { actorOf } from '../../audit';
import { route } from '../../http/define-route';
import type { AreaRoutes } from '../types';
import { createTariffPriceService } from './price-service';
import { createTariffService } from './service';

const read = { resource: RESOURCES.tariffs, action: 'GET' } as const;
const create = { resource: RESOURCES.tariffs, action: 'POST' } as const;
const update = { resource: RESOURCES.tariffs, action: 'PUT' } as const;
const remove = { resource: RESOURCES.tariffs, action: 'DELETE' } as const;
const tags = ['tariffs'];

/**
 * Tariffs (spec section 7 "Tariff"; docs/pricing.md "Calls"): tariff groups (profiles) at
 * tariff/group + tariff/profile-detail, tariff codes at tariff, their prices at tariff/product-*,
 * copies, import, relation and history.
 */
export const tariffRoutes: AreaRoutes = (deps) => {
  const service = createTariffService(deps);
  const prices = createTariffPriceService(deps);
  return [
    // ---------------------------------------------------------------- lists and reads
    route({
      method: 'POST',
      url: 'tariff/list',
      permission: read,
      body: tariffListSchema,
      summary: 'Tariff groups (profiles) with their codes, paged',
      description:
        'search matches a group code, its name or any of its tariff codes; from/to the creation date.',
      tags,
      handler: async ({ body }) => ({ data: await service.listGroups(body) }),
    }),
    route({
      method: 'GET',
      url: 'tariff/profile-detail',
      permission: read,
      query: tariffProfileQuerySchema,
      summary: 'One tariff group (profile) with its rule and codes',
      tags,
      handler: async ({ query }) => ({ data: await service.getProfile(query) }),
    }),
    route({
      method: 'GET',
      url: 'tariff',
      permission: read,
      query: tariffIdQuerySchema,
      summary: 'One tariff code with its overrides, effective rule and group',
      tags,
      handler: async ({ query }) => ({ data: await service.getCode(query.id) }),
    }),
    route({
      method: 'POST',
      url: 'tariff/product-list',
      permission: read,
      body: tariffProductListSchema,
      summary: "A tariff code's products with cost in JPY, computed, manual and selling prices",
      description:
        "Computed in PostgreSQL at today's exchange rates; sortable by any column, including the " +
        'computed price and the gross profit. A product currency without a rate: 422 naming the pair.',
      tags,
      handler: async ({ body }) => ({ data: await prices.list(body) }),
    }),
    route({
      method: 'GET',
      url: 'tariff/relation',
      permission: read,
      query: tariffRelationQuerySchema,
      summary: 'Partners and branches that use a tariff code',
      description: 'The partners assigned to the code (branches: empty until that area exists).',
      tags,
      handler: async ({ query }) => ({ data: await service.relation(query.code) }),
    }),
    route({
      method: 'GET',
      url: 'tariff/history',
      permission: read,
      query: uuidEntityHistoryQuerySchema,
      summary: 'Audit history of a tariff group or code, newest first',
      description: "A code's manual price changes are its fields 'price.<productCode>'.",
      tags,
      handler: async ({ query }) => ({ data: await service.history(query) }),
    }),

    // ---------------------------------------------------------------- groups
    route({
      method: 'POST',
      url: 'tariff/group',
      permission: create,
      body: createTariffGroupSchema,
      status: 201,
      summary: 'Create a tariff group (tariff profile)',
      description:
        'Rule fields left out come from importFrom (another group) or the defaults (cost, 40, 0, 0, auto). ' +
        "A tariffGroup taken (case-insensitive) is a 409 'Name already existed in the database.'",
      tags,
      handler: async ({ body, auth }) => ({
        data: await service.createGroup(body, actorOf(auth)),
        message: TARIFF_API_MESSAGES.groupCreated,
      }),
    }),
    route({
      method: 'PUT',
      url: 'tariff/group',
      permission: update,
      body: updateTariffGroupSchema,
      summary: 'Update a tariff group (tariff profile)',
      description: 'Optimistic concurrency: `version` must be the current one, else 409.',
      tags,
      handler: async ({ body, auth }) => ({
        data: await service.updateGroup(body, actorOf(auth)),
        message: TARIFF_API_MESSAGES.groupUpdated,
      }),
    }),
    route({
      method: 'DELETE',
      url: 'tariff/group',
      permission: remove,
      query: tariffIdQuerySchema,
      summary: 'Delete a tariff group without codes',
      description: 'A group that still has tariff codes is refused (422).',
      tags,
      handler: async ({ query, auth }) => ({
        data: await service.deleteGroup(query.id, actorOf(auth)),
        message: TARIFF_API_MESSAGES.groupDeleted,
      }),
    }),

    // ---------------------------------------------------------------- codes
    route({
      method: 'POST',
      url: 'tariff',
      permission: create,
      body: createTariffCodeSchema,
      status: 201,
      summary: 'Create a tariff code in a group',
      description:
        "Overrides left out or null inherit the group's rule. Codes are unique across groups (409).",
      tags,
      handler: async ({ body, auth }) => ({
        data: await service.createCode(body, actorOf(auth)),
        message: TARIFF_API_MESSAGES.codeCreated,
      }),
    }),
    route({
      method: 'PUT',
      url: 'tariff',
      permission: update,
      body: updateTariffCodeSchema,
      summary: "Update a tariff code (name, description, overrides; null = the group's)",
      description: 'Optimistic concurrency: `version` must be the current one, else 409.',
      tags,
      handler: async ({ body, auth }) => ({
        data: await service.updateCode(body, actorOf(auth)),
        message: TARIFF_API_MESSAGES.codeUpdated,
      }),
    }),
    route({
      method: 'DELETE',
      url: 'tariff',
      permission: remove,
      query: tariffIdQuerySchema,
      summary: 'Delete a tariff code with its manual prices',
      tags,
      handler: async ({ query, auth }) => ({
        data: await service.deleteCode(query.id, actorOf(auth)),
        message: TARIFF_API_MESSAGES.codeDeleted,
      }),
    }),
    route({
      method: 'POST',
      url: 'tariff/copy',
      permission: create,
      body: copyTariffSchema,
      status: 201,
      summary: 'Copy a tariff code (overrides and manual prices) into a new code',
      tags,
      handler: async ({ body, auth }) => ({
        data: await service.copyCode(body, actorOf(auth)),
        message: TARIFF_API_MESSAGES.codeCopied,
      }),
    }),

    // ---------------------------------------------------------------- prices
    route({
      method: 'PUT',
      url: 'tariff/product-price',
      permission: update,
      body: tariffProductPriceSchema,
      summary: 'Set or clear (null) the manual price of a product in a tariff code',
      description:
        "Must be above the product's cost in JPY at today's rate: else 400 " +
        "'Selling Price must be greater than Cost Price.'",
      tags,
      handler: async ({ body, auth }) => ({
        data: await prices.setProductPrice(body, actorOf(auth)),
        message:
          body.sellingPriceJpy === null
            ? TARIFF_API_MESSAGES.priceCleared
            : TARIFF_API_MESSAGES.priceSaved,
      }),
    }),
    route({
      method: 'POST',
      url: 'tariff/copy-product',
      permission: update,
      body: copyTariffProductsSchema,
      summary: 'Copy manual prices from one tariff code to another (all or selected products)',
      tags,
      handler: async ({ body, auth }) => ({
        data: await prices.copyProducts(body, actorOf(auth)),
        message: TARIFF_API_MESSAGES.pricesCopied,
      }),
    }),
    route({
      method: 'POST',
      url: 'tariff/import',
      permission: update,
      body: tariffImportSchema,
      summary: 'Import manual prices from CSV (dry run first, then all or nothing)',
      description:
        'Columns productCode,sellingPriceJpy. dryRun (default true) answers every row with its ' +
        'errors; dryRun false applies in one transaction or answers 400 with the row errors.',
      tags,
      handler: async ({ body, auth }) => ({
        data: await prices.importPrices(body, actorOf(auth)),
        ...(body.dryRun ? {} : { message: TARIFF_API_MESSAGES.imported }),
      }),
    }),
  ];
};
