import dayjs from 'dayjs';
import * as v from 'valibot';
import {
  DOCUMENT_MAX_ITEMS,
  MAX_LENGTH,
  dateField,
  documentBuyerSchema,
  documentRequestSchema,
  encodeMessage,
  requiredText,
  uuidField,
  type DocumentItemOption,
  type DocumentOptions,
  type DocumentRequestInput,
  type IssuerCountry,
  type OrderDocument,
  type OrderDocumentType,
} from '@esim/contracts';

/*
 * The issue dialog's form: the contract's DocumentRequest with what the dialog always sends
 * (issuer, eSIMs, buyer, issue date) required, and for a credit note the invoice it corrects and
 * its reason. Pure functions: the defaults, what can be chosen, and the request sent.
 */

/** The form holds '' for an empty box; the request carries null. */
const formBuyerSchema = v.object({
  ...documentBuyerSchema.entries,
  branchNumber: v.optional(
    v.nullable(
      v.pipe(
        v.string(),
        v.check(
          (text) => text === '' || /^[0-9]{5}$/.test(text),
          encodeMessage('invalidFormat', { format: '00000' }),
        ),
      ),
    ),
  ),
});

const itemIdsField = v.pipe(
  v.array(uuidField('orderItem')),
  v.minLength(1, encodeMessage('required', { name: 'itemIds' })),
  v.maxLength(
    DOCUMENT_MAX_ITEMS,
    encodeMessage('maxLength', { name: 'itemIds', length: DOCUMENT_MAX_ITEMS }),
  ),
);

/** An invoice or a receipt. */
export const documentFormSchema = v.object({
  ...documentRequestSchema.entries,
  issuerId: uuidField('issuer'),
  itemIds: itemIdsField,
  buyer: formBuyerSchema,
  issueDate: dateField('issueDate'),
});

/** A credit note names the invoice it corrects and says why. */
export const creditNoteFormSchema = v.object({
  ...documentFormSchema.entries,
  originalId: uuidField('originalDocument'),
  reason: requiredText('reason', MAX_LENGTH.long),
});

export type DocumentFormInput = v.InferInput<typeof documentFormSchema>;
export type DocumentFormValues = v.InferOutput<typeof documentFormSchema>;

/**
 * The buyer fields an issuer's country prints: Thailand the tax ID and branch number, Germany
 * the VAT ID; both need the buyer's address (Japan prints the name, the address when given).
 */
export function buyerTaxFields(country: IssuerCountry | undefined) {
  const taxId = country === 'TH' || country === 'DE';
  return { taxId, branchNumber: country === 'TH', addressRequired: taxId };
}

/** An eSIM already on a credit note (the API refuses to credit it twice). */
const credited = (item: DocumentItemOption) =>
  item.documents.some((document) => document.type === 'credit_note');

/** Items a credit note of `original` may list: its own, less those already credited. */
function creditable(original: OrderDocument, items: readonly DocumentItemOption[]): string[] {
  const done = new Set(items.filter(credited).map((item) => item.id));
  return original.itemIds.filter((id) => !done.has(id));
}

/**
 * The eSIMs the dialog lists, and which of them can be ticked: an invoice or a receipt lists the
 * order's eSIMs (only delivered ones can be documented); a credit note the invoice's (not those
 * already credited).
 */
export function listedItems(
  type: OrderDocumentType,
  items: readonly DocumentItemOption[],
  original?: OrderDocument,
): { items: DocumentItemOption[]; selectable: (item: DocumentItemOption) => boolean } {
  if (type === 'credit_note' && original) {
    const onInvoice = new Set(original.itemIds);
    return {
      items: items.filter((item) => onInvoice.has(item.id)),
      selectable: (item) => !credited(item),
    };
  }
  return { items: [...items], selectable: (item) => item.status === 'delivered' };
}

/** What the dialog starts with. */
export function documentFormDefaults(
  orderId: string,
  type: OrderDocumentType,
  options: DocumentOptions,
  original?: OrderDocument,
  today: string = dayjs().format('YYYY-MM-DD'),
): DocumentFormInput {
  const issuer =
    options.issuers.find((candidate) => candidate.id === original?.issuerId) ?? options.issuers[0];
  const itemIds =
    type === 'credit_note' && original
      ? creditable(original, options.items)
      : options.items.filter((item) => item.status === 'delivered').map((item) => item.id);
  return {
    orderId,
    type,
    issuerId: issuer?.id ?? '',
    itemIds,
    buyer: {
      name: options.buyer.name,
      address: options.buyer.address ?? '',
      postalCode: options.buyer.postalCode ?? '',
      taxId: options.buyer.taxId ?? '',
      branchNumber: options.buyer.branchNumber ?? '',
    },
    issueDate: today,
    ...(type === 'credit_note' && original ? { originalId: original.id, reason: '' } : {}),
  };
}

const orNull = (text: string | null | undefined) => (text ? text : null);

/** The request sent: empty boxes as null, tax fields the issuer's country does not print left out. */
export function toDocumentRequest(
  values: DocumentFormValues,
  country: IssuerCountry | undefined,
): DocumentRequestInput {
  const shown = buyerTaxFields(country);
  const { buyer } = values;
  return {
    orderId: values.orderId,
    type: values.type,
    issuerId: values.issuerId,
    itemIds: values.itemIds,
    issueDate: values.issueDate,
    buyer: {
      name: buyer.name,
      address: orNull(buyer.address),
      postalCode: orNull(buyer.postalCode),
      taxId: shown.taxId ? orNull(buyer.taxId) : null,
      branchNumber: shown.branchNumber ? orNull(buyer.branchNumber) : null,
    },
    ...(values.type === 'credit_note'
      ? { originalId: values.originalId, reason: values.reason }
      : {}),
  };
}
