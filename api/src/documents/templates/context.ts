import { BRANCH_DEFAULTS } from '@esim/contracts';
import { formatDate, formatMoney, formatQuantity, formatRate } from '../format';
import { JURISDICTIONS, type JurisdictionRules } from '../jurisdictions';
import type { DocumentLabels } from '../labels';
import type { CalendarDate, DocumentCurrency, DocumentData, MinorAmount } from '../types';

/** What every part of a template needs: the data, its country's rules, labels and formats. */
export interface TemplateContext {
  data: DocumentData;
  rules: JurisdictionRules;
  labels: DocumentLabels;
  /** The tax's name: the branch's, or the language's word when the branch keeps the default. */
  taxName: string;
  money(amount: MinorAmount, currency?: DocumentCurrency): string;
  date(date: CalendarDate): string;
  rate(rate: number): string;
  quantity(quantity: number): string;
}

export function templateContext(data: DocumentData): TemplateContext {
  const rules = JURISDICTIONS[data.jurisdiction];
  const labels = rules.labels(data.language);
  return {
    data,
    rules,
    labels,
    taxName: ownOrLabel(data.branch.taxName, BRANCH_DEFAULTS.taxName, labels.tax),
    money: (amount, currency = data.currency) => formatMoney(amount, currency, data.language),
    date: (date) => formatDate(date, data.language),
    rate: (rate) => formatRate(rate, data.language),
    quantity: (quantity) => formatQuantity(quantity, data.language),
  };
}

/** The branch's text, or the language's word when the branch keeps the (English) default. */
function ownOrLabel(text: string, branchDefault: string, label: string): string {
  const own = text.trim();
  return own && own !== branchDefault ? own : label;
}

/** The title: the branch's displayed invoice or receipt title; a credit note's own word. */
export function documentTitle({ data, labels }: TemplateContext): string {
  const { branch } = data;
  if (data.type === 'invoice') {
    return ownOrLabel(branch.invoiceTitle, BRANCH_DEFAULTS.invoiceTitle, labels.invoice);
  }
  if (data.type === 'receipt') {
    return ownOrLabel(branch.receiptTitle, BRANCH_DEFAULTS.receiptTitle, labels.receipt);
  }
  return labels.creditNote;
}
