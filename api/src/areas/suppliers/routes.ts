import {
  RESOURCES,
  createSupplierSchema,
  deleteSupplierQuerySchema,
  supplierIdQuerySchema,
  supplierListSchema,
  updateSupplierSchema,
} from '@esim/contracts';
import { actorOf } from '../../audit';
import { historyRoute } from '../../audit/routes';
import { csvFileName, sendCsv } from '../../csv';
import { rawRoute, route } from '../../http/define-route';
import type { AreaRoutes } from '../types';
import { SUPPLIER_MESSAGES, createSupplierService, supplierAudit } from './service';

const readSuppliers = { resource: RESOURCES.suppliers, action: 'GET' } as const;

/** Suppliers (spec section 7 'supplier, supplier/list'; docs/api.md). */
export const supplierRoutes: AreaRoutes = (deps) => {
  const service = createSupplierService(deps);
  return [
    route({
      method: 'POST',
      url: 'supplier/list',
      permission: readSuppliers,
      body: supplierListSchema,
      summary: 'Suppliers, paged, sorted and filtered',
      description:
        'Filters: status, deliveryType, currency, search (name, abbreviation, company, contact, ' +
        'e-mail), from/to on the created date. Default order: newest first.',
      tags: ['suppliers'],
      handler: async ({ body }) => ({ data: await service.list(body) }),
    }),
    rawRoute({
      method: 'GET',
      url: 'supplier/export',
      permission: readSuppliers,
      query: supplierListSchema,
      summary: 'CSV of the suppliers matching the list filters (UTF-8 with BOM, formula-safe)',
      description:
        'Same query as supplier/list (page and pageSize are ignored). Never contains API keys.',
      tags: ['suppliers'],
      handler: async ({ query, reply }) => {
        const { header, rows } = service.exportCsv(query);
        return sendCsv(reply, { fileName: csvFileName('suppliers'), header, rows });
      },
    }),
    route({
      method: 'GET',
      url: 'supplier',
      permission: readSuppliers,
      query: supplierIdQuerySchema,
      summary: 'One supplier (the API key only as apiKeySet)',
      tags: ['suppliers'],
      handler: async ({ query }) => ({ data: await service.get(query.id) }),
    }),
    route({
      method: 'POST',
      url: 'supplier',
      permission: { resource: RESOURCES.suppliers, action: 'POST' },
      body: createSupplierSchema,
      status: 201,
      summary: 'Create a supplier',
      description:
        "A name already taken (case-insensitive) is a 409 'Name already existed in the database.'",
      tags: ['suppliers'],
      handler: async ({ body, auth }) => ({
        data: await service.create(body, actorOf(auth)),
        message: SUPPLIER_MESSAGES.created,
      }),
    }),
    route({
      method: 'PUT',
      url: 'supplier',
      permission: { resource: RESOURCES.suppliers, action: 'PUT' },
      body: updateSupplierSchema,
      summary: 'Update a supplier (the whole record, with the version it was loaded at)',
      description:
        'A stale version is a 409. apiKey: a value replaces it, null clears it, absent keeps it.',
      tags: ['suppliers'],
      handler: async ({ body, auth }) => ({
        data: await service.update(body, actorOf(auth)),
        message: SUPPLIER_MESSAGES.updated,
      }),
    }),
    route({
      method: 'DELETE',
      url: 'supplier',
      permission: { resource: RESOURCES.suppliers, action: 'DELETE' },
      query: deleteSupplierQuerySchema,
      summary: 'Delete a supplier nothing refers to',
      description: 'A supplier that products refer to is a 422 (set it inactive instead).',
      tags: ['suppliers'],
      handler: async ({ query, auth }) => {
        await service.remove(query.id, query.version, actorOf(auth));
        return { data: { id: query.id }, message: SUPPLIER_MESSAGES.deleted };
      },
    }),
    route({
      method: 'POST',
      url: 'supplier/test-connection',
      permission: { resource: RESOURCES.suppliers, action: 'PUT' },
      query: supplierIdQuerySchema,
      summary: "Check that the supplier's API answers (GET with a 5 s timeout)",
      description:
        'Needs PUT on suppliers (it uses the stored API key). 200 with { ok, status, latencyMs, url, error }.',
      tags: ['suppliers'],
      handler: async ({ query }) => ({ data: await service.testConnection(query.id) }),
    }),
    historyRoute(deps.db, {
      url: 'supplier/history',
      entity: supplierAudit,
      tags: ['suppliers'],
      summary: "A supplier's audit history",
    }),
  ];
};
