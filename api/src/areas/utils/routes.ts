import { modelListSchema } from '@esim/contracts';
import { route } from '../../http/define-route';
import type { AreaRoutes } from '../types';
import { createModelListService } from './service';

/** Utilities (spec section 7): the generic list call. */
export const utilsRoutes: AreaRoutes = ({ db }) => {
  const models = createModelListService(db);
  return [
    route({
      method: 'POST',
      url: 'utils/model/list',
      permission: 'signedIn',
      body: modelListSchema,
      summary: 'Reference data by collection name (countries, roundCurrency, paymentMethods, ...)',
      description:
        'Body { collection, filters?, fields? }. Only whitelisted collections, fields and filters; anything else is a 400.',
      tags: ['utils'],
      handler: async ({ body }) => ({ data: await models.list(body) }),
    }),
  ];
};
