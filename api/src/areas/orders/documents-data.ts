/**
 * An order's document as DocumentData (api/src/documents/types.ts): what a preview prints and an
 * issue stores (docs/documents.md "Order documents"). Everything is read here, outside the
 * issuing transaction, and checked before a number is taken: the order, its branch (report
 * language, titles, tax name, template, provider name), the issuer, the chosen eSIMs, the buyer,
 * the exchange rate of the converted totals. A document the engine would refuse
 * (documentDataProblems) is a 422 here, never a failed render later.
 */
import {
  ORDER_DOCUMENT_MESSAGES,
  businessToday,
  normaliseRegistrationNumber,
  registrationNumberProblem,
  REGISTRATION_NUMBER_FORMATS,
  taxForRate,
  type DocumentBuyer,
  type DocumentRequest,
  type IssuerCountry,
  type OrderDocumentType,
  type PaymentStatus,
  type ReportLanguage,
} from '@esim/contracts';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../audit';
import { invalidField } from '../../csv';
import {
  documentDataProblems,
  type DocumentCurrency,
  type DocumentData,
  type DocumentLine,
  type DocumentParty,
  type DocumentTaxLine,
  type DocumentTotals,
} from '../../documents';
import { BusinessRuleError, NotFoundError } from '../../http/errors';
import { getCurrentRates } from '../exchange-rates/public';
import { parseJson, rowsOf } from '../list-helpers';
import type { PartnerScope } from '../partners/public';
import { scopeCondition } from './order-access';
import { textArray } from './pricing';

/** The document currency: orders are JPY. */
const ORDER_CURRENCY = 'JPY' satisfies DocumentCurrency;

/**
 * The totals printed in a second currency: Thailand's VAT in baht (a tax invoice in another
 * currency shows the baht amounts), Germany's VAT in euros (§ 14 (4) no. 8 with § 16 (6) UStG:
 * the tax amount in euros). Japan: none.
 */
const CONVERTED_CURRENCY: Record<IssuerCountry, DocumentCurrency | null> = {
  JP: null,
  TH: 'THB',
  DE: 'EUR',
};

/** Decimals of the printed conversion rate (1 JPY = 0.23255814 THB). */
const RATE_DECIMALS = 8;

export interface OrderForDocument {
  id: string;
  order_no: string;
  partner_id: string;
  partner_name: string;
  branch_id: string | null;
  payment_status: PaymentStatus;
  purchased_at: Date | string;
  /** The day of the last payment (a receipt's payment date). */
  paid_on: string | null;
}

export interface BranchForDocument {
  report_language: ReportLanguage;
  invoice_title: string;
  receipt_title: string;
  tax_name: string;
  template_html: string | null;
  provider_name: string | null;
}

export interface IssuerForDocument {
  id: string;
  branch_id: string;
  country_code: IssuerCountry;
  legal_name: string;
  address: string;
  postal_code: string | null;
  phone: string | null;
  email: string | null;
  registration_number: string;
  branch_number: string | null;
}

export interface ItemForDocument {
  id: string;
  position: number;
  status: string;
  iccid: string | null;
  line_id: string;
  line_position: number;
  product_code: string;
  product_name: string;
  quantity: number;
  unit_price: number | string;
  discount: number | string;
  tax_rate: number | string;
}

interface OriginalForDocument {
  id: string;
  type: OrderDocumentType;
  order_id: string;
  issuer_id: string;
  buyer: DocumentParty | string | null;
  number: string;
  issue_date: string;
  item_ids: string[] | string;
  delivery_date: string | null;
}

/** What an issue stores besides the data (the row of order_documents). */
export interface PreparedDocument {
  data: DocumentData;
  orderId: string;
  orderNo: string;
  partnerId: string;
  branchId: string;
  issuerId: string;
  type: OrderDocumentType;
  year: number;
  itemIds: string[];
  originalId: string | null;
  reason: string | null;
}

/** The order within the caller's scope, or 404. */
export async function orderForDocument(
  q: Queryable,
  orderId: string,
  scope: PartnerScope,
): Promise<OrderForDocument> {
  const [order] = rowsOf<OrderForDocument>(
    await q.execute(sql`
      SELECT o.id, o.order_no, o.partner_id, o.partner_name, o.branch_id, o.payment_status,
             o.purchased_at,
             (SELECT max(p.paid_on)::text FROM order_payments p WHERE p.order_id = o.id) AS paid_on
      FROM orders o WHERE o.id = ${orderId} AND ${scopeCondition(scope)}`),
  );
  if (!order) throw new NotFoundError('Order');
  return order;
}

