/**
 * The products area (docs/products.md): product list / export / detail, create and update, the
 * selling and special price, labels, and the price list across products and tariff codes.
 * Writes go through ./records.ts (validation, audit in the same transaction).
 */
import {
  BASE_CURRENCY,
  PRODUCT_API_MESSAGES,
  computePrice,
  grossProfitPercent,
  resolveRule,
  type CreateProductValues,
  type ProductDetail,
  type ProductLabelList,
  type ProductList,
  type ProductListItem,
  type ProductPriceList,
  type ProductPriceListItem,
  type ProductPriceSortColumn,
  type ProductPrices,
  type ProductSortColumn,
  type ProductTariffPrice,
  type UpdateProductValues,
} from '@esim/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { AuditActor, Queryable } from '../../audit';
import { invalidField, type CsvValue } from '../../csv';
import { suppliers, tariffCodes, tariffGroups, tariffPrices } from '../../db/schema';
import { BusinessRuleError, NotFoundError, StaleVersionError } from '../../http/errors';
import { loadEnglishCatalog } from '../../http/messages';
import { MissingExchangeRateError, convertToJpy, getCurrentRates } from '../exchange-rates/public';
import { iso, rowsOf } from '../list-helpers';
import { codeOverrides, groupRule } from '../tariffs/public';
import type { AreaDeps } from '../types';
import {
  num,
  priceSourceOf,
  queryCatalogue,
  rateOf,
  textArray,
  type CatalogueFilters,
  type CatalogueRow,
  type TariffColumns,
} from './queries';
import {
  assertAboveCost,
  canonicalLabels,
  createProductRecord,
  findProductRow,
  productToday,
  updateProductFields,
  writeProductChange,
} from './records';

export interface ProductListInput extends CatalogueFilters {
  page: number;
  pageSize: number;
  sort?: ProductSortColumn | undefined;
  order: 'asc' | 'desc';
}

export interface ProductPriceListInput extends Omit<CatalogueFilters, 'label'> {
  page: number;
  pageSize: number;
  sort?: ProductPriceSortColumn | undefined;
  order: 'asc' | 'desc';
  tariffCodeId?: string | undefined;
}

/** Most rows an export writes. */
export const PRODUCT_EXPORT_MAX_ROWS = 100_000;

function toListItem(row: CatalogueRow): ProductListItem {
  const sellingPriceJpy = num(row.selling_price_jpy);
  const specialPriceJpy = num(row.special_price_jpy);
  return {
    id: row.id,
    supplierId: row.supplier_id,
    supplierName: row.supplier_name,
    supplierDeliveryType: row.supplier_delivery_type,
    name: row.name,
    productCode: row.product_code,
    iccid: row.iccid,
    category: row.category,
    costMinor: Number(row.cost_minor),
    costCurrency: row.cost_currency,
    priceMinor: num(row.price_minor),
    dataMb: num(row.data_mb),
    durationDays: Number(row.duration_days),
    display: row.display,
    coverage: textArray(row.coverage),
    throttlingSpeed: Number(row.throttling_speed),
    apnType: row.apn_type,
    apnValue: row.apn_value,
    description: row.description,
    type: row.type,
    network: row.network,
    status: row.status,
    sellingPriceJpy,
    specialPriceJpy,
    specialFrom: row.special_from,
    specialTo: row.special_to,
    labels: textArray(row.labels),
    version: Number(row.version),
    createdDate: iso(row.created_at),
    updatedDate: iso(row.updated_at),
    createdBy: row.created_by,
    updatedBy: row.updated_by,
    exchangeRate: rateOf(row),
    costJpy: num(row.cost_jpy),
    specialActive: row.special_active,
    currentPriceJpy: row.special_active ? specialPriceJpy : sellingPriceJpy,
    grossProfit: num(row.gross_profit),
    grossProfitPercent: num(row.gross_profit_percent),
    sellingGrossProfit: num(row.selling_gross_profit),
    sellingGrossProfitPercent: num(row.selling_gross_profit_percent),
  };
}

