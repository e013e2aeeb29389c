import {
  RESOURCES,
  STOCK_IMPORT_EXTENSIONS,
  STOCK_API_MESSAGES,
  deleteStockQuerySchema,
  entityHistoryQuerySchema,
  revealActivationCodeSchema,
  stockDetailSchema,
  stockIdQuerySchema,
  stockImportApplySchema,
  stockImportQuerySchema,
  stockProductListSchema,
  updateStockStatusSchema,
} from '@esim/contracts';
import { actorOf } from '../../audit';
import { csvFileName, keyedMessage, sendCsv } from '../../csv';
import { rawRoute, route } from '../../http/define-route';
import { ValidationError } from '../../http/errors';
import type { AreaRoutes } from '../types';
import { stockItemHistory } from './history';
import { createStockService } from './service';

const readStock = { resource: RESOURCES.stock, action: 'GET' } as const;

export const STOCK_EXPORT_HEADER = [
  'iccid',
  'productCode',
  'productName',
  'smdpAddress',
  'status',
  'activeExpireDate',
  'importedDate',
  'holdUntil',
] as const;

/** eSIM stock (spec section 7 'stock, stock/csv, list, detail, stock/export'; docs/stock.md). */
export const stockRoutes: AreaRoutes = (deps) => {
  const service = createStockService({ db: deps.db, config: deps.config, jobs: deps.jobs });
  return [
    route({
      method: 'POST',
      url: 'stock/list',
      permission: readStock,
      body: stockProductListSchema,
      summary: 'Stock products (stock-type suppliers) with item counts by status',
      tags: ['stock'],
      handler: async ({ body }) => ({ data: await service.listProducts(body) }),
    }),
    route({
      method: 'POST',
      url: 'stock/detail',
      permission: readStock,
      body: stockDetailSchema,
      summary: 'Stock items of a product (or all), paged: offset for `page`, keyset for `cursor`',
      description:
        'Filters: productId, status (one or many), search (ICCID), expiringWithinDays, from/to ' +
        '(imported date). Answers counts by status and nextCursor (send it back as cursor).',
      tags: ['stock'],
      handler: async ({ body }) => ({ data: await service.detail(body) }),
    }),
    rawRoute({
      method: 'GET',
      url: 'stock/export',
      permission: readStock,
      query: stockDetailSchema,
      summary: 'CSV of the stock items matching the detail filters (never activation codes)',
      tags: ['stock'],
      handler: async ({ query, reply }) =>
        sendCsv(reply, {
          fileName: csvFileName('stock'),
          header: STOCK_EXPORT_HEADER,
          rows: service.exportRows(query),
        }),
    }),
    route({
      method: 'GET',
      url: 'stock',
      permission: readStock,
      query: stockIdQuerySchema,
      summary: 'One stock item (activation code masked) and its allowed next statuses',
      tags: ['stock'],
      handler: async ({ query }) => ({ data: await service.get(query.id) }),
    }),
    route({
      method: 'PUT',
      url: 'stock',
      permission: { resource: RESOURCES.stock, action: 'PUT' },
      body: updateStockStatusSchema,
      summary: 'Change a stock item status (the matrix in docs/stock.md)',
      description:
        'A move the matrix does not allow is a 422 naming both statuses; a stale version a 409; ' +
        'holding needs holdUntil in the future.',
      tags: ['stock'],
      handler: async ({ body, auth }) => ({
        data: await service.changeStatus(body, actorOf(auth)),
        message: STOCK_API_MESSAGES.statusChanged,
      }),
    }),
    route({
      method: 'DELETE',
      url: 'stock',
      permission: { resource: RESOURCES.stock, action: 'DELETE' },
      query: deleteStockQuerySchema,
      summary: 'Remove a stock item (on hand, (temporarily) not available or wasted only)',
      tags: ['stock'],
      handler: async ({ query, auth }) => {
        await service.remove(query.id, query.version, actorOf(auth));
        return { data: { id: query.id }, message: STOCK_API_MESSAGES.deleted };
      },
    }),
    route({
      method: 'POST',
      url: 'stock/activation-code',
      permission: { resource: RESOURCES.stockActivationCode, action: 'GET' },
      body: revealActivationCodeSchema,
      summary: "Reveal a stock item's activation code (recorded in its history)",
      tags: ['stock'],
      handler: async ({ body, auth }) => ({ data: await service.reveal(body.id, actorOf(auth)) }),
    }),
    route({
      method: 'GET',
      url: 'stock/history',
      permission: readStock,
      query: entityHistoryQuerySchema,
      summary: "A stock item's audit history, newest first, its import's entry last",
      description:
        "The item's own entries (entity stockItem) and the one entry of the import that created " +
        'it (entity stockImport, id = the import id). Entries stay after the item is deleted.',
      tags: ['stock'],
      handler: async ({ query }) => ({ data: await stockItemHistory(deps.db, query) }),
    }),
    route({
      method: 'POST',
      url: 'stock/csv',
      permission: { resource: RESOURCES.stock, action: 'POST' },
      query: stockImportQuerySchema,
      summary: 'Import stock from a CSV file (raw text/csv body): dry run or apply',
      description:
        'Query: productId, fileName (.csv), dryRun (default true). Body: the file, ' +
        'Content-Type: text/csv. Large applies answer a jobId (poll stock/csv/job).',
      tags: ['stock'],
      handler: async ({ query, request, auth }) => {
        const extensions = STOCK_IMPORT_EXTENSIONS.join(', ');
        if (!STOCK_IMPORT_EXTENSIONS.some((ext) => query.fileName.toLowerCase().endsWith(ext))) {
          throw new ValidationError([
            { field: 'file', message: keyedMessage('fileExtension', { extensions }) },
          ]);
        }
        const body = request.body;
        if (!(body instanceof Uint8Array)) {
          throw new ValidationError([
            { field: 'file', message: keyedMessage('fileExtension', { extensions }) },
          ]);
        }
        const { result, message } = await service.importCsv(body, query, actorOf(auth));
        return { data: result, ...(message ? { message } : {}) };
      },
    }),
    route({
      method: 'POST',
      url: 'stock/csv/apply',
      permission: { resource: RESOURCES.stock, action: 'POST' },
      body: stockImportApplySchema,
      summary: 'Import a checked stock file: the rows its dry run staged (importId)',
      description:
        'Body: { importId } from a stock/csv dry run without row errors (staged for the user who ' +
        'checked it, 60 minutes). Large imports answer a jobId (poll stock/csv/job).',
      tags: ['stock'],
      handler: async ({ body, auth }) => {
        const { result, message } = await service.applyImport(body.importId, actorOf(auth));
        return { data: result, message };
      },
    }),
    route({
      method: 'GET',
      url: 'stock/csv/job',
      permission: readStock,
      query: stockIdQuerySchema,
      summary: 'A background stock import: status, progress, result or error',
      tags: ['stock'],
      handler: async ({ query }) => ({ data: await service.importJob(query.id) }),
    }),
  ];
};
