/**
 * Supplier sync (docs/supplier-sync.md): the supplier's catalogue (through its connector) beside
 * our products, field by field; applying exactly the snapshot a person saw; the eSIMs held at the
 * supplier. A supplier failure is a 502 (504 on a timeout) and changes nothing.
 *
 * Matching rule: our product of the same supplier whose product_code equals the supplier's
 * product reference (eSIM Go: the bundle name), case-insensitively. A new supplier product is
 * created with that reference as its product code.
 */
import { ERROR_CODES, defineApiMessages } from '@esim/contracts';
import {
  PRODUCT_CODE_PATTERN,
  SYNC_API_MESSAGES,
  maskSupplierActivationCode,
  type ExternalStockListResult,
  type ExternalSupplierItem,
  type ListResult,
  type SyncApplyResult,
  type SyncField,
  type SyncFilter,
  type SyncItem,
  type SyncListResult,
  type SyncStatus,
  type SyncValues,
} from '@esim/contracts';
import { and, asc, eq, ilike, inArray, notInArray, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { recordAudit, type AuditActor, type Queryable } from '../../audit';
import type { AppConfig } from '../../config';
import {
  createConnector,
  SupplierError,
  type SupplierBundle,
  type SupplierConnector,
} from '../../connectors';
import type { Db } from '../../db/client';
import { products, roundCurrency, supplierCatalogueItems, suppliers } from '../../db/schema';
import {
  AppError,
  BusinessRuleError,
  ConflictError,
  NotFoundError,
  isUniqueViolation,
} from '../../http/errors';
import {
  SecretKeyUnavailableError,
  SecretUnreadableError,
  createSecretBox,
  type SecretBox,
} from '../../secrets';
import { containsPattern } from '../list-helpers';
import { productAudit } from '../products/public';
import {
  KeyOriginMismatchError,
  SUPPLIER_MESSAGES,
  openSupplierKey,
  supplierOutbound,
} from '../suppliers/public';

export const SUPPLIER_SYNC_MESSAGES = defineApiMessages('supplierSync', {
  notApi: 'Only suppliers with delivery type api have a catalogue to sync.',
  noKey: "The supplier has no API key. Enter it on the supplier's page first.",
  badCode:
    'The supplier product "{{ref}}" cannot become a product code (letters, digits and . _ - only, at most 50).',
  codeTaken: 'Another supplier already has a product with the code "{{ref}}".',
  badCurrency: "The supplier's currency {{currency}} is not in the currency list. Add it first.",
});

/** What the API answers when the supplier fails: 502, or 504 when it did not answer in time. */
export class SupplierUnavailableError extends AppError {
  constructor(readonly supplierError: SupplierError) {
    super(
      supplierError.kind === 'timeout' ? 504 : 502,
      ERROR_CODES.supplierUnavailable,
      supplierError.apiMessage,
    );
  }
}

export interface SupplierSyncOptions {
  /** Per-request timeout of supplier calls (default SUPPLIER_TIMEOUT_MS or 10 000 ms). */
  timeoutMs?: number;
  /** Timeout of the connector check in stock/external/list (default 5000 ms). */
  statusTimeoutMs?: number;
}

type SupplierRow = typeof suppliers.$inferSelect;
type ProductRow = typeof products.$inferSelect;
type SnapshotRow = typeof supplierCatalogueItems.$inferSelect;

const PRODUCT_NAME_MAX = 255;

function sortedUnique(codes: readonly string[]): string[] {
  return [...new Set(codes.map((code) => code.toUpperCase()))].sort();
}

export function snapshotHash(row: {
  ref: string;
  description: string;
  costMinor: number;
  costCurrency: string;
  dataMb: number | null;
  durationDays: number;
  coverage: string[];
}): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        row.ref,
        row.description,
        row.costMinor,
        row.costCurrency,
        row.dataMb,
        row.durationDays,
        sortedUnique(row.coverage),
      ]),
    )
    .digest('hex');
}