function toPriceItem(row: CatalogueRow, withTariff: boolean): ProductPriceListItem {
  const tariffPrice = num(row.tariff_price);
  return {
    productId: row.id,
    productCode: row.product_code,
    name: row.name,
    supplierId: row.supplier_id,
    supplierName: row.supplier_name,
    category: row.category,
    type: row.type,
    network: row.network,
    coverage: textArray(row.coverage),
    dataMb: num(row.data_mb),
    durationDays: Number(row.duration_days),
    status: row.status,
    costMinor: Number(row.cost_minor),
    costCurrency: row.cost_currency,
    exchangeRate: rateOf(row) ?? '',
    costJpy: num(row.cost_jpy) ?? 0,
    sellingPriceJpy: num(row.selling_price_jpy),
    specialPriceJpy: num(row.special_price_jpy),
    specialFrom: row.special_from,
    specialTo: row.special_to,
    specialActive: row.special_active,
    grossProfit: num(row.gross_profit),
    grossProfitPercent: num(row.gross_profit_percent),
    sellingGrossProfit: num(row.selling_gross_profit),
    sellingGrossProfitPercent: num(row.selling_gross_profit_percent),
    tariffPrice,
    tariffPriceSource: withTariff ? priceSourceOf(num(row.manual_price), tariffPrice) : null,
    tariffGrossProfit: num(row.tariff_gross_profit),
    tariffGrossProfitPercent: num(row.tariff_gross_profit_percent),
  };
}

