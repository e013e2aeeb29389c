import { RESOURCES } from '@esim/contracts';
import { route } from '../../http/define-route';
import { createExchangeRateService } from '../exchange-rates/public';
import type { AreaRoutes } from '../types';

/** Dashboard calls (spec section 7 'Dashboard'); the other sections come with their areas. */
export const dashboardRoutes: AreaRoutes = ({ db }) => {
  const rates = createExchangeRateService(db);
  return [
    route({
      method: 'GET',
      url: 'dashboard/exchange-rate',
      permission: { resource: RESOURCES.dashboard, action: 'GET' },
      summary: 'Current exchange rates to JPY, with the rate each replaced',
      tags: ['dashboard'],
      handler: async () => ({ data: await rates.dashboard() }),
    }),
  ];
};
