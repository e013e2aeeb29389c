import {
  createProductSchema,
  type CreateProductInput,
  type ProductDetail,
} from '@esim/contracts';
import { and, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { recordAudit, type AuditActor, type Tx } from '../../audit';
import { invalidField } from '../../csv';
import type { Db } from '../../db/client';
import { products, roundCurrency, suppliers } from '../../db/schema';
import { NameExistsError, ValidationError, isUniqueViolation } from '../../http/errors';
import { issuesToFieldErrors, loadEnglishCatalog, type MessageCatalog } from '../../http/messages';

/*
 * Products, minimal: creating one with its rules (valid fields, an existing supplier, a currency of
 * the currency list, a unique product code, audited). The sample data goes through here, and so
 * will the products area's POST product when it arrives (it takes this module over).
 */

import { productAudit } from '../products/audit';
export { productAudit };

let catalog: MessageCatalog | undefined;

type ProductRow = typeof products.$inferSelect;

function productSnapshot(row: ProductRow): Record<string, unknown> {
  return {
    supplierId: row.supplierId,
    name: row.name,
    productCode: row.productCode,
    category: row.category,
    costMinor: row.costMinor,
    costCurrency: row.costCurrency,
    priceMinor: row.priceMinor,
    dataMb: row.dataMb,
    durationDays: row.durationDays,
    coverage: row.coverage,
    type: row.type,
    network: row.network,
    sellingPriceJpy: row.sellingPriceJpy,
    status: row.status,
  };
}

function toDetail(row: ProductRow, supplierName: string): ProductDetail {
  return {
    id: row.id,
    supplierId: row.supplierId,
    supplierName,
    name: row.name,
    productCode: row.productCode,
    category: row.category,
    costMinor: row.costMinor,
    costCurrency: row.costCurrency,
    priceMinor: row.priceMinor,
    dataMb: row.dataMb,
    durationDays: row.durationDays,
    coverage: row.coverage,
    type: row.type,
    network: row.network,
    sellingPriceJpy: row.sellingPriceJpy,
    status: row.status,
    version: row.version,
    createdDate: row.createdAt.toISOString(),
    updatedDate: row.updatedAt.toISOString(),
  };
}

/**
 * Creates a product inside `tx` (validated with the contract's schema: 400 with field errors; 409
 * for a product code taken case-insensitively; 400 for an unknown supplier or currency).
 */
export async function createProduct(
  tx: Tx,
  input: CreateProductInput,
  actor: AuditActor,
): Promise<ProductDetail> {
  const parsed = v.safeParse(createProductSchema, input);
  if (!parsed.success) {
    throw new ValidationError(
      issuesToFieldErrors((catalog ??= loadEnglishCatalog()), parsed.issues, createProductSchema),
    );
  }
  const values = parsed.output;
  const [supplier] = await tx
    .select({ id: suppliers.id, name: suppliers.name })
    .from(suppliers)
    .where(eq(suppliers.id, values.supplierId))
    .limit(1);
  if (!supplier) invalidField('supplierId', 'invalidFormat', { format: 'supplier' });
  const [currency] = await tx
    .select({ isoCode: roundCurrency.isoCode })
    .from(roundCurrency)
    .where(and(eq(roundCurrency.isoCode, values.costCurrency), eq(roundCurrency.deleteFlag, false)))
    .limit(1);
  if (!currency) invalidField('costCurrency', 'invalidFormat', { format: 'currency' });
  const [taken] = await tx
    .select({ id: products.id })
    .from(products)
    .where(sql`lower(${products.productCode}) = lower(${values.productCode})`)
    .limit(1);
  if (taken) throw new NameExistsError('productCode');
  let row: ProductRow | undefined;
  try {
    [row] = await tx
      .insert(products)
      .values({
        ...values,
        category: values.category || null,
        createdBy: actor.email,
        updatedBy: actor.email,
      })
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw new NameExistsError('productCode');
    throw error;
  }
  if (!row) throw new Error('product not inserted');
  await recordAudit(tx, {
    entityType: productAudit.type,
    entityId: row.id,
    action: 'create',
    actor,
    after: productSnapshot(row),
  });
  return toDetail(row, supplier.name);
}

/** createProduct in a transaction of its own. */
export function createProductIn(db: Db, input: CreateProductInput, actor: AuditActor) {
  return db.transaction((tx) => createProduct(tx, input, actor));
}
