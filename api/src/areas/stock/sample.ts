/**
 * Sample stock for the embedded default (SEED_SAMPLE_DATA, like the sample suppliers and
 * products): a few hundred eSIM profiles for two stock-type sample products, with a spread of
 * expiry dates (some expiring soon) and statuses. Only into an empty stock table; written through
 * the import path (sealed codes, audited as 'system').
 */
import { luhnCheckDigit } from '@esim/contracts';
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { SYSTEM_ACTOR } from '../../audit';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { createSecretBox } from '../../secrets';
import { addDays, rowsOf } from '../list-helpers';
import { insertStockRows, stockToday, type StockImportRow } from './import';

/** Product code -> [SM-DP+ address, items, ICCID prefix (issuer)]. */
export const SAMPLE_STOCK: Record<string, [string, number, string]> = {
  'NSS-JP-3GB-8D': ['smdp.nippon-stock.example', 240, '8981100'],
  'ECM-DE-5GB-30D': ['rsp.euroconnect.example', 120, '8949200'],
};

export async function seedSampleStock(deps: {
  db: Db;
  config: Pick<AppConfig, 'secretKey' | 'databaseUrl' | 'dataDir'>;
  now?: Date;
}): Promise<{ stockItemsCreated: number }> {
  const { db } = deps;
  const [existing] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM stock_items`),
  );
  if ((existing?.n ?? 0) > 0) return { stockItemsCreated: 0 };
  const box = createSecretBox(deps.config, 'stock-activation-code');
  const now = deps.now ?? new Date();
  const today = stockToday(now);
  let created = 0;
  for (const [productCode, [smdp, count, prefix]] of Object.entries(SAMPLE_STOCK)) {
    const [product] = rowsOf<{ id: string }>(
      await db.execute(sql`
        SELECT p.id FROM products p JOIN suppliers su ON su.id = p.supplier_id
        WHERE p.product_code = ${productCode} AND su.delivery_type = 'stock'`),
    );
    if (!product) continue;
    const rows: StockImportRow[] = Array.from({ length: count }, (_, i) => {
      const body = `${prefix}${String(i + 1).padStart(11, '0')}`;
      // Every 12th item expires within the "expiring soon" window, the rest in 3-15 months.
      const days = i % 12 === 0 ? 5 + (i % 20) : 90 + ((i * 7) % 360);
      return {
        row: i + 2,
        iccid: `${body}${luhnCheckDigit(body)}`,
        activationCode: `LPA:1$${smdp}$${randomBytes(10).toString('hex').toUpperCase()}`,
        activeExpireDate: addDays(today, days),
      };
    });
    created += await db.transaction(async (tx) => {
      const inserted = await insertStockRows(tx, rows, {
        importId: randomUUID(),
        productId: product.id,
        fileName: 'sample-stock.csv',
        actor: SYSTEM_ACTOR,
        seal: (text) => box.seal(text),
        now,
      });
      // A spread of statuses (audited like any change; moves the matrix allows from on_hand):
      // every 10th assigned, every 25th temporarily not available, every 40th not available.
      await tx.execute(sql`
        WITH ranked AS (
          SELECT id, row_number() OVER (ORDER BY iccid) AS n FROM stock_items
          WHERE product_id = ${product.id}
        ),
        target AS (
          SELECT id, CASE WHEN n % 10 = 0 THEN 'assigned'
                          WHEN n % 25 = 0 THEN 'temporary_not_available'
                          ELSE 'not_available' END AS status
          FROM ranked WHERE n % 10 = 0 OR n % 25 = 0 OR n % 40 = 0
        ),
        upd AS (
          UPDATE stock_items s SET status = target.status, version = s.version + 1,
                 updated_by = 'system'
          FROM target WHERE s.id = target.id
          RETURNING s.id, target.status
        )
        INSERT INTO audit_log (entity_type, entity_id, action, actor_user_id, actor_email, changes)
        SELECT 'stockItem', upd.id::text, 'update', NULL, 'system',
               jsonb_build_array(jsonb_build_object('field', 'status', 'before', 'on_hand',
                                                    'after', upd.status))
        FROM upd`);
      return inserted;
    });
  }
  return { stockItemsCreated: created };
}
