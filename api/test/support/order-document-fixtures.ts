/**
 * Fixtures of the order-document tests: a branch of the partner with its issuers (Japan,
 * Thailand, Germany; the first listed is the default), orders of several lines and tax rates
 * written straight into the database with that branch (as the purchase freezes it), payments,
 * and the exchange rates of the converted totals.
 *
 *   const world = await createDocumentWorld(t, { issuers: ['JP', 'TH'] });
 *   const order = await insertDocumentOrder(t, world, { lines: [{ unitPrice: 413, quantity: 3 }] });
 */
import { randomBytes } from 'node:crypto';
import type { IssuerCountry, ReportLanguage } from '@esim/contracts';
import { sql } from 'drizzle-orm';
import { orderAmounts } from '../../src/areas/orders/amounts';
import type { TestContext } from './app';
import { iccidOf, insertPartner, insertStockProduct, type StockProduct } from './order-fixtures';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Valid registration numbers (check digits right), as the branches tests use them. */
export const REGISTRATION: Record<IssuerCountry, string> = {
  JP: 'T7000012050002',
  TH: '0105536093141',
  DE: 'DE136695976',
};

export const ISSUER_NAMES: Record<IssuerCountry, string> = {
  JP: '株式会社テスト通信',
  TH: 'Test Telecom (Thailand) Co., Ltd.',
  DE: 'Test Telecom GmbH',
};

let serial = 0;
const next = () => (serial += 1);

export interface DocumentWorld {
  partnerId: string;
  partnerName: string;
  branchId: string;
  /** Issuer ids by country, in the order they were created (the first is the default). */
  issuers: Partial<Record<IssuerCountry, string>>;
  product: StockProduct;
}

export async function insertBranch(
  t: TestContext,
  options: { partnerId?: string | null; language?: ReportLanguage; templateHtml?: string } = {},
): Promise<string> {
  const n = next();
  const [row] = rowsOf<{ id: string }>(
    await t.database.db.execute(sql`
      INSERT INTO branches (name, code, target, partner_id, report_language, provider_name,
                            template_html, created_by, updated_by)
      VALUES (${`Documents ${n}`}, ${`DOC${n}${randomBytes(2).toString('hex')}`}, 'msp',
              ${options.partnerId ?? null}, ${options.language ?? 'en'}, 'Test Provider',
              ${options.templateHtml ?? null}, 'test', 'test')
      RETURNING id`),
  );
  return row!.id;
}

export async function insertIssuer(
  t: TestContext,
  branchId: string,
  country: IssuerCountry,
): Promise<string> {
  const [row] = rowsOf<{ id: string }>(
    await t.database.db.execute(sql`
      INSERT INTO issuers (branch_id, country_code, legal_name, address, postal_code,
                           registration_number, branch_number, created_by, updated_by)
      VALUES (${branchId}, ${country}, ${ISSUER_NAMES[country]}, ${`${country} Street 1`},
              '100-0001', ${REGISTRATION[country]}, ${country === 'TH' ? '00000' : null},
              'test', 'test')
      RETURNING id`),
  );
  return row!.id;
}

/** A partner, its branch (report language `language`) and the branch's issuers. */
export async function createDocumentWorld(
  t: TestContext,
  options: { issuers?: IssuerCountry[]; language?: ReportLanguage; partnerName?: string } = {},
): Promise<DocumentWorld> {
  const partnerName = options.partnerName ?? `Document Partner ${next()}`;
  const partnerId = await insertPartner(t, partnerName);
  const branchId = await insertBranch(t, { partnerId, language: options.language ?? 'en' });
  const issuers: DocumentWorld['issuers'] = {};
  for (const country of options.issuers ?? ['JP']) {
    issuers[country] = await insertIssuer(t, branchId, country);
  }
  const product = await insertStockProduct(t, 'Japan 7 days');
  return { partnerId, partnerName, branchId, issuers, product };
}

export interface DocumentLineInput {
  unitPrice: number;
  quantity: number;
  taxRate?: number;
  discount?: number;
  productName?: string;
  /** The items' statuses (default: all delivered). */
  statuses?: string[];
}

export interface DocumentOrder {
  id: string;
  orderNo: string;
  /** Item ids per line, in position order. */
  items: string[][];
  iccids: string[][];
  finalPrice: number;
}

