import type { DocumentType, IssuerCountry, ReportLanguage } from '@esim/contracts';

/*
 * What a document template prints (docs/documents.md). The caller (the orders integration) gives
 * every figure already computed: tax is rounded once per rate per document there, and the
 * templates only print what they are given. Nothing here is HTML: every string is text and is
 * escaped when it is printed.
 */

/** The currencies a document can be in; each is printed with its own minor unit. */
export const DOCUMENT_CURRENCIES = ['JPY', 'THB', 'EUR'] as const;
export type DocumentCurrency = (typeof DOCUMENT_CURRENCIES)[number];

/**
 * An amount as an integer in the currency's minor unit: yen for JPY (no minor unit), satang for
 * THB, cents for EUR. 1234 is ¥1,234, ฿12.34, 12,34 €. A credit note's amounts are what is
 * credited, printed as given.
 */
export type MinorAmount = number;

/** A calendar date, `YYYY-MM-DD` (the issuer's local date; no time zone is applied). */
export type CalendarDate = string;

/** A legal person on the document: the issuer (seller) or the buyer. */
export interface DocumentParty {
  /** Legal name. */
  name: string;
  /** Postal address, one or more lines separated by '\n'. */
  address?: string | null;
  postalCode?: string | null;
  /**
   * The registration the jurisdiction asks for: Japan a qualified invoice issuer number
   * (T + 13 digits), Thailand a 13-digit tax ID, Germany a VAT ID (USt-IdNr., DE + 9 digits) or,
   * for a seller without one, the tax number (Steuernummer).
   */
  taxId?: string | null;
  /** Thailand: head office / branch number, 5 digits; '00000' (the default) is the head office. */
  branchNumber?: string | null;
  email?: string | null;
  phone?: string | null;
}

/** One line of goods or services. */
export interface DocumentLine {
  description: string;
  quantity: number;
  /** Net unit price (before tax). */
  unitPrice: MinorAmount;
  /** Net amount of the line (quantity x unit price, less the line's discount). */
  amount: MinorAmount;
  /** Tax rate in percent (10, 8, 7, 19...), at most two decimals. */
  taxRate: number;
  /** Japan: an item at the reduced rate (marked ※ on a qualified invoice). */
  reducedRate?: boolean;
}

/** The tax of one rate over the whole document, rounded once by the caller. */
export interface DocumentTaxLine {
  rate: number;
  /** Net amount taxed at this rate. */
  taxable: MinorAmount;
  tax: MinorAmount;
  reducedRate?: boolean;
}

export interface DocumentTotals {
  /** Sum of the lines' net amounts. */
  net: MinorAmount;
  /** Sum of the taxes of every rate. */
  tax: MinorAmount;
  /** net + tax: what the buyer pays (or, on a credit note, is credited). */
  gross: MinorAmount;
}

/** The document a credit note corrects. */
export interface OriginalDocumentRef {
  number: string;
  issueDate: CalendarDate;
  /** The date of the original supply (Japan's return invoice names it); the issue date if absent. */
  supplyDate?: CalendarDate | null;
}

/**
 * The totals in a second currency: a Thai tax invoice in another currency shows the amounts in
 * baht too, with the rate used (DOMAIN.md, Documents).
 */
export interface ConvertedTotals {
  currency: DocumentCurrency;
  /** Units of `currency` for one unit of the document's currency, as a decimal string ('0.2345'). */
  rate: string;
  totals: DocumentTotals;
}

/** What the branch that issues the document adds (docs/branches.md). */
export interface BranchPresentation {
  /** Displayed invoice title (the branch's; default 'Invoice'). */
  invoiceTitle: string;
  /** Displayed receipt title (default 'Receipt'). */
  receiptTitle: string;
  /** Tax name (default 'VAT': then the report language's own word is printed). */
  taxName: string;
  /** The branch's rich-text template, as stored (sanitised again before it is printed). */
  templateHtml?: string | null;
  /** Fills {{providerName}} in the template. */
  providerName?: string | null;
}

export interface DocumentData {
  /** The issuer's country: which law's fields the document carries. */
  jurisdiction: IssuerCountry;
  type: DocumentType;
  /** The branch's report language: every label is printed in it. */
  language: ReportLanguage;
  /** The gapless document number (formatDocumentNumber: INV-2026-000042). */
  number: string;
  issueDate: CalendarDate;
  /**
   * Date of supply (Germany's Leistungsdatum, Japan's 取引年月日); on a credit note the date of the
   * return or refund. Japan and Germany print the issue date when it is absent.
   */
  deliveryDate?: CalendarDate | null;
  /** Receipt: when the payment was received. */
  paymentDate?: CalendarDate | null;
  currency: DocumentCurrency;
  issuer: DocumentParty;
  buyer: DocumentParty;
  lines: readonly DocumentLine[];
  /** One entry per tax rate, in the order they are printed. */
  taxes: readonly DocumentTaxLine[];
  totals: DocumentTotals;
  /** The totals in baht (Thailand, when the document's currency is not THB). */
  converted?: ConvertedTotals | null;
  /** Credit note: the document it corrects (required for a credit note). */
  original?: OriginalDocumentRef | null;
  /** The order the document is for, printed as a reference. */
  orderReference?: string | null;
  /** Credit note: why (a return, a cancellation...). */
  reason?: string | null;
  branch: BranchPresentation;
}
