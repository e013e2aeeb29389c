/**
 * Product records: the writes every caller shares (the products area's routes, the sample data,
 * the supplier sync). Each function takes the caller's transaction and writes the product's audit
 * entry (productAudit) in it, so a change and its history commit together.
 *
 *   await db.transaction((tx) => createProductRecord(tx, input, actor));
 *   await db.transaction((tx) => updateProductFields(tx, id, { costMinor: 950 }, actor));
 *
 * Rules (docs/products.md): valid fields (the contract's schemas, 400 with field errors), an
 * existing supplier, an active currency (a retired one the product already has may stay), a
 * product code unique ignoring case and an ICCID unique (409 'Name already existed in the
 * database.'), a selling or special price above the cost at today's rate (400
 * 'Selling Price must be greater than Cost Price.'; no rate = 422 naming the currency pair).
 */
import {
  BASE_CURRENCY,
  businessToday,
  createProductSchema,
  normalizeLabels,
  updateProductSchema,
  type CreateProductInput,
  type DeliveryType,
  type ProductRecord,
  type UpdateProductInput,
} from '@esim/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import * as v from 'valibot';
import {
  recordAudit,
  type AuditActor,
  type AuditSnapshot,
  type Queryable,
  type Tx,
} from '../../audit';
import { invalidField } from '../../csv';
import { products, suppliers } from '../../db/schema';
import {
  NameExistsError,
  NotFoundError,
  StaleVersionError,
  ValidationError,
  isUniqueViolation,
} from '../../http/errors';
import { issuesToFieldErrors, loadEnglishCatalog, type MessageCatalog } from '../../http/messages';
import { findActiveCurrencies } from '../currencies/public';
import { convertToJpy, getCurrentRates } from '../exchange-rates/public';
import { iso, rowsOf } from '../list-helpers';
import { productAudit } from './audit';

export type ProductRow = typeof products.$inferSelect;

/** The fields updateProductFields changes (PUT product's, without id and version). */
export type ProductFieldChanges = Partial<Omit<UpdateProductInput, 'id' | 'version'>>;

let catalog: MessageCatalog | undefined;

/** Parses with a contract schema or throws the 400 the routes answer with. */
function parseOrThrow<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const parsed = v.safeParse(schema, input);
  if (!parsed.success) {
    throw new ValidationError(
      issuesToFieldErrors((catalog ??= loadEnglishCatalog()), parsed.issues, schema),
    );
  }
  return parsed.output;
}

/** '' and null both mean "not set". */
function orNull(text: string | null | undefined): string | null {
  return text === undefined || text === null || text === '' ? null : text;
}

/** What the audit sees: every field as the API names it (prices, period and labels included). */
export function productSnapshot(row: ProductRow): AuditSnapshot {
  return {
    supplierId: row.supplierId,
    name: row.name,
    productCode: row.productCode,
    iccid: row.iccid,
    category: row.category,
    costMinor: row.costMinor,
    costCurrency: row.costCurrency,
    priceMinor: row.priceMinor,
    dataMb: row.dataMb,
    durationDays: row.durationDays,
    display: row.display,
    coverage: row.coverage,
    throttlingSpeed: row.throttlingSpeed,
    apnType: row.apnType,
    apnValue: row.apnValue,
    description: row.description,
    type: row.type,
    network: row.network,
    status: row.status,
    sellingPriceJpy: row.sellingPriceJpy,
    specialPriceJpy: row.specialPriceJpy,
    specialFrom: row.specialFrom,
    specialTo: row.specialTo,
    labels: row.labels,
  };
}

export function toProductRecord(
  row: ProductRow,
  supplier: { name: string; deliveryType: DeliveryType },
): ProductRecord {
  return {
    id: row.id,
    supplierId: row.supplierId,
    supplierName: supplier.name,
    supplierDeliveryType: supplier.deliveryType,
    name: row.name,
    productCode: row.productCode,
    iccid: row.iccid,
    category: row.category,
    costMinor: row.costMinor,
    costCurrency: row.costCurrency,
    priceMinor: row.priceMinor,
    dataMb: row.dataMb,
    durationDays: row.durationDays,
    display: row.display,
    coverage: row.coverage,
    throttlingSpeed: row.throttlingSpeed,
    apnType: row.apnType,
    apnValue: row.apnValue,
    description: row.description,
    type: row.type,
    network: row.network,
    status: row.status,
    sellingPriceJpy: row.sellingPriceJpy,
    specialPriceJpy: row.specialPriceJpy,
    specialFrom: row.specialFrom,
    specialTo: row.specialTo,
    labels: row.labels,
    version: row.version,
    createdDate: iso(row.createdAt),
    updatedDate: iso(row.updatedAt),
    createdBy: row.createdBy,
    updatedBy: row.updatedBy,
  };
}

