import { accessRoutes } from './access/routes';
import { auditRoutes } from '../audit/routes';
import { currencyRoutes } from './currencies/routes';
import { dashboardRoutes } from './dashboard/routes';
import { exchangeRateRoutes } from './exchange-rates/routes';
import { productRoutes } from './products/routes';
import { releaseRoutes } from './releases/routes';
import { stockRoutes } from './stock/routes';
import { supplierRoutes } from './suppliers/routes';
import { supplierSyncRoutes } from './supplier-sync/routes';
import { tariffRoutes } from './tariffs/routes';
import type { AreaRoutes } from './types';
import { utilsRoutes } from './utils/routes';

/** Every area's routes; a new area adds one line here. */
export const AREAS: AreaRoutes[] = [
  accessRoutes,
  utilsRoutes,
  releaseRoutes,
  tariffRoutes,
  productRoutes,
  auditRoutes,
  supplierRoutes,
  stockRoutes,
  supplierSyncRoutes,
  currencyRoutes,
  exchangeRateRoutes,
  dashboardRoutes,
];
