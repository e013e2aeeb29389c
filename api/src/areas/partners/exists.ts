import { eq } from 'drizzle-orm';
import type { Queryable } from '../../audit';
import { partners } from '../../db/schema';

/** Whether a partner exists (branches link to one). */
export async function partnerExists(q: Queryable, partnerId: string): Promise<boolean> {
  const rows = await q
    .select({ id: partners.id })
    .from(partners)
    .where(eq(partners.id, partnerId))
    .limit(1);
  return rows.length > 0;
}
