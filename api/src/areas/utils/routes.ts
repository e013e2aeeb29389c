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
        'Body { collection, filters?, fields? }. Only whitelisted collections, fields and filters; anything else is a 400. ' +
        "An area's records (branches, branchItems, partners) need GET on that area (403), partners within the caller's partner.",
      tags: ['utils'],
      handler: async ({ body, auth }) => ({ data: await models.list(body, auth) }),
    }),
  ];
};
