import type { CreateProductInput, ProductDetail } from '@esim/contracts';
import type { AuditActor } from '../../audit';
import type { Db } from '../../db/client';
import { createProductRecord, createProductService, productAudit } from '../products/public';

/*
 * Creating products for the sample data and test fixtures: the products area's
 * createProductRecord (validated, audited, in the caller's transaction).
 */

export { productAudit };

/** Creates a product inside `tx` (see createProductRecord in ../products/records.ts). */
export const createProduct = createProductRecord;

/** createProduct in a transaction of its own; answers the product as GET product does. */
export async function createProductIn(
  db: Db,
  input: CreateProductInput,
  actor: AuditActor,
): Promise<ProductDetail> {
  const record = await db.transaction((tx) => createProductRecord(tx, input, actor));
  return createProductService({ db }).get(record.id);
}
