import {
  RESOURCES,
  dashboardPeriodSchema,
  dashboardRecentSchema,
  dashboardSalesSchema,
} from '@esim/contracts';
import { route } from '../../http/define-route';
import { createExchangeRateService } from '../exchange-rates/public';
import { partnerScopeOf } from '../partners/public';
import type { AreaRoutes } from '../types';
import { createDashboardService } from './service';

const readDashboard = { resource: RESOURCES.dashboard, action: 'GET' } as const;

const PERIOD_DESCRIPTION =
  'from/to: business days (Asia/Tokyo), both included; default the last 30 days up to today. ' +
  'A start after the end, or a period over DASHBOARD_MAX_PERIOD_DAYS days, is a 400. ' +
  "A partner's own staff get their partner's figures, the reseller's staff every partner's.";

/**
 * Dashboard calls (spec section 7 'Dashboard', docs/dashboard.md); dashboard/notification comes
 * with the notifications area.
 */
export const dashboardRoutes: AreaRoutes = ({ db }) => {
  const rates = createExchangeRateService(db);
  const dashboard = createDashboardService(db);
  return [
    route({
      method: 'GET',
      url: 'dashboard/exchange-rate',
      permission: readDashboard,
      summary: 'Current exchange rates to JPY, with the rate each replaced and their latest trend',
      tags: ['dashboard'],
      handler: async () => ({ data: await rates.dashboard() }),
    }),
    route({
      method: 'GET',
      url: 'dashboard/recent-purchased',
      permission: readDashboard,
      query: dashboardRecentSchema,
      summary: 'The latest orders, newest first',
      description: "A partner's own staff get their partner's orders only.",
      tags: ['dashboard'],
      handler: async ({ query, auth }) => ({
        data: await dashboard.recentPurchased(partnerScopeOf(auth), query.limit),
      }),
    }),
    route({
      method: 'GET',
      url: 'dashboard/user-by-country',
      permission: readDashboard,
      query: dashboardPeriodSchema,
      summary: 'eSIMs sold per country of use in a period, the most first',
      description: PERIOD_DESCRIPTION,
      tags: ['dashboard'],
      handler: async ({ query, auth }) => ({
        data: await dashboard.userByCountry(partnerScopeOf(auth), query),
      }),
    }),
    route({
      method: 'GET',
      url: 'dashboard/sales-and-revenue',
      permission: readDashboard,
      query: dashboardSalesSchema,
      summary: 'Revenue and orders per day, week (from Monday) or month of a period',
      description: `${PERIOD_DESCRIPTION} Every bucket is answered, empty ones as 0.`,
      tags: ['dashboard'],
      handler: async ({ query, auth }) => ({
        data: await dashboard.salesAndRevenue(partnerScopeOf(auth), query),
      }),
    }),
    route({
      method: 'GET',
      url: 'dashboard/ratio-by-package-plan',
      permission: readDashboard,
      query: dashboardPeriodSchema,
      summary: 'eSIMs sold per package plan in a period: the top plans and the rest',
      description: PERIOD_DESCRIPTION,
      tags: ['dashboard'],
      handler: async ({ query, auth }) => ({
        data: await dashboard.ratioByPackagePlan(partnerScopeOf(auth), query),
      }),
    }),
  ];
};
