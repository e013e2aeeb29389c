import {
  PRODUCT_CODE_PATTERN,
  MAX_LENGTH,
  MAX_PRICE_JPY,
  TARIFF_IMPORT_COLUMNS,
  TARIFF_IMPORT_ERROR_KEYS,
  TARIFF_IMPORT_MAX_ROWS,
  TARIFF_API_MESSAGES,
  type ApiMessage,
  type CopyTariffProductsResult,
  type CsvRowError,
  type PriceSource,
  type TariffImportResult,
  type TariffImportRow,
  type TariffProductItem,
  type TariffProductList,
  type TariffProductSortColumn,
} from '@esim/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  recordAudit,
  type AuditActor,
  type AuditSnapshot,
  type Queryable,
  type Tx,
} from '../../audit';
import {
  CsvSyntaxError,
  RowErrorList,
  boundedAnswer,
  importValidationError,
  invalidField,
  readCsv,
  rowError,
  type CsvRecord,
} from '../../csv';
import { products, tariffPrices } from '../../db/schema';
import {
  BusinessRuleError,
  NOT_FOUND_MESSAGES,
  NotFoundError,
  PayloadTooLargeError,
} from '../../http/errors';
import type { AreaDeps } from '../types';
import { MissingExchangeRateError } from '../exchange-rates/public';
import {
  productList,
  queryProductList,
  type PricingContext,
  type ProductListFilters,
} from './prices';
import { createTariffService, tariffCodeAudit } from './service';

/*
 * Manual prices of tariff codes: the product list, setting/clearing one price, copying prices
 * between codes and the CSV import. Every change is one audit entry of the code whose fields are
 * 'price.<productCode>' (before/after in whole JPY; null = no manual price).
 */

export interface TariffProductListInput extends ProductListFilters {
  tariffCode: string;
  page: number;
  pageSize: number;
  sort?: TariffProductSortColumn | undefined;
  order: 'asc' | 'desc';
  priceSource?: PriceSource | undefined;
}

const priceField = (productCode: string) => `price.${productCode}`;

/** Business errors of an import row: English text with a key the console translates. */
function businessRowError(
  row: number,
  key: keyof typeof TARIFF_IMPORT_ERROR_KEYS,
  message: ApiMessage,
  field?: string,
): CsvRowError {
  return {
    row,
    ...(field ? { field } : {}),
    message: message.text,
    key: TARIFF_IMPORT_ERROR_KEYS[key],
  };
}

/** The messages of the import's business row errors (TARIFF_IMPORT_ERROR_KEYS). */
const IMPORT_ROW_MESSAGES = {
  [TARIFF_IMPORT_ERROR_KEYS.productNotFound]: NOT_FOUND_MESSAGES.product,
  [TARIFF_IMPORT_ERROR_KEYS.noSellingPrice]: TARIFF_API_MESSAGES.noSellingPrice,
  [TARIFF_IMPORT_ERROR_KEYS.noJpyPrice]: TARIFF_API_MESSAGES.noJpyPrice,
};