/** A product row (404 'Product not found'), locked FOR UPDATE when asked. */
export async function findProductRow(q: Queryable, id: string, lock = false): Promise<ProductRow> {
  const query = q.select().from(products).where(eq(products.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new NotFoundError('Product');
  return row;
}

async function findSupplier(q: Queryable, id: string) {
  const [supplier] = await q
    .select({ id: suppliers.id, name: suppliers.name, deliveryType: suppliers.deliveryType })
    .from(suppliers)
    .where(eq(suppliers.id, id))
    .limit(1);
  return supplier;
}

/** The supplier of a product row (it always exists: ON DELETE RESTRICT). */
export async function supplierOf(q: Queryable, row: Pick<ProductRow, 'supplierId'>) {
  const supplier = await findSupplier(q, row.supplierId);
  if (!supplier) throw new NotFoundError('Supplier');
  return supplier;
}

/** The cost in whole JPY at today's rate (Asia/Tokyo); 422 MissingExchangeRateError without one. */
export async function costJpyOf(
  q: Queryable,
  row: Pick<ProductRow, 'costMinor' | 'costCurrency'>,
): Promise<number> {
  if (row.costCurrency === BASE_CURRENCY) return row.costMinor;
  const rates = await getCurrentRates(q, [row.costCurrency]);
  return convertToJpy(row.costMinor, row.costCurrency, rates);
}

/** A price (whole JPY) must be above the cost at today's rate, else a 400 on `field`. */
export async function assertAboveCost(
  q: Queryable,
  row: Pick<ProductRow, 'costMinor' | 'costCurrency'>,
  priceJpy: number,
  field: string,
): Promise<void> {
  const costJpy = await costJpyOf(q, row);
  if (priceJpy <= costJpy) invalidField(field, 'sellingAboveCost');
}

/**
 * Labels as stored: normalized (trimmed, deduplicated ignoring case), each spelled as the label
 * already in use elsewhere (so 'sale' joins an existing 'Sale'), sorted ignoring case.
 */
export async function canonicalLabels(
  q: Queryable,
  labels: readonly string[],
  exceptProductId?: string,
): Promise<string[]> {
  const wanted = normalizeLabels(labels);
  if (wanted.length === 0) return [];
  const lowers = wanted.map((label) => label.toLowerCase());
  const rows = rowsOf<{ label: string }>(
    await q.execute(sql`SELECT DISTINCT ON (lower(l)) l AS label
      FROM products p CROSS JOIN LATERAL unnest(p.labels) l
      WHERE lower(l) = ANY(${sql.param(lowers)}::text[])
        ${exceptProductId ? sql`AND p.id <> ${exceptProductId}` : sql``}
      ORDER BY lower(l), p.created_at, l`),
  );
  const existing = new Map(rows.map((row) => [row.label.toLowerCase(), row.label]));
  const result = wanted.map((label) => existing.get(label.toLowerCase()) ?? label);
  return result.sort((a, b) => {
    const x = a.toLowerCase();
    const y = b.toLowerCase();
    return x < y ? -1 : x > y ? 1 : 0;
  });
}

async function assertUnique(
  q: Queryable,
  values: { productCode: string; iccid: string | null },
  exceptId?: string,
): Promise<void> {
  const [taken] = await q
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        sql`lower(${products.productCode}) = lower(${values.productCode})`,
        exceptId ? ne(products.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw new NameExistsError('productCode');
  if (values.iccid) {
    const [iccidTaken] = await q
      .select({ id: products.id })
      .from(products)
      .where(
        and(eq(products.iccid, values.iccid), exceptId ? ne(products.id, exceptId) : undefined),
      )
      .limit(1);
    if (iccidTaken) throw new NameExistsError('iccid');
  }
}

async function assertCurrency(q: Queryable, currency: string, previous?: string): Promise<void> {
  if (currency === previous) return;
  const active = await findActiveCurrencies(q, [currency]);
  if (!active.has(currency)) invalidField('costCurrency', 'invalidFormat', { format: 'currency' });
}

/** A unique violation of the insert/update as the 409 of the field it concerns. */
function uniqueConflict(error: unknown): never {
  if (isUniqueViolation(error, 'products_iccid_unique')) throw new NameExistsError('iccid');
  if (isUniqueViolation(error)) throw new NameExistsError('productCode');
  throw error;
}

/** The stored columns of the descriptive fields (create and update). */
function fieldColumns(values: v.InferOutput<typeof updateProductSchema>) {
  return {
    supplierId: values.supplierId,
    name: values.name,
    productCode: values.productCode,
    category: orNull(values.category),
    costMinor: values.costMinor,
    costCurrency: values.costCurrency,
    priceMinor: values.priceMinor,
    dataMb: values.dataMb,
    durationDays: values.durationDays,
    coverage: values.coverage,
    type: values.type,
    network: values.network,
    status: values.status,
    iccid: orNull(values.iccid),
    display: orNull(values.display),
    throttlingSpeed: values.throttlingSpeed,
    apnType: values.apnType,
    apnValue: orNull(values.apnValue),
    description: orNull(values.description),
  };
}

/**
 * Creates a product inside `tx` with its audit entry (actor: the caller, SYSTEM_ACTOR for jobs).
 * Validated with createProductSchema; any supplier (the POST product route itself only takes
 * stock-type suppliers). Returns the stored record.
 */
export async function createProductRecord(
  tx: Tx,
  input: CreateProductInput,
  actor: AuditActor,
): Promise<ProductRecord> {
  const values = parseOrThrow(createProductSchema, input);
  const supplier = await findSupplier(tx, values.supplierId);
  if (!supplier) invalidField('supplierId', 'invalidFormat', { format: 'supplier' });
  await assertCurrency(tx, values.costCurrency);
  const columns = fieldColumns({ ...values, id: '', version: 1 });
  await assertUnique(tx, columns);
  if (values.sellingPriceJpy !== null) {
    await assertAboveCost(tx, columns, values.sellingPriceJpy, 'sellingPriceJpy');
  }
  const labels = await canonicalLabels(tx, values.labels);
  let row: ProductRow | undefined;
  try {
    [row] = await tx
      .insert(products)
      .values({
        ...columns,
        sellingPriceJpy: values.sellingPriceJpy,
        labels,
        createdBy: actor.email,
        updatedBy: actor.email,
      })
      .returning();
  } catch (error) {
    uniqueConflict(error);
  }
  if (!row) throw new Error('product not inserted');
  await recordAudit(tx, {
    entityType: productAudit.type,
    entityId: row.id,
    action: 'create',
    actor,
    after: productSnapshot(row),
  });
  return toProductRecord(row, supplier);
}

/** The PUT product fields of a stored row (what a partial change is merged into). */
function editableFields(row: ProductRow): Omit<UpdateProductInput, 'id' | 'version'> {
  return {
    supplierId: row.supplierId,
    name: row.name,
    productCode: row.productCode,
    category: row.category ?? undefined,
    costMinor: row.costMinor,
    costCurrency: row.costCurrency,
    priceMinor: row.priceMinor,
    dataMb: row.dataMb,
    durationDays: row.durationDays,
    coverage: row.coverage,
    type: row.type,
    network: row.network,
    status: row.status,
    iccid: row.iccid,
    display: row.display,
    throttlingSpeed: row.throttlingSpeed,
    apnType: row.apnType,
    apnValue: row.apnValue,
    description: row.description,
  };
}

/**
 * Writes `columns` to product `before.id` (version must still be before.version, else 409),
 * bumps the version and records the change (old and new of every field that changed). Returns the
 * row after; no audit entry when nothing changed (the version still moves on).
 */
export async function writeProductChange(
  tx: Tx,
  before: ProductRow,
  columns: Partial<typeof products.$inferInsert>,
  actor: AuditActor,
): Promise<ProductRow> {
  let after: ProductRow | undefined;
  try {
    [after] = await tx
      .update(products)
      .set({
        ...columns,
        version: sql`${products.version} + 1`,
        updatedAt: new Date(),
        updatedBy: actor.email,
      })
      .where(and(eq(products.id, before.id), eq(products.version, before.version)))
      .returning();
  } catch (error) {
    uniqueConflict(error);
  }
  if (!after) throw new StaleVersionError();
  await recordAudit(tx, {
    entityType: productAudit.type,
    entityId: after.id,
    action: 'update',
    actor,
    before: productSnapshot(before),
    after: productSnapshot(after),
  });
  return after;
}

/**
 * Changes some of a product's descriptive fields (PUT product's: cost, data, duration, coverage,
 * name, ...; not prices or labels) inside `tx`, with its audit entry. `changes` is merged into the
 * stored record and the result validated as PUT product would; `options.version`, when given,
 * must be the stored version (409 otherwise). A cost change is allowed even when the selling price
 * is no longer above it (the lists then show a negative gross profit).
 */
export async function updateProductFields(
  tx: Tx,
  id: string,
  changes: ProductFieldChanges,
  actor: AuditActor,
  options: { version?: number | undefined } = {},
): Promise<ProductRecord> {
  const before = await findProductRow(tx, id, true);
  if (options.version !== undefined && before.version !== options.version) {
    throw new StaleVersionError();
  }
  const values = parseOrThrow(updateProductSchema, {
    ...editableFields(before),
    ...changes,
    id,
    version: before.version,
  });
  const columns = fieldColumns(values);
  let supplier = await findSupplier(tx, columns.supplierId);
  if (!supplier) invalidField('supplierId', 'invalidFormat', { format: 'supplier' });
  await assertCurrency(tx, columns.costCurrency, before.costCurrency);
  await assertUnique(tx, columns, id);
  const after = await writeProductChange(tx, before, columns, actor);
  supplier = await supplierOf(tx, after);
  return toProductRecord(after, supplier);
}

/** Today in Asia/Tokyo (the business day special-price periods and rates use). */
export function productToday(): string {
  return businessToday();
}