export async function branchForDocument(
  q: Queryable,
  branchId: string,
): Promise<BranchForDocument> {
  const [branch] = rowsOf<BranchForDocument>(
    await q.execute(sql`
      SELECT report_language, invoice_title, receipt_title, tax_name, template_html, provider_name
      FROM branches WHERE id = ${branchId}`),
  );
  // orders.branch_id references branches ON DELETE RESTRICT: it exists.
  if (!branch) throw new BusinessRuleError(ORDER_DOCUMENT_MESSAGES.noBranch);
  return branch;
}

const ISSUER_COLUMNS = sql`id, branch_id, country_code, legal_name, address, postal_code, phone,
  email, registration_number, branch_number`;

/** The issuers of a branch, first created first (the first is the default). */
export async function branchIssuers(q: Queryable, branchId: string): Promise<IssuerForDocument[]> {
  return rowsOf<IssuerForDocument>(
    await q.execute(sql`
      SELECT ${ISSUER_COLUMNS} FROM issuers WHERE branch_id = ${branchId}
      ORDER BY created_at, id`),
  );
}

/** The issuer asked for (it must be the order's branch's), else the branch's first. */
async function issuerForDocument(
  q: Queryable,
  branchId: string,
  issuerId: string | undefined,
): Promise<IssuerForDocument> {
  if (issuerId) {
    const [issuer] = rowsOf<IssuerForDocument>(
      await q.execute(sql`SELECT ${ISSUER_COLUMNS} FROM issuers WHERE id = ${issuerId}`),
    );
    if (!issuer) throw new NotFoundError('Issuer');
    if (issuer.branch_id !== branchId) {
      throw new BusinessRuleError(ORDER_DOCUMENT_MESSAGES.issuerNotOfBranch);
    }
    return issuer;
  }
  const [first] = await branchIssuers(q, branchId);
  if (!first) throw new BusinessRuleError(ORDER_DOCUMENT_MESSAGES.noIssuer);
  return first;
}

/** Every eSIM of the order with its line, in line and item order. */
export async function orderItemsForDocument(
  q: Queryable,
  orderId: string,
): Promise<ItemForDocument[]> {
  return rowsOf<ItemForDocument>(
    await q.execute(sql`
      SELECT i.id, i.position, i.status, i.iccid, l.id AS line_id, l.position AS line_position,
             l.product_code, l.product_name, l.quantity, l.unit_price, l.discount, l.tax_rate
      FROM order_items i JOIN order_lines l ON l.id = i.line_id
      WHERE i.order_id = ${orderId}
      ORDER BY l.position, i.position`),
  );
}

/** The buyer printed on the partner's latest document, if any. */
export async function lastPrintedBuyer(
  q: Queryable,
  partnerId: string,
): Promise<DocumentParty | null> {
  const [row] = rowsOf<{ buyer: DocumentParty | string | null }>(
    await q.execute(sql`
      SELECT data->'buyer' AS buyer FROM order_documents
      WHERE partner_id = ${partnerId}
      ORDER BY created_at DESC, id DESC LIMIT 1`),
  );
  return row ? parseJson<DocumentParty>(row.buyer) : null;
}

/** The buyer the issue dialog starts from: the last printed one, else the partner's name. */
export function defaultBuyer(last: DocumentParty | null, partnerName: string): DocumentBuyer {
  if (!last) return { name: partnerName };
  return {
    name: last.name,
    address: last.address ?? null,
    postalCode: last.postalCode ?? null,
    taxId: last.taxId ?? null,
    branchNumber: last.branchNumber ?? null,
  };
}

const blankToNull = (text: string | null | undefined): string | null =>
  text && text.trim() !== '' ? text : null;

/**
 * The buyer as printed for the issuer's country: Japan prints the name (and address when given),
 * no tax ID; Thailand the 13-digit tax ID (checked) and branch; Germany a VAT ID (a German one
 * checked; another EU country's printed as given). Thailand and Germany need the address.
 */