/** An amount in minor units as CSV text in its currency's units ('12.34' for USD 1234). */
function majorUnits(
  amountMinor: number,
  currency: string,
  minorUnits: Map<string, number>,
): string {
  const digits = currency === BASE_CURRENCY ? 0 : (minorUnits.get(currency) ?? 2);
  if (digits === 0) return String(amountMinor);
  const text = String(amountMinor).padStart(digits + 1, '0');
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

const PRODUCT_EXPORT_COLUMNS: [
  string,
  (item: ProductListItem, units: Map<string, number>) => CsvValue,
][] = [
  ['productCode', (item) => item.productCode],
  ['name', (item) => item.name],
  ['display', (item) => item.display],
  ['iccid', (item) => item.iccid],
  ['supplierName', (item) => item.supplierName],
  ['category', (item) => item.category],
  ['type', (item) => item.type],
  ['network', (item) => item.network],
  ['status', (item) => item.status],
  ['dataMb', (item) => item.dataMb],
  ['durationDays', (item) => item.durationDays],
  ['coverage', (item) => item.coverage.join(' ')],
  ['throttlingSpeed', (item) => item.throttlingSpeed],
  ['apnType', (item) => item.apnType],
  ['apnValue', (item) => item.apnValue],
  ['costCurrency', (item) => item.costCurrency],
  ['cost', (item, units) => majorUnits(item.costMinor, item.costCurrency, units)],
  ['exchangeRate', (item) => item.exchangeRate],
  ['costJpy', (item) => item.costJpy],
  ['sellingPriceJpy', (item) => item.sellingPriceJpy],
  ['specialPrice', (item) => item.specialPriceJpy],
  ['specialPriceFrom', (item) => item.specialFrom],
  ['specialPriceTo', (item) => item.specialTo],
  ['grossProfit', (item) => item.grossProfit],
  ['grossProfitPercent', (item) => item.grossProfitPercent],
  ['labels', (item) => item.labels.join(', ')],
  ['description', (item) => item.description],
  ['createdDate', (item) => item.createdDate],
  ['updatedDate', (item) => item.updatedDate],
];

const PRICE_EXPORT_COLUMNS: [
  string,
  (item: ProductPriceListItem, units: Map<string, number>) => CsvValue,
][] = [
  ['productCode', (item) => item.productCode],
  ['name', (item) => item.name],
  ['supplierName', (item) => item.supplierName],
  ['category', (item) => item.category],
  ['type', (item) => item.type],
  ['network', (item) => item.network],
  ['coverage', (item) => item.coverage.join(' ')],
  ['dataMb', (item) => item.dataMb],
  ['durationDays', (item) => item.durationDays],
  ['costCurrency', (item) => item.costCurrency],
  ['cost', (item, units) => majorUnits(item.costMinor, item.costCurrency, units)],
  ['exchangeRate', (item) => item.exchangeRate],
  ['costJpy', (item) => item.costJpy],
  ['sellingPriceJpy', (item) => item.sellingPriceJpy],
  ['specialPrice', (item) => item.specialPriceJpy],
  ['specialPriceFrom', (item) => item.specialFrom],
  ['specialPriceTo', (item) => item.specialTo],
  ['grossProfit', (item) => item.grossProfit],
  ['grossProfitPercent', (item) => item.grossProfitPercent],
];

const TARIFF_EXPORT_COLUMNS: [string, (item: ProductPriceListItem) => CsvValue][] = [
  ['tariffCode', () => null],
  ['sellingPrice', (item) => item.tariffPrice],
  ['priceSource', (item) => item.tariffPriceSource],
  ['grossProfit', (item) => item.tariffGrossProfit],
  ['grossProfitPercent', (item) => item.tariffGrossProfitPercent],
];

export function createProductService({ db }: Pick<AreaDeps, 'db'>) {
  async function minorUnitsMap(q: Queryable): Promise<Map<string, number>> {
    const list = rowsOf<{ iso_code: string; minor_units: number }>(
      await q.execute(sql`SELECT iso_code, minor_units FROM round_currency`),
    );
    return new Map(list.map((row) => [row.iso_code, Number(row.minor_units)]));
  }

  async function tariffColumns(q: Queryable, tariffCodeId: string) {
    const [row] = await q
      .select({ code: tariffCodes, group: tariffGroups })
      .from(tariffCodes)
      .innerJoin(tariffGroups, eq(tariffGroups.id, tariffCodes.groupId))
      .where(eq(tariffCodes.id, tariffCodeId))
      .limit(1);
    if (!row) invalidField('tariffCodeId', 'invalidFormat', { format: 'tariff code' });
    const columns: TariffColumns = {
      tariffCodeId: row.code.id,
      rule: resolveRule(groupRule(row.group), codeOverrides(row.code)),
      inputMode: row.group.inputMode,
    };
    return { columns, code: row.code };
  }

  /** One product as the list shows it (costJpy null without a rate); 404 when unknown. */
  async function listItem(q: Queryable, id: string): Promise<ProductListItem> {
    const outcome = await queryCatalogue(q, {
      filters: { productIds: [id] },
      order: 'asc',
      page: 1,
      pageSize: 1,
      today: productToday(),
    });
    const row = outcome.rows[0];
    if (!row) throw new NotFoundError('Product');
    return toListItem(row);
  }

  /**
   * The product's price in every tariff code: the code's rule (contracts computePrice, the same
   * function tariffs use) on the cost and list price at today's rate, the manual price, the
   * effective price (manual, else computed in input mode auto) and its gross profit.
   */
  async function tariffPricesOf(
    q: Queryable,
    item: ProductListItem,
  ): Promise<ProductTariffPrice[]> {
    const rows = await q
      .select({ code: tariffCodes, group: tariffGroups, manual: tariffPrices.priceJpy })
      .from(tariffCodes)
      .innerJoin(tariffGroups, eq(tariffGroups.id, tariffCodes.groupId))
      .leftJoin(
        tariffPrices,
        sql`${tariffPrices.tariffCodeId} = ${tariffCodes.id} AND ${tariffPrices.productId} = ${item.id}`,
      )
      .orderBy(
        asc(sql`lower(${tariffGroups.tariffGroup})`),
        asc(sql`lower(${tariffCodes.tariffCode})`),
      );
    let priceJpy: number | null = null;
    if (item.priceMinor !== null && item.costJpy !== null) {
      const rates = await getCurrentRates(q, [item.costCurrency]);
      priceJpy = convertToJpy(item.priceMinor, item.costCurrency, rates);
    }
    const costJpy = item.costJpy;
    return rows.map(({ code, group, manual }) => {
      const rule = resolveRule(groupRule(group), codeOverrides(code));
      const computed = costJpy === null ? null : computePrice({ costJpy, priceJpy }, rule);
      const manualPrice = manual ?? null;
      const effective = manualPrice ?? (group.inputMode === 'auto' ? computed : null);
      return {
        tariffCodeId: code.id,
        tariffCode: code.tariffCode,
        tariffCodeName: code.name,
        tariffGroupId: group.id,
        tariffGroup: group.tariffGroup,
        tariffGroupName: group.name,
        rule,
        inputMode: group.inputMode,
        costJpy,
        priceJpy,
        computedPrice: computed,
        manualPrice,
        effectivePrice: effective,
        priceSource: priceSourceOf(manualPrice, effective),
        grossProfit: effective === null || costJpy === null ? null : effective - costJpy,
        grossProfitPercent:
          effective === null || costJpy === null ? null : grossProfitPercent(effective, costJpy),
      };
    });
  }

  async function detail(q: Queryable, id: string): Promise<ProductDetail> {
    const item = await listItem(q, id);
    return { ...item, tariffPrices: await tariffPricesOf(q, item) };
  }

  async function list(input: ProductListInput): Promise<ProductList> {
    const { page, pageSize, sort, order, ...filters } = input;
    const outcome = await queryCatalogue(db, {
      filters,
      sort,
      order,
      page,
      pageSize,
      today: productToday(),
    });
    if (outcome.missingCurrency) throw new MissingExchangeRateError(outcome.missingCurrency);
    return { items: outcome.rows.map(toListItem), total: outcome.total, page, pageSize };
  }

  async function priceList(input: ProductPriceListInput): Promise<ProductPriceList> {
    const { page, pageSize, sort, order, tariffCodeId, ...filters } = input;
    const tariff = tariffCodeId ? await tariffColumns(db, tariffCodeId) : undefined;
    const outcome = await queryCatalogue(db, {
      filters,
      sort,
      order,
      page,
      pageSize,
      tariff: tariff?.columns,
      today: productToday(),
    });
    if (outcome.missingCurrency) throw new MissingExchangeRateError(outcome.missingCurrency);
    return {
      items: outcome.rows.map((row) => toPriceItem(row, tariff !== undefined)),
      total: outcome.total,
      page,
      pageSize,
      tariffCode: tariff
        ? { id: tariff.code.id, tariffCode: tariff.code.tariffCode, name: tariff.code.name }
        : null,
    };
  }

  /** Header (English field labels) and rows of an export; the rate check runs before sending. */
  async function exportRows<T>(
    columns: [string, (item: T, units: Map<string, number>) => CsvValue][],
    rows: T[],
  ): Promise<{ header: string[]; rows: CsvValue[][] }> {
    const labels = loadEnglishCatalog().fields;
    const units = await minorUnitsMap(db);
    return {
      header: columns.map(([key]) => labels[key] ?? key),
      rows: rows.map((item) => columns.map(([, value]) => value(item, units))),
    };
  }

  return {
    list,
    priceList,
    get: (id: string) => detail(db, id),

    /** product/export: every row of the list's filters and order (up to 100,000). */
    async exportCsv(input: Omit<ProductListInput, 'page' | 'pageSize'>) {
      const { sort, order, ...filters } = input;
      const outcome = await queryCatalogue(db, {
        filters,
        sort,
        order,
        page: 1,
        pageSize: PRODUCT_EXPORT_MAX_ROWS,
        today: productToday(),
      });
      if (outcome.missingCurrency) throw new MissingExchangeRateError(outcome.missingCurrency);
      return exportRows(PRODUCT_EXPORT_COLUMNS, outcome.rows.map(toListItem));
    },

    /** product/price/export: the price list's rows (with the tariff code's columns when chosen). */
    async priceExportCsv(input: Omit<ProductPriceListInput, 'page' | 'pageSize'>) {
      const result = await priceList({ ...input, page: 1, pageSize: PRODUCT_EXPORT_MAX_ROWS });
      const exported = await exportRows(PRICE_EXPORT_COLUMNS, result.items);
      if (!result.tariffCode) return exported;
      const labels = loadEnglishCatalog().fields;
      const code = result.tariffCode.tariffCode;
      return {
        header: [
          ...exported.header,
          ...TARIFF_EXPORT_COLUMNS.map(([key]) =>
            key === 'tariffCode' ? (labels.tariffCode ?? key) : `${code} ${labels[key] ?? key}`,
          ),
        ],
        rows: exported.rows.map((row, index) => [
          ...row,
          ...TARIFF_EXPORT_COLUMNS.map(([key, value]) =>
            key === 'tariffCode' ? code : value(result.items[index] as ProductPriceListItem),
          ),
        ]),
      };
    },

    /** POST product: a product of a stock-type supplier entered by hand (422 for an API supplier). */
    async create(input: CreateProductValues, actor: AuditActor): Promise<ProductDetail> {
      const id = await db.transaction(async (tx) => {
        const [supplier] = await tx
          .select({ deliveryType: suppliers.deliveryType })
          .from(suppliers)
          .where(eq(suppliers.id, input.supplierId))
          .limit(1);
        if (supplier?.deliveryType === 'api') {
          throw new BusinessRuleError(PRODUCT_API_MESSAGES.apiSupplier);
        }
        return (await createProductRecord(tx, input, actor)).id;
      });
      return detail(db, id);
    },

    /** PUT product: the descriptive fields with the version loaded (409 when stale). */
    async update(input: UpdateProductValues, actor: AuditActor): Promise<ProductDetail> {
      const { id, version, ...changes } = input;
      await db.transaction((tx) => updateProductFields(tx, id, changes, actor, { version }));
      return detail(db, id);
    },

    /** PUT product/edit-selling-price: above the cost at today's rate. */
    async editSellingPrice(
      input: { id: string; version: number; sellingPriceJpy: number },
      actor: AuditActor,
    ): Promise<ProductDetail> {
      await db.transaction(async (tx) => {
        const before = await findProductRow(tx, input.id, true);
        if (before.version !== input.version) throw new StaleVersionError();
        await assertAboveCost(tx, before, input.sellingPriceJpy, 'sellingPriceJpy');
        await writeProductChange(tx, before, { sellingPriceJpy: input.sellingPriceJpy }, actor);
      });
      return detail(db, input.id);
    },

    /**
     * PUT product/edit-special-price: above the cost at today's rate, period from <= to (schema),
     * specialTo not before today; null clears the price and its period.
     */
    async editSpecialPrice(
      input: {
        id: string;
        version: number;
        specialPriceJpy: number | null;
        specialFrom?: string | null | undefined;
        specialTo?: string | null | undefined;
      },
      actor: AuditActor,
    ): Promise<ProductDetail> {
      const from = input.specialFrom ? input.specialFrom : null;
      const to = input.specialTo ? input.specialTo : null;
      await db.transaction(async (tx) => {
        const before = await findProductRow(tx, input.id, true);
        if (before.version !== input.version) throw new StaleVersionError();
        if (input.specialPriceJpy === null) {
          await writeProductChange(
            tx,
            before,
            { specialPriceJpy: null, specialFrom: null, specialTo: null },
            actor,
          );
          return;
        }
        if (to !== null && to < productToday()) invalidField('specialTo', 'dateNotPast');
        await assertAboveCost(tx, before, input.specialPriceJpy, 'specialPriceJpy');
        await writeProductChange(
          tx,
          before,
          { specialPriceJpy: input.specialPriceJpy, specialFrom: from, specialTo: to },
          actor,
        );
      });
      return detail(db, input.id);
    },

    /** PUT product/label: replaces the labels (normalized, spelled as already in use). */
    async setLabels(
      input: { id: string; version: number; labels: string[] },
      actor: AuditActor,
    ): Promise<ProductDetail> {
      await db.transaction(async (tx) => {
        const before = await findProductRow(tx, input.id, true);
        if (before.version !== input.version) throw new StaleVersionError();
        const labels = await canonicalLabels(tx, input.labels, input.id);
        await writeProductChange(tx, before, { labels }, actor);
      });
      return detail(db, input.id);
    },

    /** GET product/label/list: every label in use with its product count, by label. */
    async labelList(): Promise<ProductLabelList> {
      const result = await db.execute(sql`SELECT l AS label, count(*)::int AS count
        FROM products p CROSS JOIN LATERAL unnest(p.labels) l
        GROUP BY l ORDER BY lower(l), l`);
      const rows = rowsOf<{ label: string; count: number }>(result);
      return { items: rows.map((row) => ({ label: row.label, count: Number(row.count) })) };
    },

    /** GET product/prices: one product's prices in every tariff code (/products-price/detail). */
    async prices(id: string): Promise<ProductPrices> {
      const product = await listItem(db, id);
      if (product.costJpy === null) throw new MissingExchangeRateError(product.costCurrency);
      return { product, prices: await tariffPricesOf(db, product) };
    },
  };
}

export type ProductService = ReturnType<typeof createProductService>;
