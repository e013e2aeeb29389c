import type {
  DashboardCountryCount,
  DashboardGranularity,
  DashboardPlanRatio,
  DashboardSalesPoint,
} from '@esim/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../audit';
import { parseJson, rowsOf } from '../list-helpers';
import { grainRanges, type BusinessPeriod } from './period';
import { salesBuckets } from './buckets';

/*
 * The figures of a period from the maintained aggregates (migration 0024, docs/dashboard.md):
 * `partnerKey` is the caller's partner, or DASHBOARD_ALL_PARTNERS for the reseller's staff. Each
 * answer is one statement over at most a few thousand aggregate rows, stripes summed.
 */

/** The first day of a day's bucket, in SQL: the day, its week's Monday, its month's first day. */
const BUCKET_OF_DAY: Record<DashboardGranularity, SQL> = {
  day: sql`business_day`,
  week: sql`date_trunc('week', business_day::timestamp)::date`,
  month: sql`date_trunc('month', business_day::timestamp)::date`,
};

/** Every bucket of the period with nothing sold. */
export function noSales(
  period: BusinessPeriod,
  granularity: DashboardGranularity,
): DashboardSalesPoint[] {
  return salesBuckets(period, granularity).map((start) => ({
    period: start,
    revenue: 0,
    orders: 0,
  }));
}

/** Revenue and orders per bucket of the period, every bucket included (empty ones as 0). */
export async function salesOf(
  q: Queryable,
  partnerKey: string,
  period: BusinessPeriod,
  granularity: DashboardGranularity,
): Promise<DashboardSalesPoint[]> {
  const rows = rowsOf<{ period: string; orders: string | number; revenue: string | number }>(
    await q.execute(sql`
      SELECT to_char(${BUCKET_OF_DAY[granularity]}, 'YYYY-MM-DD') AS period,
        sum(orders) AS orders, sum(revenue) AS revenue
      FROM dashboard_sales
      WHERE partner_id = ${partnerKey}
        AND business_day BETWEEN ${period.from}::date AND ${period.to}::date
      GROUP BY 1`),
  );
  const byPeriod = new Map(rows.map((row) => [row.period, row]));
  return salesBuckets(period, granularity).map((start) => {
    const row = byPeriod.get(start);
    return {
      period: start,
      revenue: Number(row?.revenue ?? 0),
      orders: Number(row?.orders ?? 0),
    };
  });
}

/**
 * The dashboard_esims rows that sum to the period with the fewest rows (grainRanges): month rows,
 * day rows, and the days a month row holds beyond the period taken away.
 */
function esimRows(partnerKey: string, period: BusinessPeriod): SQL {
  return sql.join(
    grainRanges(period).map(
      (range) => sql`
        SELECT product_id, country, ${sql.raw(String(range.sign))} * esims AS esims,
          ${sql.raw(String(range.sign))} * country_esims AS country_esims
        FROM dashboard_esims
        WHERE partner_id = ${partnerKey} AND grain = ${range.grain}
          AND period_start BETWEEN ${range.from}::date AND ${range.to}::date`,
    ),
    sql` UNION ALL `,
  );
}

/** eSIMs per country of use, the `limit` countries with the most first. */
export async function countriesOf(
  q: Queryable,
  partnerKey: string,
  period: BusinessPeriod,
  limit: number,
): Promise<DashboardCountryCount[]> {
  const rows = rowsOf<{ country: string; country_name: string; esims: string | number }>(
    await q.execute(sql`
      SELECT t.country, coalesce(c.name_english, t.country) AS country_name, t.used AS esims
      FROM (
        SELECT r.country, sum(r.country_esims) AS used
        FROM (${esimRows(partnerKey, period)}) r
        WHERE r.country <> ''
        GROUP BY r.country HAVING sum(r.country_esims) > 0
        ORDER BY used DESC, r.country LIMIT ${limit}
      ) t
      LEFT JOIN countries c ON c.code = t.country
      ORDER BY t.used DESC, t.country`),
  );
  return rows.map((row) => ({
    country: row.country,
    countryName: row.country_name,
    esims: Number(row.esims),
  }));
}

/** eSIMs per package plan (product): the `limit` plans with the most, the rest as `other`. */
export async function plansOf(
  q: Queryable,
  partnerKey: string,
  period: BusinessPeriod,
  limit: number,
): Promise<DashboardPlanRatio> {
  type Plan = { productId: string; productName: string; esims: number };
  const [row] = rowsOf<{ total: string | number; plans: Plan[] | string | null }>(
    await q.execute(sql`
      WITH sold AS (
        SELECT product_id, sum(esims) AS esims FROM (${esimRows(partnerKey, period)}) r
        GROUP BY product_id HAVING sum(esims) > 0
      ),
      top AS (
        SELECT s.product_id, coalesce(p.name, '') AS name, s.esims
        FROM sold s LEFT JOIN products p ON p.id = s.product_id
        ORDER BY s.esims DESC, lower(coalesce(p.name, '')) COLLATE "C", s.product_id
        LIMIT ${limit}
      )
      SELECT (SELECT coalesce(sum(esims), 0) FROM sold) AS total,
        (SELECT coalesce(json_agg(json_build_object('productId', product_id, 'productName', name,
           'esims', esims) ORDER BY esims DESC, lower(name) COLLATE "C", product_id), '[]'::json)
         FROM top) AS plans`),
  );
  const plans = (parseJson(row?.plans) ?? []).map((plan) => ({
    productId: plan.productId,
    productName: plan.productName,
    esims: Number(plan.esims),
  }));
  const total = Number(row?.total ?? 0);
  return { total, plans, other: total - plans.reduce((sum, plan) => sum + plan.esims, 0) };
}
