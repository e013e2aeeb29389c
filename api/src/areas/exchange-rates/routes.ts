import {
  RESOURCES,
  createExchangeRateSchema,
  csvImportSchema,
  currentExchangeRatesQuerySchema,
  exchangeRateListSchema,
} from '@esim/contracts';
import { actorOf } from '../../audit';
import { historyRoute } from '../../audit/routes';
import { route } from '../../http/define-route';
import type { AreaRoutes } from '../types';
import { EXCHANGE_RATE_MESSAGES, createExchangeRateService, exchangeRateAudit } from './service';

const readRates = { resource: RESOURCES.exchangeRates, action: 'GET' } as const;
const createRates = { resource: RESOURCES.exchangeRates, action: 'POST' } as const;

/** Exchange rates to JPY (spec section 7 'exchange rate'; docs/api.md). */
export const exchangeRateRoutes: AreaRoutes = ({ db }) => {
  const service = createExchangeRateService(db);
  return [
    route({
      method: 'POST',
      url: 'exchange-rate',
      permission: createRates,
      body: createExchangeRateSchema,
      status: 201,
      summary: 'Add an exchange rate (1 unit of currency = rate JPY from effectiveDate on)',
      description:
        'History is kept; the rate becomes current on its effective date. Rate > 0, at most 6 ' +
        'decimals, never exactly 1; the currency must be an active one other than JPY.',
      tags: ['exchange-rates'],
      handler: async ({ body, auth }) => ({
        data: await service.create(body, actorOf(auth)),
        message: EXCHANGE_RATE_MESSAGES.created,
      }),
    }),
    route({
      method: 'POST',
      url: 'exchange-rate/list',
      permission: readRates,
      body: exchangeRateListSchema,
      summary: 'Exchange-rate history, paged (newest effective date first by default)',
      description: 'from/to filter the effective date (inclusive); currency one currency.',
      tags: ['exchange-rates'],
      handler: async ({ body }) => ({ data: await service.list(body) }),
    }),
    route({
      method: 'GET',
      url: 'exchange-rate/current',
      permission: readRates,
      query: currentExchangeRatesQuerySchema,
      summary: 'The current rate of every active currency that has one',
      description: 'at=yyyy-MM-dd: the rates current on that day (default today, Asia/Tokyo).',
      tags: ['exchange-rates'],
      handler: async ({ query }) => ({ data: await service.current(query.at) }),
    }),
    route({
      method: 'POST',
      url: 'exchange-rate/import',
      permission: createRates,
      body: csvImportSchema,
      summary: 'Import rates from CSV (currency,rate,effectiveDate): dry run, then apply',
      description:
        'dryRun true (default): the parsed rows and row-level errors, nothing saved. dryRun false: ' +
        'all rows in one transaction, or none (400 with one error per row problem, field rows.<row>.<column>).',
      tags: ['exchange-rates'],
      handler: async ({ body, auth }) => {
        const result = await service.import(body, actorOf(auth));
        return {
          data: result,
          message: result.dryRun
            ? EXCHANGE_RATE_MESSAGES.checked
            : EXCHANGE_RATE_MESSAGES.imported({ count: result.imported }),
        };
      },
    }),
    historyRoute(db, {
      url: 'exchange-rate/history',
      entity: exchangeRateAudit,
      tags: ['exchange-rates'],
      summary: "An exchange rate's audit history",
    }),
  ];
};