function printedBuyer(buyer: DocumentBuyer, country: IssuerCountry): DocumentParty {
  const party: DocumentParty = {
    name: buyer.name,
    address: blankToNull(buyer.address),
    postalCode: blankToNull(buyer.postalCode),
  };
  const rawTaxId = blankToNull(buyer.taxId);
  if (country !== 'JP' && rawTaxId) {
    const taxId = normaliseRegistrationNumber(country, rawTaxId);
    const checked = country === 'TH' || /^DE/.test(taxId);
    const problem = checked ? registrationNumberProblem(country, taxId) : null;
    if (problem === 'format') {
      invalidField('buyer.taxId', 'invalidFormat', {
        format: REGISTRATION_NUMBER_FORMATS[country],
      });
    }
    if (problem === 'checkDigit') invalidField('buyer.taxId', 'checkDigit', { name: 'buyerTaxId' });
    party.taxId = taxId;
  }
  if (country === 'TH') party.branchNumber = blankToNull(buyer.branchNumber);
  if ((country === 'TH' || country === 'DE') && !party.address) {
    throw new BusinessRuleError(ORDER_DOCUMENT_MESSAGES.buyerAddressRequired);
  }
  return party;
}

/** The chosen eSIMs: checked against the order, the type and (credit note) the original. */
async function chosenItems(
  q: Queryable,
  request: DocumentRequest,
  items: readonly ItemForDocument[],
  original: OriginalForDocument | null,
): Promise<ItemForDocument[]> {
  const byId = new Map(items.map((item) => [item.id, item]));
  const asked = request.itemIds
    ? [...new Set(request.itemIds.map((id) => id.toLowerCase()))]
    : null;
  if (asked && asked.some((id) => !byId.has(id))) {
    throw new BusinessRuleError(ORDER_DOCUMENT_MESSAGES.itemsNotInOrder);
  }
  if (!original) {
    const chosen = asked
      ? asked.map((id) => byId.get(id)!)
      : items.filter((item) => item.status === 'delivered');
    if (chosen.length === 0 || chosen.some((item) => item.status !== 'delivered')) {
      throw new BusinessRuleError(ORDER_DOCUMENT_MESSAGES.nothingToDocument);
    }
    return inOrder(chosen);
  }
  const onOriginal = new Set(textArray(original.item_ids));
  const ids = asked ?? [...onOriginal];
  if (ids.some((id) => !onOriginal.has(id))) {
    throw new BusinessRuleError(ORDER_DOCUMENT_MESSAGES.itemsNotInOriginal);
  }
  const chosen = ids.map((id) => byId.get(id)).filter((item) => item !== undefined);
  await refuseCredited(q, original.id, chosen);
  return inOrder(chosen);
}

const inOrder = (items: ItemForDocument[]) =>
  [...items].sort((a, b) => a.line_position - b.line_position || a.position - b.position);

/**
 * 422 alreadyCredited when an eSIM is on another credit note of the invoice. Also run inside the
 * issuing transaction, after the invoice's row is locked: two credit notes at once cannot both
 * credit one eSIM.
 */
export async function refuseCredited(
  q: Queryable,
  originalId: string,
  items: readonly Pick<ItemForDocument, 'id' | 'iccid' | 'position'>[],
): Promise<void> {
  const credited = new Set(
    rowsOf<{ item_id: string }>(
      await q.execute(sql`
        SELECT DISTINCT unnest(item_ids)::text AS item_id FROM order_documents
        WHERE original_id = ${originalId}`),
    ).map((row) => row.item_id),
  );
  const again = items.filter((item) => credited.has(item.id));
  if (again.length > 0) {
    throw new BusinessRuleError(
      ORDER_DOCUMENT_MESSAGES.alreadyCredited({
        items: again.map((item) => item.iccid ?? `#${item.position}`).join(', '),
      }),
    );
  }
}

/** The invoice a credit note corrects: an issued invoice of the same order (422 otherwise). */
async function originalInvoice(
  q: Queryable,
  orderId: string,
  originalId: string | undefined,
): Promise<OriginalForDocument> {
  if (!originalId) throw new BusinessRuleError(ORDER_DOCUMENT_MESSAGES.creditNoteNeedsOriginal);
  const [original] = rowsOf<OriginalForDocument>(
    await q.execute(sql`
      SELECT id, type, order_id, issuer_id, data->'buyer' AS buyer, number,
             issue_date::text AS issue_date, item_ids, data->>'deliveryDate' AS delivery_date
      FROM order_documents WHERE id = ${originalId}`),
  );
  if (!original || original.type !== 'invoice' || original.order_id !== orderId) {
    throw new BusinessRuleError(ORDER_DOCUMENT_MESSAGES.originalNotInvoice);
  }
  return original;
}

/**
 * The lines: the chosen eSIMs grouped by order line, quantity = how many, unit price = the line's
 * (net, JPY), amount = unit price x quantity less the line's discount share (the line's discount
 * x quantity / the line's quantity, rounded down: the whole line carries the whole discount).
 */
