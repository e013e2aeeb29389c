/**
 * Scheduled stock tasks (every minute and at start, once per cluster; docs/stock.md "Background jobs"):
 * - expired items (activeExpireDate before today in Asia/Tokyo) -> wasted, from every status the matrix
 *   lets move to wasted (an item already sold out or assigned is left alone);
 * - holds past holdUntil -> on_hand;
 * - staged imports past their time or applied, and their rows, removed (every 10 minutes).
 * The first two audited as the system, in batches, each batch one statement (update + audit
 * together).
 */
import { STOCK_STATUSES, canTransition, type StockStatus } from '@esim/contracts';
import { sql } from 'drizzle-orm';
import type { ScheduledTask } from '../../jobs';
import type { Db } from '../../db/client';
import { rowsOf } from '../list-helpers';
import { stockToday } from './import';
import { pruneStagedImports } from './staging';

const BATCH = 5_000;

const EXPIRABLE: StockStatus[] = STOCK_STATUSES.filter((status) => canTransition(status, 'wasted'));

/** Moves expired items to wasted; returns how many. */
export async function expireStock(db: Db, now: Date): Promise<number> {
  const today = stockToday(now);
  let total = 0;
  for (;;) {
    const rows = rowsOf<{ id: string }>(
      await db.execute(sql`
        WITH due AS (
          SELECT id, status, hold_until FROM stock_items
          WHERE active_expire_date < ${today}::date
            AND status IN (${sql.join(
              EXPIRABLE.map((status) => sql`${status}`),
              sql`, `,
            )})
          ORDER BY id
          LIMIT ${BATCH}
          FOR UPDATE SKIP LOCKED
        ),
        upd AS (
          UPDATE stock_items s SET status = 'wasted', status_reason = 'expired', hold_until = NULL,
                 version = s.version + 1, updated_at = now(), updated_by = 'system'
          FROM due WHERE s.id = due.id
          RETURNING s.id, due.status AS before_status, due.hold_until AS before_hold
        )
        INSERT INTO audit_log (entity_type, entity_id, action, actor_user_id, actor_email, changes)
        SELECT 'stockItem', upd.id::text, 'update', NULL, 'system',
               jsonb_build_array(
                 jsonb_build_object('field', 'status', 'before', upd.before_status, 'after', 'wasted'),
                 jsonb_build_object('field', 'statusReason', 'before', null, 'after', 'expired')
               )
        FROM upd
        RETURNING entity_id AS id`),
    );
    total += rows.length;
    if (rows.length < BATCH) return total;
  }
}

/** Returns holds past their holdUntil to on_hand; returns how many. */
export async function releaseHolds(db: Db, now: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = rowsOf<{ id: string }>(
      await db.execute(sql`
        WITH due AS (
          SELECT id, hold_until FROM stock_items
          WHERE status = 'holding' AND hold_until <= ${now.toISOString()}::timestamptz
          ORDER BY id
          LIMIT ${BATCH}
          FOR UPDATE SKIP LOCKED
        ),
        upd AS (
          UPDATE stock_items s SET status = 'on_hand', status_reason = 'hold expired',
                 hold_until = NULL, version = s.version + 1, updated_at = now(),
                 updated_by = 'system'
          FROM due WHERE s.id = due.id
          RETURNING s.id, due.hold_until AS before_hold
        )
        INSERT INTO audit_log (entity_type, entity_id, action, actor_user_id, actor_email, changes)
        SELECT 'stockItem', upd.id::text, 'update', NULL, 'system',
               jsonb_build_array(
                 jsonb_build_object('field', 'status', 'before', 'holding', 'after', 'on_hand'),
                 jsonb_build_object('field', 'statusReason', 'before', null, 'after', 'hold expired'),
                 jsonb_build_object('field', 'holdUntil', 'before', upd.before_hold, 'after', null)
               )
        FROM upd
        RETURNING entity_id AS id`),
    );
    total += rows.length;
    if (rows.length < BATCH) return total;
  }
}

export const STOCK_SCHEDULED_TASKS: ScheduledTask[] = [
  {
    name: 'stock.expire',
    description: 'items past activeExpireDate -> wasted (every minute and at start)',
    run: ({ db, now }) => expireStock(db, now),
  },
  {
    name: 'stock.releaseHolds',
    description: 'holds past holdUntil -> on_hand (every minute and at start)',
    run: ({ db, now }) => releaseHolds(db, now),
  },
  {
    name: 'stock.pruneStagedImports',
    cron: '*/10 * * * *',
    description: 'checked import files not applied within the hour -> removed (every 10 minutes)',
    run: ({ db, now }) => pruneStagedImports(db, now),
  },
];
