import type {
  DashboardCountryCount,
  DashboardPeriodQuery,
  DashboardPlanRatio,
  DashboardRecentOrder,
  DashboardSalesPoint,
  DashboardSalesQuery,
} from '@esim/contracts';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../audit';
import type { Db } from '../../db/client';
import { DASHBOARD_ALL_PARTNERS } from '../../db/schema';
import { withPartnerScope, type PartnerScope } from '../partners/public';
import { countriesOf, noSales, plansOf, salesOf } from './figures';
import { resolvePeriod } from './period';
import { recentOrders } from './recent-orders';

/**
 * The dashboard's widgets (spec section 7 'Dashboard', docs/dashboard.md). A partner's own staff
 * read their partner's figures only: every query names the partner, and runs in
 * withPartnerScope (row-level security behind it). The reseller's staff read the rows of every
 * partner. A partner role bound to no partner sees nothing (empty figures).
 */
export function createDashboardService(db: Db) {
  /**
   * fn with the caller's partner (null: every partner); `empty` for a scope that reaches no
   * partner at all.
   */
  function inScope<T>(
    scope: PartnerScope,
    empty: () => T,
    fn: (q: Queryable, partnerId: string | null) => Promise<T>,
  ): Promise<T> {
    if (scope.all) return fn(db, null);
    const partnerId = scope.partnerId;
    if (!partnerId) return Promise.resolve(empty());
    return withPartnerScope(db, scope, (tx) => fn(tx, partnerId));
  }

  /**
   * inScope in a transaction without parallel query. The aggregates' sums read a few thousand to
   * 30,000 rows, which PostgreSQL plans as a Parallel Append; starting its workers took 50-130 ms
   * on the 2-core machine for a query that runs in 2-25 ms alone (docs/performance.md
   * "Dashboard"). SET LOCAL ends with the transaction.
   */
  function figuresInScope<T>(
    scope: PartnerScope,
    empty: () => T,
    fn: (q: Queryable, partnerId: string | null) => Promise<T>,
  ): Promise<T> {
    const serial = async (q: Queryable, partnerId: string | null) => {
      await q.execute(sql`SET LOCAL max_parallel_workers_per_gather = 0`);
      return fn(q, partnerId);
    };
    if (scope.all) return db.transaction((tx) => serial(tx, null));
    return inScope(scope, empty, serial);
  }

  /** The aggregate rows of the partner, or those of every partner (migration 0024). */
  const keyOf = (partnerId: string | null) => partnerId ?? DASHBOARD_ALL_PARTNERS;

  return {
    recentPurchased(scope: PartnerScope, limit: number): Promise<DashboardRecentOrder[]> {
      return inScope(
        scope,
        () => [],
        (q, partnerId) => recentOrders(q, partnerId, limit),
      );
    },

    salesAndRevenue(
      scope: PartnerScope,
      query: DashboardSalesQuery,
    ): Promise<DashboardSalesPoint[]> {
      const period = resolvePeriod(query);
      return figuresInScope(
        scope,
        () => noSales(period, query.granularity),
        (q, partnerId) => salesOf(q, keyOf(partnerId), period, query.granularity),
      );
    },

    userByCountry(
      scope: PartnerScope,
      query: DashboardPeriodQuery,
    ): Promise<DashboardCountryCount[]> {
      const period = resolvePeriod(query);
      return figuresInScope(
        scope,
        () => [],
        (q, partnerId) => countriesOf(q, keyOf(partnerId), period, query.limit),
      );
    },

    ratioByPackagePlan(
      scope: PartnerScope,
      query: DashboardPeriodQuery,
    ): Promise<DashboardPlanRatio> {
      const period = resolvePeriod(query);
      return figuresInScope(
        scope,
        () => ({ total: 0, plans: [], other: 0 }),
        (q, partnerId) => plansOf(q, keyOf(partnerId), period, query.limit),
      );
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
