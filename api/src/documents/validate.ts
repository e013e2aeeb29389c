import { isThaiBranchNumber, registrationNumberProblem } from '@esim/contracts';
import type { DocumentData, DocumentParty } from './types';

/*
 * What a document must hold before it is printed: the fields its country's law asks for, and
 * figures that add up (the caller computes them; a document whose totals disagree with its lines
 * is a bug upstream, not something to print).
 */

export class DocumentDataError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`The document cannot be generated: ${problems.join('; ')}`);
    this.name = 'DocumentDataError';
  }
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

function amountProblems(data: DocumentData): string[] {
  const problems: string[] = [];
  const amounts: Array<[string, number]> = [
    ...data.lines.flatMap((line, index): Array<[string, number]> => [
      [`lines[${index}].unitPrice`, line.unitPrice],
      [`lines[${index}].amount`, line.amount],
    ]),
    ...data.taxes.flatMap((tax, index): Array<[string, number]> => [
      [`taxes[${index}].taxable`, tax.taxable],
      [`taxes[${index}].tax`, tax.tax],
    ]),
    ['totals.net', data.totals.net],
    ['totals.tax', data.totals.tax],
    ['totals.gross', data.totals.gross],
  ];
  for (const [name, value] of amounts) {
    if (!Number.isSafeInteger(value)) problems.push(`${name} is not an amount in minor units`);
  }
  if (problems.length > 0) return problems;
  const { totals } = data;
  if (sum(data.lines.map((line) => line.amount)) !== totals.net) {
    problems.push('totals.net is not the sum of the lines');
  }
  if (sum(data.taxes.map((tax) => tax.taxable)) !== totals.net) {
    problems.push('totals.net is not the sum of the taxable amounts per rate');
  }
  if (sum(data.taxes.map((tax) => tax.tax)) !== totals.tax) {
    problems.push('totals.tax is not the sum of the taxes per rate');
  }
  if (totals.net + totals.tax !== totals.gross) problems.push('totals.gross is not net + tax');
  const rates = data.taxes.map((tax) => tax.rate);
  if (new Set(rates).size !== rates.length) problems.push('a tax rate is listed twice');
  for (const line of data.lines) {
    if (!rates.includes(line.taxRate)) problems.push(`no tax entry for the rate ${line.taxRate}`);
  }
  return problems;
}

function partyProblems(data: DocumentData, role: 'issuer' | 'buyer', party: DocumentParty) {
  const problems: string[] = [];
  if (!party.name.trim()) problems.push(`${role}.name is required`);
  const country = data.jurisdiction;
  const needsAddress = country === 'TH' || country === 'DE';
  if (needsAddress && !party.address?.trim()) problems.push(`${role}.address is required`);
  const taxId = party.taxId?.trim();
  if (role === 'issuer' && !taxId) problems.push('issuer.taxId is required');
  // Germany: a seller without a VAT ID prints its tax number (Steuernummer), not checked here.
  const checked = country !== 'DE' || /^DE/i.test(taxId ?? '');
  if (taxId && checked && registrationNumberProblem(country, taxId)) {
    problems.push(`${role}.taxId is not a valid ${country} registration number`);
  }
  if (party.branchNumber && !isThaiBranchNumber(party.branchNumber)) {
    problems.push(`${role}.branchNumber is not 5 digits`);
  }
  return problems;
}

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

function dateProblems(data: DocumentData): string[] {
  const dates: Array<[string, string | null | undefined]> = [
    ['issueDate', data.issueDate],
    ['deliveryDate', data.deliveryDate],
    ['paymentDate', data.paymentDate],
    ['original.issueDate', data.original?.issueDate],
    ['original.supplyDate', data.original?.supplyDate],
  ];
  return dates
    .filter(([, value]) => value !== null && value !== undefined && !DATE.test(value))
    .map(([name]) => `${name} is not a date (YYYY-MM-DD)`);
}

/** The problems of a document's data; empty when it can be printed. */
export function documentDataProblems(data: DocumentData): string[] {
  const problems = [
    ...(data.number.trim() ? [] : ['number is required']),
    ...dateProblems(data),
    ...(data.lines.length > 0 ? [] : ['a document has at least one line']),
    ...amountProblems(data),
    ...partyProblems(data, 'issuer', data.issuer),
    ...partyProblems(data, 'buyer', data.buyer),
  ];
  if (data.type === 'credit_note' && !data.original) {
    problems.push('a credit note names the original document (original)');
  }
  if (data.jurisdiction === 'TH' && data.currency !== 'THB' && data.converted?.currency !== 'THB') {
    problems.push('a Thai tax invoice in another currency shows the amounts in THB (converted)');
  }
  return problems;
}

export function assertDocumentData(data: DocumentData): void {
  const problems = documentDataProblems(data);
  if (problems.length > 0) throw new DocumentDataError(problems);
}
