import {
  RESOURCES,
  createCurrencySchema,
  currencyListSchema,
  updateCurrencySchema,
} from '@esim/contracts';
import { actorOf } from '../../audit';
import { route } from '../../http/define-route';
import type { AreaRoutes } from '../types';
import { CURRENCY_MESSAGES, createCurrencyService } from './service';

/**
 * The currency list (roundCurrency), managed with the exchange rates (permission: the
 * exchangeRates resource). Everyone signed in reads it through utils/model/list.
 */
export const currencyRoutes: AreaRoutes = ({ db }) => {
  const service = createCurrencyService(db);
  return [
    route({
      method: 'POST',
      url: 'currency/list',
      permission: { resource: RESOURCES.exchangeRates, action: 'GET' },
      body: currencyListSchema,
      summary: 'Currencies, paged, with their current rate to JPY',
      tags: ['currencies'],
      handler: async ({ body }) => ({ data: await service.list(body) }),
    }),
    route({
      method: 'POST',
      url: 'currency',
      permission: { resource: RESOURCES.exchangeRates, action: 'POST' },
      body: createCurrencySchema,
      status: 201,
      summary: 'Add a currency',
      description:
        "An existing code is a 409 'Name already existed in the database.' (field isoCode).",
      tags: ['currencies'],
      handler: async ({ body, auth }) => ({
        data: await service.create(body, actorOf(auth)),
        message: CURRENCY_MESSAGES.created,
      }),
    }),
    route({
      method: 'PUT',
      url: 'currency',
      permission: { resource: RESOURCES.exchangeRates, action: 'PUT' },
      body: updateCurrencySchema,
      summary: 'Retire (deleteFlag true) or restore a currency; optionally rename it',
      description: 'JPY, the default currency, cannot be retired (422).',
      tags: ['currencies'],
      handler: async ({ body, auth }) => {
        const result = await service.update(body, actorOf(auth));
        return { data: result.currency, message: result.message };
      },
    }),
  ];
};