export function createTariffPriceService({ db }: Pick<AreaDeps, 'db'>) {
  const tariffs = createTariffService({ db });

  async function context(
    q: Queryable,
    tariffCode: string,
  ): Promise<PricingContext & { tariffCode: string }> {
    const resolved = await tariffs.resolveCode(q, tariffCode);
    return {
      tariffCodeId: resolved.code.id,
      tariffCode: resolved.code.tariffCode,
      rule: resolved.rule,
      inputMode: resolved.inputMode,
    };
  }

  /** One product of a code, priced (404 for an unknown product, 422 without its rate). */
  async function pricedProduct(
    q: Queryable,
    ctx: PricingContext,
    productId: string,
  ): Promise<TariffProductItem> {
    const outcome = await queryProductList(
      q,
      ctx,
      { productIds: [productId] },
      {
        page: 1,
        pageSize: 1,
        order: 'asc',
      },
    );
    const item = outcome.items[0];
    if (!item) throw new NotFoundError('Product');
    if (outcome.missingCurrency) throw new MissingExchangeRateError(outcome.missingCurrency);
    return item;
  }

  /** Upserts / deletes manual prices and writes the code's audit entry (only real changes). */
  async function writePrices(
    tx: Tx,
    tariffCodeId: string,
    changes: {
      productId: string;
      productCode: string;
      before: number | null;
      after: number | null;
    }[],
    actor: AuditActor,
  ): Promise<number> {
    const real = changes.filter((change) => change.before !== change.after);
    const sets = real.filter((change) => change.after !== null);
    const clears = real.filter((change) => change.after === null);
    const CHUNK = 5000;
    for (let start = 0; start < sets.length; start += CHUNK) {
      const chunk = sets.slice(start, start + CHUNK);
      await tx
        .insert(tariffPrices)
        .values(
          chunk.map((change) => ({
            tariffCodeId,
            productId: change.productId,
            priceJpy: change.after as number,
            updatedBy: actor.email,
          })),
        )
        .onConflictDoUpdate({
          target: [tariffPrices.tariffCodeId, tariffPrices.productId],
          set: {
            priceJpy: sql`excluded.price_jpy`,
            updatedAt: sql`now()`,
            updatedBy: sql`excluded.updated_by`,
          },
        });
    }
    for (let start = 0; start < clears.length; start += CHUNK) {
      const chunk = clears.slice(start, start + CHUNK);
      await tx.delete(tariffPrices).where(
        and(
          eq(tariffPrices.tariffCodeId, tariffCodeId),
          inArray(
            tariffPrices.productId,
            chunk.map((change) => change.productId),
          ),
        ),
      );
    }
    if (real.length > 0) {
      const before: AuditSnapshot = {};
      const after: AuditSnapshot = {};
      for (const change of real) {
        before[priceField(change.productCode)] = change.before;
        after[priceField(change.productCode)] = change.after;
      }
      await recordAudit(tx, {
        entityType: tariffCodeAudit.type,
        entityId: tariffCodeId,
        action: 'update',
        actor,
        before,
        after,
      });
    }
    return real.length;
  }

  return {
    async list(input: TariffProductListInput): Promise<TariffProductList> {
      const ctx = await context(db, input.tariffCode);
      const { tariffCode: _code, page, pageSize, sort, order, ...filters } = input;
      return productList(db, ctx, filters, { page, pageSize, sort, order });
    },

    /**
     * Sets (above the cost at today's rate, else 400 'Selling Price must be greater than Cost
     * Price.') or clears (null) one manual price. Answers the product's row as the list shows it.
     */
    async setProductPrice(
      input: { tariffCode: string; productId: string; sellingPriceJpy: number | null },
      actor: AuditActor,
    ): Promise<TariffProductItem> {
      return db.transaction(async (tx) => {
        const ctx = await context(tx, input.tariffCode);
        const item = await pricedProduct(tx, ctx, input.productId);
        if (input.sellingPriceJpy !== null && input.sellingPriceJpy <= item.costJpy) {
          invalidField('sellingPriceJpy', 'sellingAboveCost');
        }
        await writePrices(
          tx,
          ctx.tariffCodeId,
          [
            {
              productId: item.productId,
              productCode: item.productCode,
              before: item.manualPrice,
              after: input.sellingPriceJpy,
            },
          ],
          actor,
        );
        return pricedProduct(tx, ctx, input.productId);
      });
    },

    /**
     * Manual prices of `sourceTariffCode` into `targetTariffCode`: all of them, or those of
     * `productIds` (a listed product without a source price is cleared in the target).
     */
    async copyProducts(
      input: {
        sourceTariffCode: string;
        targetTariffCode: string;
        productIds?: string[] | undefined;
      },
      actor: AuditActor,
    ): Promise<CopyTariffProductsResult> {
      return db.transaction(async (tx) => {
        const source = await tariffs.codeByCode(tx, input.sourceTariffCode);
        const target = await tariffs.codeByCode(tx, input.targetTariffCode, true);
        if (source.id === target.id) throw new BusinessRuleError(TARIFF_API_MESSAGES.sameCode);
        const selected = input.productIds ? [...new Set(input.productIds)] : null;
        if (selected && selected.length > 0) {
          const found = await tx
            .select({ id: products.id })
            .from(products)
            .where(inArray(products.id, selected));
          if (found.length !== selected.length) throw new NotFoundError('Product');
        }
        const restrict = selected && selected.length > 0 ? selected : null;
        const rows = await tx
          .select({
            productId: products.id,
            productCode: products.productCode,
            source: sql<
              number | null
            >`(SELECT price_jpy FROM tariff_prices WHERE tariff_code_id = ${source.id} AND product_id = ${products.id})`,
            target: sql<
              number | null
            >`(SELECT price_jpy FROM tariff_prices WHERE tariff_code_id = ${target.id} AND product_id = ${products.id})`,
          })
          .from(products)
          .where(
            restrict
              ? inArray(products.id, restrict)
              : sql`EXISTS (SELECT 1 FROM tariff_prices WHERE tariff_code_id = ${source.id} AND product_id = ${products.id})`,
          );
        const changes = rows.map((row) => ({
          productId: row.productId,
          productCode: row.productCode,
          before: row.target,
          after: row.source,
        }));
        await writePrices(tx, target.id, changes, actor);
        return {
          sourceTariffCode: source.tariffCode,
          targetTariffCode: target.tariffCode,
          copied: changes.filter((change) => change.after !== null).length,
          cleared: changes.filter((change) => change.after === null && change.before !== null)
            .length,
        };
      });
    },

    /**
     * CSV import of manual prices: every row checked (dry run answers them), then all-or-nothing.
     * Runs in one transaction, so the checks and the writes see the same data.
     */
    async importPrices(
      input: { tariffCode: string; csv: string; dryRun: boolean },
      actor: AuditActor,
    ): Promise<TariffImportResult> {
      let records: CsvRecord[];
      try {
        records = await readTariffCsv(input.csv);
      } catch (error) {
        if (!(error instanceof CsvSyntaxError)) throw error;
        const syntax = rowError(error.row, 'invalidRowFormat', {
          name: 'csv',
          rowCount: error.row,
        });
        if (!input.dryRun) throw importValidationError([syntax]);
        return emptyResult(input, syntax);
      }
      const header = records[0];
      if (
        header &&
        header.values.length === TARIFF_IMPORT_COLUMNS.length &&
        header.values.every(
          (value, index) =>
            value.trim().toLowerCase() === TARIFF_IMPORT_COLUMNS[index]?.toLowerCase(),
        )
      ) {
        records = records.slice(1);
      }
      if (records.length === 0) invalidField('csv', 'fileEmpty');
      if (records.length > TARIFF_IMPORT_MAX_ROWS) throw new PayloadTooLargeError();

      return db.transaction(async (tx) => {
        const ctx = await context(tx, input.tariffCode);
        const seen = new Set<string>();
        const parsed = records.map((record) => parseRow(record, seen));

        // The products named, priced as the product list prices them (today's rates).
        const codes = [...seen];
        const priced =
          codes.length === 0
            ? []
            : (
                await queryProductList(
                  tx,
                  ctx,
                  { productCodes: codes },
                  { page: 1, pageSize: null, order: 'asc' },
                )
              ).items;
        const byCode = new Map(priced.map((item) => [item.productCode.toLowerCase(), item]));

        const errors = new RowErrorList();
        const checked = parsed.map(({ row, errors: rowErrors, codeValid }) => {
          const item = codeValid ? byCode.get(row.productCode.toLowerCase()) : undefined;
          if (codeValid && !item) {
            rowErrors.push(
              businessRowError(
                row.row,
                'productNotFound',
                NOT_FOUND_MESSAGES.product,
                'productCode',
              ),
            );
          }
          if (item) {
            row.productId = item.productId;
            row.productName = item.name;
            row.costCurrency = item.costCurrency;
            row.currentPrice = item.manualPrice;
            if (item.exchangeRate === '') {
              rowErrors.push(
                businessRowError(
                  row.row,
                  'noJpyPrice',
                  TARIFF_API_MESSAGES.noJpyPrice,
                  'productCode',
                ),
              );
            } else {
              row.costJpy = item.costJpy;
              if (row.sellingPriceJpy !== null && row.sellingPriceJpy <= item.costJpy) {
                rowErrors.push(rowError(row.row, 'sellingAboveCost', undefined, 'sellingPriceJpy'));
              }
            }
          }
          for (const error of rowErrors) errors.add(error);
          row.action =
            rowErrors.length > 0
              ? 'error'
              : row.sellingPriceJpy === row.currentPrice
                ? 'unchanged'
                : 'set';
          return row;
        });

        const invalid = checked.filter((row) => row.action === 'error').length;
        const changedRows = checked.filter((row) => row.action === 'set');
        const result: TariffImportResult = {
          tariffCode: ctx.tariffCode,
          dryRun: input.dryRun,
          ...boundedAnswer(checked, errors),
          imported: 0,
          summary: {
            total: checked.length,
            valid: checked.length - invalid,
            invalid,
            changed: changedRows.length,
            unchanged: checked.filter((row) => row.action === 'unchanged').length,
          },
        };
        if (input.dryRun) return result;
        if (errors.count > 0) throw importValidationError(errors.errors, IMPORT_ROW_MESSAGES);
        result.imported = await writePrices(
          tx,
          ctx.tariffCodeId,
          changedRows.map((row) => ({
            productId: row.productId as string,
            productCode: row.productCode,
            before: row.currentPrice,
            after: row.sellingPriceJpy,
          })),
          actor,
        );
        return result;
      });
    },
  };
}

