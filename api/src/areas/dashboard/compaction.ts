/**
 * Folds the stripes of the dashboard's aggregates (migration 0024) for periods that are over:
 * an order adds to the stripe of its id so that concurrent purchases rarely wait for each other
 * on one row, and readers sum the stripes; once a day or month is past, nobody purchases into it
 * any more, so its stripes become one row (stripe 0) and a long period reads up to 8 times fewer
 * rows. Stripes that sum to nothing are dropped. Idempotent; a purchase or a status change that
 * touches a folded row later just adds a stripe again.
 */
import { businessToday } from '@esim/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ScheduledTask } from '../../jobs';
import { rowsOf } from '../list-helpers';
import { monthStart } from './period';

/** The statement folding one table's past stripes into stripe 0; answers the rows it moved. */
function foldSql(table: string, key: string, values: string[], past: SQL): SQL {
  const columns = sql.raw(key);
  const sums = sql.raw(values.map((value) => `sum(${value})`).join(', '));
  const valueList = sql.raw(values.join(', '));
  const nonZero = sql.raw(values.map((value) => `sum(${value}) <> 0`).join(' OR '));
  const add = sql.raw(
    values.map((value) => `${value} = t.${value} + excluded.${value}`).join(', '),
  );
  return sql`
    WITH moved AS (
      DELETE FROM ${sql.raw(table)} WHERE stripe <> 0 AND ${past}
      RETURNING ${columns}, ${valueList}
    ),
    folded AS (
      INSERT INTO ${sql.raw(table)} AS t (${columns}, stripe, ${valueList})
      SELECT ${columns}, 0, ${sums} FROM moved
      GROUP BY ${columns} HAVING ${nonZero}
      ORDER BY ${columns}
      ON CONFLICT (${columns}, stripe) DO UPDATE SET ${add}
    )
    SELECT count(*)::int AS moved FROM moved`;
}

/** Folds every stripe of a day before `today` (business day) or a month before its month. */
export async function compactDashboardAggregates(db: Db, today = businessToday()): Promise<number> {
  const thisMonth = monthStart(today);
  const pastPeriods = sql`((grain = 'day' AND period_start < ${today}::date)
    OR (grain = 'month' AND period_start < ${thisMonth}::date))`;
  const statements = [
    foldSql(
      'dashboard_sales',
      'partner_id, business_day',
      ['orders', 'revenue'],
      sql`business_day < ${today}::date`,
    ),
    foldSql(
      'dashboard_esims',
      'partner_id, grain, period_start, product_id, country',
      ['esims', 'country_esims'],
      pastPeriods,
    ),
  ];
  let moved = 0;
  for (const statement of statements) {
    const [row] = rowsOf<{ moved: number }>(await db.execute(statement));
    moved += Number(row?.moved ?? 0);
  }
  return moved;
}

export const DASHBOARD_COMPACTION: ScheduledTask = {
  name: 'dashboard.compactAggregates',
  // 00:05 in Tokyo: yesterday's stripes, and last month's on the first.
  cron: '5 15 * * *',
  description: "the dashboard's aggregate stripes of past days and months folded into one (daily)",
  run: ({ db, now }) => compactDashboardAggregates(db, businessToday(now)),
};