function oursOf(row: ProductRow): SyncValues {
  return {
    costMinor: row.costMinor,
    costCurrency: row.costCurrency,
    dataMb: row.dataMb,
    durationDays: row.durationDays,
    coverage: sortedUnique(row.coverage),
  };
}

function theirsOf(row: SnapshotRow): SyncValues {
  return {
    costMinor: row.costMinor,
    costCurrency: row.costCurrency,
    dataMb: row.dataMb,
    durationDays: row.durationDays,
    coverage: sortedUnique(row.coverage),
  };
}

export function differingFields(ours: SyncValues, theirs: SyncValues): SyncField[] {
  const fields: SyncField[] = [];
  if (ours.costMinor !== theirs.costMinor || ours.costCurrency !== theirs.costCurrency) {
    fields.push('cost');
  }
  if (ours.dataMb !== theirs.dataMb) fields.push('dataMb');
  if (ours.durationDays !== theirs.durationDays) fields.push('durationDays');
  if (ours.coverage.join(',') !== theirs.coverage.join(',')) fields.push('coverage');
  return fields;
}

/** The product's compared fields, as its audit history shows them. */
function auditValues(values: SyncValues) {
  return {
    costMinor: values.costMinor,
    costCurrency: values.costCurrency,
    dataMb: values.dataMb,
    durationDays: values.durationDays,
    coverage: values.coverage,
  };
}

function toItem(snapshot: SnapshotRow, product: ProductRow | undefined): SyncItem {
  const theirs = theirsOf(snapshot);
  const ours = product ? oursOf(product) : null;
  const changedFields = ours
    ? differingFields(ours, theirs)
    : [...(['cost', 'dataMb', 'durationDays', 'coverage'] as const)];
  const status: SyncStatus = !ours ? 'new' : changedFields.length > 0 ? 'changed' : 'unchanged';
  return {
    ref: snapshot.ref,
    hash: snapshot.hash,
    status,
    description: snapshot.description,
    productId: product?.id ?? null,
    productCode: product?.productCode ?? null,
    productName: product?.name ?? null,
    ours,
    theirs,
    changedFields,
    fetchedAt: snapshot.fetchedAt.toISOString(),
  };
}

