import type { AuditHistory } from '@esim/contracts';
import { sql } from 'drizzle-orm';
import { listAuditHistory, type AuditSubject } from '../../audit';
import type { Db } from '../../db/client';
import { stockImportAudit } from './import';
import { stockItemAudit } from './service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The import an item came from (its import_id), as an audit subject; none for unknown items. */
async function importOf(db: Db, itemId: string): Promise<AuditSubject[]> {
  if (!UUID.test(itemId)) return [];
  const result = await db.execute(sql`SELECT import_id FROM stock_items WHERE id = ${itemId}`);
  const importId = (result as { rows?: { import_id: string | null }[] }).rows?.[0]?.import_id;
  return importId ? [{ entityType: stockImportAudit.type, entityId: importId }] : [];
}

/**
 * A stock item's history (GET stock/history?id=), newest first: its own entries (status changes,
 * reveals, delete) and, as the oldest, the entry of the import that created it. An import writes
 * ONE entry for all its items in its transaction (docs/stock.md "Audit"), so the item's creation
 * is read through the item's import_id rather than written per item.
 */
export async function stockItemHistory(
  db: Db,
  query: { id: string; page: number; pageSize: number },
): Promise<AuditHistory> {
  return listAuditHistory(db, {
    entityType: stockItemAudit.type,
    entityId: query.id,
    include: await importOf(db, query.id),
    page: query.page,
    pageSize: query.pageSize,
  });
}