export function documentLines(
  items: readonly ItemForDocument[],
  country: IssuerCountry,
): DocumentLine[] {
  const groups = new Map<string, ItemForDocument[]>();
  for (const item of items) groups.set(item.line_id, [...(groups.get(item.line_id) ?? []), item]);
  return [...groups.values()].map((group) => {
    const line = group[0]!;
    const count = group.length;
    const unitPrice = Number(line.unit_price);
    const discountShare = Math.floor((Number(line.discount) * count) / line.quantity);
    const taxRate = Number(line.tax_rate);
    return {
      description: `${line.product_name} (${line.product_code})`,
      quantity: count,
      unitPrice,
      amount: unitPrice * count - discountShare,
      taxRate,
      ...(isReducedRate(country, taxRate) ? { reducedRate: true } : {}),
    };
  });
}

/** Japan's reduced consumption tax rate (8 %), marked ※ on a qualified invoice. */
const isReducedRate = (country: IssuerCountry, rate: number) => country === 'JP' && rate === 8;

/** Tax per rate over the document, rounded once per rate (taxForRate), highest rate first. */
export function documentTaxes(
  lines: readonly DocumentLine[],
  country: IssuerCountry,
): DocumentTaxLine[] {
  const taxable = new Map<number, number>();
  for (const line of lines)
    taxable.set(line.taxRate, (taxable.get(line.taxRate) ?? 0) + line.amount);
  return [...taxable.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rate, amount]) => ({
      rate,
      taxable: amount,
      tax: taxForRate(amount, rate),
      ...(isReducedRate(country, rate) ? { reducedRate: true } : {}),
    }));
}

export function documentTotals(
  lines: readonly DocumentLine[],
  taxes: readonly DocumentTaxLine[],
): DocumentTotals {
  const net = lines.reduce((sum, line) => sum + line.amount, 0);
  const tax = taxes.reduce((sum, entry) => sum + entry.tax, 0);
  return { net, tax, gross: net + tax };
}

/** A decimal text as an integer and its scale: '4.30' -> [430n, 2]. */
function decimal(text: string): [bigint, number] {
  const [whole = '0', fraction = ''] = text.split('.');
  return [BigInt(`${whole}${fraction}`), fraction.length];
}

/** a / b rounded half up (a, b > 0 or a = 0). */
const divideHalfUp = (a: bigint, b: bigint) => (2n * a + b) / (2n * b);

/**
 * The document's totals in `currency` at `jpyPerUnit` (the exchange rate: JPY for one unit). The
 * printed rate is its inverse (units for 1 JPY, RATE_DECIMALS decimals), and the amounts are
 * computed from the printed rate, so a reader can check them; net and tax are converted each,
 * gross is their sum.
 */
export function convertedTotals(
  totals: DocumentTotals,
  currency: DocumentCurrency,
  jpyPerUnit: string,
  minorUnits: number,
): { currency: DocumentCurrency; rate: string; totals: DocumentTotals } {
  const [rateDigits, rateScale] = decimal(jpyPerUnit);
  // 1 / (rateDigits / 10^rateScale), scaled by 10^RATE_DECIMALS.
  const inverse = divideHalfUp(10n ** BigInt(RATE_DECIMALS + rateScale), rateDigits);
  const text = inverse.toString().padStart(RATE_DECIMALS + 1, '0');
  const rate = `${text.slice(0, -RATE_DECIMALS)}.${text.slice(-RATE_DECIMALS)}`
    .replace(/0+$/, '')
    .replace(/\.$/, '');
  const convert = (amount: number) => {
    const scaled = BigInt(amount) * inverse * 10n ** BigInt(minorUnits);
    const divisor = 10n ** BigInt(RATE_DECIMALS);
    return Number(scaled >= 0n ? divideHalfUp(scaled, divisor) : -divideHalfUp(-scaled, divisor));
  };
  const net = convert(totals.net);
  const tax = convert(totals.tax);
  return { currency, rate, totals: { net, tax, gross: net + tax } };
}

/** The converted totals of the issuer's country at the issue date's rate (422 without one). */
async function converted(
  q: Queryable,
  country: IssuerCountry,
  totals: DocumentTotals,
  issueDate: string,
): Promise<DocumentData['converted']> {
  const currency = CONVERTED_CURRENCY[country];
  if (!currency) return null;
  const table = await getCurrentRates(q, [currency], issueDate);
  const rate = table.rates.get(currency);
  if (!rate || Number(rate.rate) <= 0) {
    throw new BusinessRuleError(
      ORDER_DOCUMENT_MESSAGES.rateNotAvailable({ from: ORDER_CURRENCY, to: currency }),
    );
  }
  return convertedTotals(totals, currency, rate.rate, rate.minorUnits);
}