export function createSupplierSyncService(
  {
    db,
    config,
  }: {
    db: Db;
    config: Pick<AppConfig, 'secretKey' | 'databaseUrl' | 'dataDir' | 'outboundAllowList'>;
  },
  options: SupplierSyncOptions = {},
) {
  const secrets: SecretBox = createSecretBox(config, 'supplier-api-key');
  // Public or allow-listed addresses only, no redirects (the API key travels with every call).
  const outbound = supplierOutbound(config);
  const envTimeout = Number.parseInt(process.env.SUPPLIER_TIMEOUT_MS ?? '', 10);
  const timeoutMs = options.timeoutMs ?? (Number.isFinite(envTimeout) ? envTimeout : 10_000);
  const statusTimeoutMs = options.statusTimeoutMs ?? Math.min(timeoutMs, 5000);

  function openKey(sealed: string, baseUrl: string): string {
    try {
      return openSupplierKey(secrets, sealed, baseUrl);
    } catch (error) {
      if (error instanceof KeyOriginMismatchError) {
        throw new BusinessRuleError(SUPPLIER_MESSAGES.keyOriginChanged);
      }
      if (error instanceof SecretKeyUnavailableError) {
        throw new BusinessRuleError(SUPPLIER_MESSAGES.secretKeyMissing);
      }
      if (error instanceof SecretUnreadableError) {
        throw new BusinessRuleError(SUPPLIER_MESSAGES.secretUnreadable);
      }
      throw error;
    }
  }

  async function findSupplier(q: Queryable, id: string): Promise<SupplierRow> {
    const [row] = await q.select().from(suppliers).where(eq(suppliers.id, id)).limit(1);
    if (!row) throw new NotFoundError('Supplier');
    return row;
  }

  /** The supplier's connector; 422 when it has none (stock supplier, no key, unknown kind). */
  function connectorFor(row: SupplierRow, timeout = timeoutMs): SupplierConnector {
    if (row.deliveryType !== 'api' || !row.connectorBaseUrl) {
      throw new BusinessRuleError(SUPPLIER_SYNC_MESSAGES.notApi);
    }
    if (!row.connectorApiKey) throw new BusinessRuleError(SUPPLIER_SYNC_MESSAGES.noKey);
    try {
      return createConnector(row.connectorKind, {
        baseUrl: row.connectorBaseUrl,
        apiKey: openKey(row.connectorApiKey, row.connectorBaseUrl),
        timeoutMs: timeout,
        fetch: outbound.fetch,
      });
    } catch (error) {
      if (error instanceof SupplierError) throw new BusinessRuleError(error.apiMessage);
      throw error;
    }
  }

  /** Runs a supplier call; its failure becomes the API's 502/504. */
  async function atSupplier<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof SupplierError) {
        if (error.kind === 'unsupported') throw new BusinessRuleError(error.apiMessage);
        throw new SupplierUnavailableError(error);
      }
      throw error;
    }
  }

  async function minorUnitsOf(q: Queryable): Promise<Map<string, number>> {
    const rows = await q
      .select({ isoCode: roundCurrency.isoCode, minorUnits: roundCurrency.minorUnits })
      .from(roundCurrency);
    return new Map(rows.map((row) => [row.isoCode, row.minorUnits]));
  }

  function normalise(
    supplier: SupplierRow,
    bundle: SupplierBundle,
    minorUnits: Map<string, number>,
    fetchedAt: Date,
  ): SnapshotRow {
    const costCurrency = (bundle.currency ?? supplier.purchaseCurrency).toUpperCase();
    const digits = minorUnits.get(costCurrency) ?? 2;
    const values = {
      supplierId: supplier.id,
      ref: bundle.ref,
      description: bundle.description,
      costMinor: Math.round(bundle.price * 10 ** digits),
      costCurrency,
      dataMb: bundle.dataMb,
      durationDays: bundle.durationDays,
      coverage: sortedUnique(bundle.countries),
    };
    return { ...values, hash: snapshotHash(values), fetchedAt };
  }

  /** Our products of a supplier by lower(product_code). */
  async function productsOf(q: Queryable, supplierId: string, refs?: string[]) {
    const rows = await q
      .select()
      .from(products)
      .where(
        and(
          eq(products.supplierId, supplierId),
          refs
            ? inArray(
                sql`lower(${products.productCode})`,
                refs.map((ref) => ref.toLowerCase()),
              )
            : undefined,
        ),
      );
    return new Map(rows.map((row) => [row.productCode.toLowerCase(), row]));
  }

  async function storeSnapshot(supplierId: string, rows: SnapshotRow[], replaceAll: boolean) {
    await db.transaction(async (tx) => {
      if (replaceAll) {
        await tx.delete(supplierCatalogueItems).where(
          and(
            eq(supplierCatalogueItems.supplierId, supplierId),
            rows.length > 0
              ? notInArray(
                  supplierCatalogueItems.ref,
                  rows.map((row) => row.ref),
                )
              : undefined,
          ),
        );
      }
      for (let i = 0; i < rows.length; i += 500) {
        await tx
          .insert(supplierCatalogueItems)
          .values(rows.slice(i, i + 500))
          .onConflictDoUpdate({
            target: [supplierCatalogueItems.supplierId, supplierCatalogueItems.ref],
            set: {
              description: sql`excluded.description`,
              costMinor: sql`excluded.cost_minor`,
              costCurrency: sql`excluded.cost_currency`,
              dataMb: sql`excluded.data_mb`,
              durationDays: sql`excluded.duration_days`,
              coverage: sql`excluded.coverage`,
              hash: sql`excluded.hash`,
              fetchedAt: sql`excluded.fetched_at`,
            },
          });
      }
    });
  }

  return {
    /**
     * Fetches the supplier's whole catalogue, stores it as the supplier's snapshot and answers the
     * products that are new or changed against ours (filter: new, changed or all = both).
     */
    async list(input: { supplierId: string; filter?: SyncFilter }): Promise<SyncListResult> {
      const supplier = await findSupplier(db, input.supplierId);
      const connector = connectorFor(supplier);
      const bundles = await atSupplier(() => connector.listCatalogue());
      const fetchedAt = new Date();
      const minorUnits = await minorUnitsOf(db);
      const rows = bundles.map((bundle) => normalise(supplier, bundle, minorUnits, fetchedAt));
      await storeSnapshot(supplier.id, rows, true);
      const ours = await productsOf(db, supplier.id);
      const all = rows.map((row) => toItem(row, ours.get(row.ref.toLowerCase())));
      const filter = input.filter ?? 'all';
      const items = all
        .filter((item) => (filter === 'all' ? item.status !== 'unchanged' : item.status === filter))
        .sort(
          (a, b) =>
            (a.status === 'changed' ? 0 : 1) - (b.status === 'changed' ? 0 : 1) ||
            a.ref.localeCompare(b.ref),
        );
      return {
        supplierId: supplier.id,
        supplierName: supplier.name,
        fetchedAt: fetchedAt.toISOString(),
        catalogueCount: rows.length,
        newCount: all.filter((item) => item.status === 'new').length,
        changedCount: all.filter((item) => item.status === 'changed').length,
        unchangedCount: all.filter((item) => item.status === 'unchanged').length,
        items,
      };
    },

    /** One supplier product (fetched now, stored as its snapshot) beside ours. */
    async get(input: { supplierId: string; ref: string }): Promise<SyncItem> {
      const supplier = await findSupplier(db, input.supplierId);
      const connector = connectorFor(supplier);
      const bundle = await atSupplier(() => connector.getBundle(input.ref));
      if (!bundle) throw new NotFoundError('Supplier product');
      const row = normalise(supplier, bundle, await minorUnitsOf(db), new Date());
      await storeSnapshot(supplier.id, [row], false);
      const ours = await productsOf(db, supplier.id, [row.ref]);
      return toItem(row, ours.get(row.ref.toLowerCase()));
    },

    /**
     * Applies the snapshots the person saw (each item's hash must still be the stored one, else
     * 409 and nothing changes): creates the new products, updates the differing fields of the
     * changed ones, each audited on the product (old and new), all in one transaction.
     */
    async apply(
      input: { supplierId: string; items: { ref: string; hash: string }[] },
      actor: AuditActor,
    ): Promise<SyncApplyResult> {
      const supplier = await findSupplier(db, input.supplierId);
      if (supplier.deliveryType !== 'api') {
        throw new BusinessRuleError(SUPPLIER_SYNC_MESSAGES.notApi);
      }
      const wanted = new Map(input.items.map((item) => [item.ref, item.hash]));
      const result: SyncApplyResult = { created: 0, updated: 0, items: [] };
      try {
        await db.transaction(async (tx) => {
          const refs = [...wanted.keys()];
          const snapshots = await tx
            .select()
            .from(supplierCatalogueItems)
            .where(
              and(
                eq(supplierCatalogueItems.supplierId, supplier.id),
                inArray(supplierCatalogueItems.ref, refs),
              ),
            )
            .orderBy(asc(supplierCatalogueItems.ref))
            .for('update');
          const byRef = new Map(snapshots.map((row) => [row.ref, row]));
          for (const [ref, hash] of wanted) {
            if (byRef.get(ref)?.hash !== hash)
              throw new ConflictError(SYNC_API_MESSAGES.stale, 'hash');
          }
          const currencies = await tx
            .select({ isoCode: roundCurrency.isoCode })
            .from(roundCurrency)
            .where(eq(roundCurrency.deleteFlag, false));
          const active = new Set(currencies.map((row) => row.isoCode));
          const ours = await tx
            .select()
            .from(products)
            .where(
              and(
                eq(products.supplierId, supplier.id),
                inArray(
                  sql`lower(${products.productCode})`,
                  refs.map((ref) => ref.toLowerCase()),
                ),
              ),
            )
            .orderBy(asc(products.id))
            .for('update');
          const productByRef = new Map(ours.map((row) => [row.productCode.toLowerCase(), row]));
          for (const snapshot of snapshots) {
            const theirs = theirsOf(snapshot);
            const product = productByRef.get(snapshot.ref.toLowerCase());
            if (!product) {
              const ref = snapshot.ref;
              if (ref.length > 50 || !PRODUCT_CODE_PATTERN.test(ref)) {
                throw new BusinessRuleError(SUPPLIER_SYNC_MESSAGES.badCode({ ref }));
              }
              if (!active.has(theirs.costCurrency)) {
                throw new BusinessRuleError(
                  SUPPLIER_SYNC_MESSAGES.badCurrency({ currency: theirs.costCurrency }),
                );
              }
              const [taken] = await tx
                .select({ id: products.id })
                .from(products)
                .where(sql`lower(${products.productCode}) = lower(${ref})`)
                .limit(1);
              if (taken)
                throw new ConflictError(SUPPLIER_SYNC_MESSAGES.codeTaken({ ref }), 'productCode');
              const [created] = await tx
                .insert(products)
                .values({
                  supplierId: supplier.id,
                  name: snapshot.description.slice(0, PRODUCT_NAME_MAX) || ref,
                  productCode: ref,
                  category: null,
                  costMinor: theirs.costMinor,
                  costCurrency: theirs.costCurrency,
                  priceMinor: null,
                  dataMb: theirs.dataMb,
                  durationDays: Math.max(1, theirs.durationDays),
                  coverage: theirs.coverage,
                  type: theirs.durationDays === 1 ? 'daypass' : 'package',
                  network: theirs.coverage.length > 1 ? 'round' : 'local',
                  // Not for sale until someone prices it and sets it active.
                  status: 'inactive',
                  createdBy: actor.email,
                  updatedBy: actor.email,
                })
                .returning();
              if (!created) throw new Error('product not inserted');
              await recordAudit(tx, {
                entityType: productAudit.type,
                entityId: created.id,
                action: 'create',
                actor,
                after: {
                  supplierId: created.supplierId,
                  name: created.name,
                  productCode: created.productCode,
                  ...auditValues(oursOf(created)),
                  type: created.type,
                  network: created.network,
                  status: created.status,
                  source: 'supplier sync',
                },
              });
              result.created += 1;
              result.items.push({ ref, productId: created.id, action: 'created' });
              continue;
            }
            const before = oursOf(product);
            const fields = differingFields(before, theirs);
            if (fields.length === 0) {
              result.items.push({ ref: snapshot.ref, productId: product.id, action: 'unchanged' });
              continue;
            }
            if (fields.includes('cost') && !active.has(theirs.costCurrency)) {
              throw new BusinessRuleError(
                SUPPLIER_SYNC_MESSAGES.badCurrency({ currency: theirs.costCurrency }),
              );
            }
            const set: Partial<typeof products.$inferInsert> = {};
            if (fields.includes('cost')) {
              set.costMinor = theirs.costMinor;
              set.costCurrency = theirs.costCurrency;
            }
            if (fields.includes('dataMb')) set.dataMb = theirs.dataMb;
            if (fields.includes('durationDays'))
              set.durationDays = Math.max(1, theirs.durationDays);
            if (fields.includes('coverage')) set.coverage = theirs.coverage;
            const [after] = await tx
              .update(products)
              .set({
                ...set,
                version: sql`${products.version} + 1`,
                updatedAt: new Date(),
                updatedBy: actor.email,
              })
              .where(eq(products.id, product.id))
              .returning();
            if (!after) throw new Error('product not updated');
            await recordAudit(tx, {
              entityType: productAudit.type,
              entityId: product.id,
              action: 'update',
              actor,
              before: { ...auditValues(before), source: null },
              after: { ...auditValues(oursOf(after)), source: 'supplier sync' },
            });
            result.updated += 1;
            result.items.push({ ref: snapshot.ref, productId: product.id, action: 'updated' });
          }
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new ConflictError(SYNC_API_MESSAGES.stale);
        }
        throw error;
      }
      return result;
    },

    /** API suppliers, paged by name, each with its connector state and eSIM count. */
    async externalSuppliers(input: {
      page: number;
      pageSize: number;
      order?: 'asc' | 'desc';
      search?: string | undefined;
    }): Promise<ListResult<ExternalSupplierItem>> {
      const where = and(
        eq(suppliers.deliveryType, 'api'),
        input.search ? ilike(suppliers.name, containsPattern(input.search)) : undefined,
      );
      const rows = await db
        .select()
        .from(suppliers)
        .where(where)
        .orderBy(
          input.order === 'desc'
            ? sql`lower(${suppliers.name}) desc`
            : sql`lower(${suppliers.name})`,
          asc(suppliers.id),
        )
        .limit(input.pageSize)
        .offset((input.page - 1) * input.pageSize);
      const [count] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(suppliers)
        .where(where);
      const items = await Promise.all(
        rows.map(async (row): Promise<ExternalSupplierItem> => {
          let host: string | null = null;
          try {
            host = row.connectorBaseUrl ? new URL(row.connectorBaseUrl).host : null;
          } catch {
            host = null;
          }
          const base = {
            id: row.id,
            name: row.name,
            status: row.status,
            connectorKind: row.connectorKind,
            host,
          };
          if (row.connectorKind !== 'esimgo') {
            return {
              ...base,
              connectorStatus: 'unsupported',
              esimCount: null,
              message: new SupplierError('unsupported').message,
            };
          }
          if (!row.connectorApiKey || !row.connectorBaseUrl) {
            return {
              ...base,
              connectorStatus: 'noKey',
              esimCount: null,
              message: SUPPLIER_SYNC_MESSAGES.noKey.text,
            };
          }
          try {
            const connector = connectorFor(row, statusTimeoutMs);
            const page = await connector.listEsims(1, 1);
            return {
              ...base,
              connectorStatus: 'ok',
              esimCount: page.rows ?? page.pageCount,
              message: null,
            };
          } catch (error) {
            if (error instanceof SupplierError || error instanceof AppError) {
              return { ...base, connectorStatus: 'error', esimCount: null, message: error.message };
            }
            throw error;
          }
        }),
      );
      return { items, total: count?.total ?? 0, page: input.page, pageSize: input.pageSize };
    },

    /** One page of the eSIMs held at the supplier (activation codes masked). */
    async externalStock(input: {
      supplierId: string;
      page: number;
      pageSize: number;
    }): Promise<ExternalStockListResult> {
      const supplier = await findSupplier(db, input.supplierId);
      const connector = connectorFor(supplier);
      const page = await atSupplier(() => connector.listEsims(input.page, input.pageSize));
      return {
        supplierId: supplier.id,
        supplierName: supplier.name,
        items: page.items.map((esim) => ({
          iccid: esim.iccid,
          status: esim.status,
          bundle: esim.bundle,
          customerRef: esim.customerRef,
          assignedDate: esim.assignedDate,
          actionDate: esim.actionDate,
          activationCodeMasked: esim.activationCode
            ? maskSupplierActivationCode(esim.activationCode)
            : null,
        })),
        total: page.rows ?? page.pageCount * input.pageSize,
        page: input.page,
        pageSize: input.pageSize,
      };
    },
  };
}

export type SupplierSyncService = ReturnType<typeof createSupplierSyncService>;