/** Format checks of one CSV row (columns, product code, duplicates, selling price). */
function parseRow(
  record: { row: number; values: string[] },
  seen: Set<string>,
): { row: TariffImportRow & { row: number }; errors: CsvRowError[]; codeValid: boolean } {
  const errors: CsvRowError[] = [];
  const [rawCode = '', rawPrice = ''] = record.values;
  const productCode = rawCode.trim();
  const priceText = rawPrice.trim();
  const row: TariffImportRow & { row: number } = {
    row: record.row,
    productCode,
    sellingPriceJpy: null,
    productId: null,
    productName: null,
    costCurrency: null,
    costJpy: null,
    currentPrice: null,
    action: 'error',
  };
  if (record.values.length !== TARIFF_IMPORT_COLUMNS.length) {
    errors.push(
      rowError(record.row, 'csvColumnCount', { columnCount: TARIFF_IMPORT_COLUMNS.length }),
    );
    return { row, errors, codeValid: false };
  }
  let codeValid = false;
  if (
    productCode === '' ||
    productCode.length > MAX_LENGTH.code ||
    !PRODUCT_CODE_PATTERN.test(productCode)
  ) {
    errors.push(
      rowError(
        record.row,
        'invalidRowFormat',
        { name: 'productCode', rowCount: record.row },
        'productCode',
      ),
    );
  } else if (seen.has(productCode.toLowerCase())) {
    errors.push(rowError(record.row, 'duplicate', { name: 'productCode' }, 'productCode'));
  } else {
    seen.add(productCode.toLowerCase());
    codeValid = true;
  }
  if (priceText === '') {
    errors.push(
      businessRowError(
        record.row,
        'noSellingPrice',
        TARIFF_API_MESSAGES.noSellingPrice,
        'sellingPriceJpy',
      ),
    );
  } else if (
    !/^\d{1,10}$/.test(priceText) ||
    Number(priceText) < 1 ||
    Number(priceText) > MAX_PRICE_JPY
  ) {
    errors.push(
      rowError(
        record.row,
        'invalidRowFormat',
        { name: 'sellingPriceJpy', rowCount: record.row },
        'sellingPriceJpy',
      ),
    );
  } else {
    row.sellingPriceJpy = Number(priceText);
  }
  return { row, errors, codeValid };
}

/**
 * The records of an import file, reading no further than one past the row limit (a header and
 * TARIFF_IMPORT_MAX_ROWS rows at most are kept; more answers 413).
 */
async function readTariffCsv(csv: string): Promise<CsvRecord[]> {
  const records: CsvRecord[] = [];
  for await (const record of readCsv(csv)) {
    records.push(record);
    if (records.length > TARIFF_IMPORT_MAX_ROWS + 1) break;
  }
  return records;
}

function emptyResult(
  input: { tariffCode: string; dryRun: boolean },
  error: CsvRowError,
): TariffImportResult {
  return {
    tariffCode: input.tariffCode,
    dryRun: input.dryRun,
    rows: [],
    rowCount: 0,
    errors: [error],
    errorCount: 1,
    imported: 0,
    summary: { total: 0, valid: 0, invalid: 0, changed: 0, unchanged: 0 },
  };
}

export type TariffPriceService = ReturnType<typeof createTariffPriceService>;