/** The issue date asked for (default today, Asia/Tokyo): a year the numbering takes. */
function issueDateOf(request: DocumentRequest): string {
  const issueDate = request.issueDate ?? businessToday();
  const year = Number(issueDate.slice(0, 4));
  if (year < 2000 || year > 9999) invalidField('issueDate', 'invalidFormat', { format: 'date' });
  return issueDate;
}

/**
 * Reads and checks everything a document of the order needs and builds its data, number
 * 'PREVIEW' (the issue sets the real one). Refusals: 404 order / issuer, 422 with an
 * ORDER_DOCUMENT_MESSAGES text, 400 on a field (buyer tax ID, reason, issue date).
 */
export async function prepareDocument(
  q: Queryable,
  request: DocumentRequest,
  scope: PartnerScope,
): Promise<PreparedDocument> {
  const order = await orderForDocument(q, request.orderId, scope);
  if (!order.branch_id) throw new BusinessRuleError(ORDER_DOCUMENT_MESSAGES.noBranch);
  const branch = await branchForDocument(q, order.branch_id);
  const type = request.type;
  if (type === 'receipt' && order.payment_status !== 'paid') {
    throw new BusinessRuleError(ORDER_DOCUMENT_MESSAGES.receiptNeedsPayment);
  }
  const original =
    type === 'credit_note' ? await originalInvoice(q, order.id, request.originalId) : null;
  // A credit note is the corrected invoice's issuer's (its numbering, its country's law).
  const issuer = await issuerForDocument(
    q,
    order.branch_id,
    request.issuerId ?? original?.issuer_id,
  );
  if (original && issuer.id !== original.issuer_id) {
    throw new BusinessRuleError(ORDER_DOCUMENT_MESSAGES.creditNoteIssuer);
  }
  const country = issuer.country_code;
  const reason = type === 'credit_note' ? blankToNull(request.reason) : null;
  if (type === 'credit_note' && !reason) invalidField('reason', 'required', { name: 'reason' });
  const items = await chosenItems(q, request, await orderItemsForDocument(q, order.id), original);
  // The buyer: as asked; a credit note's, the corrected invoice's; else the partner's last.
  const last = original
    ? parseJson<DocumentParty>(original.buyer)
    : await lastPrintedBuyer(q, order.partner_id);
  const buyer = printedBuyer(request.buyer ?? defaultBuyer(last, order.partner_name), country);
  const issueDate = issueDateOf(request);
  const lines = documentLines(items, country);
  const taxes = documentTaxes(lines, country);
  const totals = documentTotals(lines, taxes);
  const data: DocumentData = {
    jurisdiction: country,
    type,
    language: branch.report_language,
    number: 'PREVIEW',
    issueDate,
    // The eSIMs were supplied when the order was placed; a credit note's date is its own.
    deliveryDate: original ? null : businessToday(new Date(order.purchased_at)),
    paymentDate: type === 'receipt' ? order.paid_on : null,
    currency: ORDER_CURRENCY,
    issuer: {
      name: issuer.legal_name,
      address: issuer.address,
      postalCode: issuer.postal_code,
      taxId: issuer.registration_number,
      branchNumber: country === 'TH' ? issuer.branch_number : null,
      email: issuer.email,
      phone: issuer.phone,
    },
    buyer,
    lines,
    taxes,
    totals,
    converted: await converted(q, country, totals, issueDate),
    original: original
      ? {
          number: original.number,
          issueDate: original.issue_date,
          supplyDate: original.delivery_date ?? original.issue_date,
        }
      : null,
    orderReference: order.order_no,
    reason,
    branch: {
      invoiceTitle: branch.invoice_title,
      receiptTitle: branch.receipt_title,
      taxName: branch.tax_name,
      templateHtml: branch.template_html,
      providerName: branch.provider_name,
    },
  };
  const problems = documentDataProblems(data);
  if (problems.length > 0) {
    throw new BusinessRuleError(
      ORDER_DOCUMENT_MESSAGES.documentInvalid({ problems: problems.join('; ') }),
    );
  }
  return {
    data,
    orderId: order.id,
    orderNo: order.order_no,
    partnerId: order.partner_id,
    branchId: order.branch_id,
    issuerId: issuer.id,
    type,
    year: Number(issueDate.slice(0, 4)),
    itemIds: items.map((item) => item.id),
    originalId: original?.id ?? null,
    reason,
  };
}