/** An order of the world's partner and branch, priced as the purchase prices it. */
export async function insertDocumentOrder(
  t: TestContext,
  world: DocumentWorld,
  options: {
    lines: DocumentLineInput[];
    branchId?: string | null;
    paid?: boolean;
    purchasedAt?: string;
  },
): Promise<DocumentOrder> {
  const n = next();
  const db = t.database.db;
  const lines = options.lines.map((line) => ({
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    unitCost: 100,
    taxRate: line.taxRate ?? 10,
    discount: line.discount ?? 0,
  }));
  const amounts = orderAmounts(lines, 'VAT');
  const orderNo = `O261126-${String(900_000 + n).padStart(6, '0')}`;
  const branchId = options.branchId === undefined ? world.branchId : options.branchId;
  const [order] = rowsOf<{ id: string }>(
    await db.execute(sql`
      INSERT INTO orders (order_no, partner_id, partner_name, branch_id, tariff_code, pricing_rule,
        customer_name, purchase_price, sub_total, discount, tax_total, total_amount, final_price,
        taxes, paid_amount, payment_status, processing_status, idempotency_key, request_hash,
        purchased_at, created_by, updated_by)
      VALUES (${orderNo}, ${world.partnerId}, ${world.partnerName}, ${branchId}, 'TC-TEST',
        '{}'::jsonb, ${`Customer ${n}`}, ${amounts.purchasePrice}, ${amounts.subTotal},
        ${amounts.discount}, ${amounts.taxTotal}, ${amounts.totalAmount}, ${amounts.finalPrice},
        ${JSON.stringify(amounts.taxes)}::jsonb, ${options.paid ? amounts.finalPrice : 0},
        ${options.paid ? 'paid' : 'not_yet_paid'}, 'success',
        ${`document-key-${n}-${randomBytes(4).toString('hex')}`}, 'fixture',
        ${options.purchasedAt ?? '2026-11-20T03:00:00Z'}::timestamptz, 'test', 'test')
      RETURNING id`),
  );
  if (options.paid && amounts.finalPrice > 0) {
    await db.execute(sql`
      INSERT INTO order_payments (order_id, partner_id, amount, paid_on, method, created_by)
      VALUES (${order!.id}, ${world.partnerId}, ${amounts.finalPrice}, '2026-11-22', 'bank',
              'test')`);
  }
  const items: string[][] = [];
  const iccids: string[][] = [];
  let position = 0;
  for (const [index, line] of options.lines.entries()) {
    const total = amounts.lineTotals[index]!;
    const [row] = rowsOf<{ id: string }>(
      await db.execute(sql`
        INSERT INTO order_lines (order_id, partner_id, position, product_id, product_code,
          product_name, supplier_id, delivery_type, duration_days, quantity, unit_cost,
          unit_price, price_source, line_total, discount, tax_rate)
        VALUES (${order!.id}, ${world.partnerId}, ${index + 1}, ${world.product.productId},
          ${`${world.product.productCode}-${index + 1}`}, ${line.productName ?? `eSIM ${index + 1}`},
          ${world.product.supplierId}, 'stock', 7, ${line.quantity}, 100, ${line.unitPrice},
          'manual', ${total}, ${line.discount ?? 0}, ${line.taxRate ?? 10})
        RETURNING id`),
    );
    const lineItems: string[] = [];
    const lineIccids: string[] = [];
    for (let k = 0; k < line.quantity; k += 1) {
      position += 1;
      const iccid = iccidOf(8_000_000 + n * 100 + position);
      const [item] = rowsOf<{ id: string }>(
        await db.execute(sql`
          INSERT INTO order_items (order_id, line_id, partner_id, position, status, iccid,
                                   updated_by)
          VALUES (${order!.id}, ${row!.id}, ${world.partnerId}, ${position},
                  ${line.statuses?.[k] ?? 'delivered'}, ${iccid}, 'test')
          RETURNING id`),
      );
      lineItems.push(item!.id);
      lineIccids.push(iccid);
    }
    items.push(lineItems);
    iccids.push(lineIccids);
  }
  return { id: order!.id, orderNo, items, iccids, finalPrice: amounts.finalPrice };
}

/** JPY per unit of each currency, effective from `from` (a day). */
export async function insertRates(
  t: TestContext,
  rates: Record<string, string>,
  from = '2020-01-01',
): Promise<void> {
  for (const [currency, rate] of Object.entries(rates)) {
    await t.database.db.execute(sql`
      INSERT INTO exchange_rates (currency, rate, effective_date, created_by)
      VALUES (${currency}, ${rate}, ${from}, 'test')`);
  }
}

/** Raw SQL on one connection (the database's own refusals, without the API). */
export function rawQuery(t: TestContext, text: string, params?: unknown[]) {
  return t.database.withConnection((query) => query(text, params));
}
