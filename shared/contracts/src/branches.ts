import * as v from 'valibot';
import { listQuerySchema } from './api';
import {
  MAX_LENGTH,
  isValidEmail,
  nullableText,
  requiredText,
  uuidField,
  versionField,
} from './fields';
import { encodeMessage } from './messages';
import { safeString, toNfc } from './text-safety';
import {
  ISSUER_COUNTRIES,
  REGISTRATION_NUMBER_FORMATS,
  THAI_HEAD_OFFICE,
  compactTaxId,
  isThaiBranchNumber,
  normaliseRegistrationNumber,
  registrationNumberProblem,
  type IssuerCountry,
} from './tax-ids';

/*
 * Branches and issuers (/branch-master; permission: the branches resource). Spec section 3
 * "Branch" and "Issuer information"; docs/branches.md.
 *
 * Calls (docs/api.md): POST branch/list, GET branch?id=, POST branch, PUT branch,
 * DELETE branch?id=&version=, GET branch/history?id=, POST branch/template/preview,
 * PUT branch/select-partner; POST branch/item/list, GET branch/item?id=, POST branch/item,
 * PUT branch/item, DELETE branch/item?id=&version=, GET branch/item/history?id=.
 */

export const BRANCH_TARGETS = ['a2n_group', 'resale_partner', 'franchise', 'msp'] as const;
export type BranchTarget = (typeof BRANCH_TARGETS)[number];
/** Languages reports and documents of a branch can be written in (the console's languages). */
export const REPORT_LANGUAGES = ['en', 'ja', 'de', 'th'] as const;
export type ReportLanguage = (typeof REPORT_LANGUAGES)[number];
/** Spec section 9: branch location JP, tax type VAT; 10 % is the seeded default tax rate. */
export const BRANCH_DEFAULTS = {
  countryCode: 'JP',
  reportLanguage: 'en',
  invoiceTitle: 'Invoice',
  receiptTitle: 'Receipt',
  taxName: 'VAT',
  taxRate: 10,
} as const;

/** Most characters of a branch's document template (HTML, after sanitising). */
export const BRANCH_TEMPLATE_MAX_LENGTH = 20_000;
/**
 * Placeholders a template may hold: `{{providerName}}` (the branch's provider name) and
 * `{{providerAddress}}` (the address of the issuer that issues the document). In the editor they
 * are atoms: <span data-placeholder="providerName">{{providerName}}</span>.
 */
export const TEMPLATE_PLACEHOLDERS = ['providerName', 'providerAddress'] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];
/** What the preview fills the placeholders with. */
export const TEMPLATE_SAMPLE_VALUES: Record<TemplatePlaceholder, string> = {
  providerName: 'Example Provider Co., Ltd.',
  providerAddress: '1-2-3 Marunouchi, Chiyoda-ku, Tokyo 100-0005, Japan',
};

/** Document types numbered per issuer (and year): the invoices area allocates them. */
export const DOCUMENT_TYPES = ['invoice', 'receipt', 'credit_note'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** A web address: http(s), a host, no credentials. */
export function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      url.hostname.includes('.') &&
      url.username === '' &&
      url.password === ''
    );
  } catch {
    return false;
  }
}

const PHONE = /^[0-9+\-() ]+$/;

/** Optional text: null, absent and '' all mean "not set" (the API stores null). */

function optionalFormatted(
  name: string,
  maxLength: number,
  test: (text: string) => boolean,
  format: string,
) {
  return v.nullish(
    v.pipe(
      safeString(encodeMessage('validType', { name, type: 'string' })),
      v.trim(),
      v.maxLength(maxLength, encodeMessage('maxLength', { name, length: maxLength })),
      v.check((text) => text === '' || test(text), encodeMessage('invalidFormat', { format })),
    ),
  );
}

const countryField = (name: string) =>
  v.pipe(
    safeString(encodeMessage('required', { name })),
    v.trim(),
    v.toUpperCase(),
    v.nonEmpty(encodeMessage('required', { name })),
    v.check(
      (text) => /^[A-Z]{2}$/.test(text),
      encodeMessage('invalidFormat', { format: 'country code' }),
    ),
  );

const optionalCountryField = (name: string) =>
  v.nullish(
    v.pipe(
      safeString(encodeMessage('validType', { name, type: 'string' })),
      v.trim(),
      v.toUpperCase(),
      v.check(
        (text) => text === '' || /^[A-Z]{2}$/.test(text),
        encodeMessage('invalidFormat', { format: 'country code' }),
      ),
    ),
  );

/** A tax rate in percent: 0 to 100, two decimals at most (number or numeric text). */
const taxRateField = v.optional(
  v.pipe(
    v.union(
      [v.number(), v.pipe(safeString(), v.trim(), v.nonEmpty(), v.decimal())],
      encodeMessage('validType', { name: 'taxRate', type: 'number' }),
    ),
    v.transform((value: string | number): number => Number(value)),
    v.check(
      (rate: number) => Number.isFinite(rate),
      encodeMessage('validType', { name: 'taxRate', type: 'number' }),
    ),
    v.minValue(0, encodeMessage('invalidFormat', { format: 'tax rate' })),
    v.maxValue(100, encodeMessage('invalidFormat', { format: 'tax rate' })),
    v.check(
      (rate: number) => Math.round(rate * 100) === rate * 100,
      encodeMessage('maxDecimals', { name: 'taxRate', limit: 2 }),
    ),
  ),
  BRANCH_DEFAULTS.taxRate,
);

/** A template as typed (HTML); the API sanitises it before anything else sees it. */
const templateField = v.nullish(
  v.pipe(
    safeString(encodeMessage('validType', { name: 'templateHtml', type: 'string' })),
    v.maxLength(
      BRANCH_TEMPLATE_MAX_LENGTH,
      encodeMessage('maxLength', { name: 'templateHtml', length: BRANCH_TEMPLATE_MAX_LENGTH }),
    ),
  ),
);

const branchEntries = {
  name: requiredText('branchName'),
  code: v.pipe(
    requiredText('branchCode', MAX_LENGTH.code),
    v.check((text) => !/\s/.test(text), encodeMessage('noSpaces', { name: 'branchCode' })),
  ),
  target: v.picklist(BRANCH_TARGETS, encodeMessage('required', { name: 'branchTarget' })),
  countryCode: v.optional(countryField('countryCode'), BRANCH_DEFAULTS.countryCode),
  mainPartner: v.optional(
    v.boolean(encodeMessage('validType', { name: 'mainPartner', type: 'boolean' })),
    false,
  ),
  providerName: nullableText('providerName'),
  paymentGateway: nullableText('paymentGateway'),
  paymentMethodId: v.nullish(
    v.pipe(
      v.number(encodeMessage('validType', { name: 'paymentMethodId', type: 'number' })),
      v.integer(encodeMessage('integer', { name: 'paymentMethodId' })),
      v.minValue(1, encodeMessage('invalidFormat', { format: 'payment method' })),
      v.maxValue(2_147_483_647, encodeMessage('invalidFormat', { format: 'payment method' })),
    ),
  ),
  inquiryEmail: v.nullish(
    v.pipe(
      safeString(encodeMessage('validType', { name: 'inquiryEmail', type: 'string' })),
      v.trim(),
      v.maxLength(
        MAX_LENGTH.long,
        encodeMessage('maxLength', { name: 'inquiryEmail', length: MAX_LENGTH.long }),
      ),
      v.check(
        (text) => text === '' || isValidEmail(text),
        encodeMessage('invalidFormat', { format: 'email' }),
      ),
      v.toLowerCase(),
    ),
  ),
  inquiryPhone: optionalFormatted(
    'inquiryPhone',
    MAX_LENGTH.phone,
    (text) => PHONE.test(text),
    'phone',
  ),
  inquiryWeb: optionalFormatted('inquiryWeb', MAX_LENGTH.long, isWebAddress, 'URL'),
  residenceCountryCode: optionalCountryField('residenceCountryCode'),
  reportLanguage: v.optional(
    v.picklist(REPORT_LANGUAGES, encodeMessage('invalidFormat', { format: 'language' })),
    BRANCH_DEFAULTS.reportLanguage,
  ),
  invoiceTitle: v.optional(
    v.pipe(
      safeString(encodeMessage('validType', { name: 'invoiceTitle', type: 'string' })),
      v.trim(),
      toNfc(),
      v.maxLength(
        MAX_LENGTH.default,
        encodeMessage('maxLength', { name: 'invoiceTitle', length: MAX_LENGTH.default }),
      ),
      v.transform((text) => text || BRANCH_DEFAULTS.invoiceTitle),
    ),
    BRANCH_DEFAULTS.invoiceTitle,
  ),
  receiptTitle: v.optional(
    v.pipe(
      safeString(encodeMessage('validType', { name: 'receiptTitle', type: 'string' })),
      v.trim(),
      toNfc(),
      v.maxLength(
        MAX_LENGTH.default,
        encodeMessage('maxLength', { name: 'receiptTitle', length: MAX_LENGTH.default }),
      ),
      v.transform((text) => text || BRANCH_DEFAULTS.receiptTitle),
    ),
    BRANCH_DEFAULTS.receiptTitle,
  ),
  taxName: v.optional(
    v.pipe(
      safeString(encodeMessage('validType', { name: 'taxName', type: 'string' })),
      v.trim(),
      toNfc(),
      v.maxLength(
        MAX_LENGTH.default,
        encodeMessage('maxLength', { name: 'taxName', length: MAX_LENGTH.default }),
      ),
      v.transform((text) => text || BRANCH_DEFAULTS.taxName),
    ),
    BRANCH_DEFAULTS.taxName,
  ),
  taxRate: taxRateField,
  templateHtml: templateField,
};

/**
 * POST branch body. The code is unique (case-insensitive): a taken one is a 409
 * 'Duplicate branch code detected; must be unique.' on `code`.
 */
export const createBranchSchema = v.object(branchEntries);
export type CreateBranchInput = v.InferInput<typeof createBranchSchema>;
export type CreateBranchData = v.InferOutput<typeof createBranchSchema>;

/** PUT branch body: the whole record plus the `version` the form loaded (stale: 409). */
export const updateBranchSchema = v.object({
  ...branchEntries,
  id: uuidField('id'),
  version: versionField,
});
export type UpdateBranchInput = v.InferInput<typeof updateBranchSchema>;
export type UpdateBranchData = v.InferOutput<typeof updateBranchSchema>;

/** GET branch?id=, GET branch/item?id= */
export const branchIdQuerySchema = v.object({ id: uuidField('id') });

/** DELETE branch?id=&version=, DELETE branch/item?id=&version= (a stale version is a 409). */
export const deleteBranchQuerySchema = v.object({
  id: uuidField('id'),
  version: v.optional(
    v.pipe(
      v.unknown(),
      v.transform(Number),
      v.integer(encodeMessage('integer', { name: 'version' })),
      v.minValue(1, encodeMessage('invalidFormat', { format: 'version' })),
    ),
  ),
});

/**
 * PUT branch/select-partner: the partner a branch sells through (null: none); an unknown partner
 * is 'Partner not found'.
 */
export const selectBranchPartnerSchema = v.object({
  id: uuidField('id'),
  version: versionField,
  partnerId: v.nullable(uuidField('partnerId')),
});
export type SelectBranchPartnerInput = v.InferInput<typeof selectBranchPartnerSchema>;

/** POST branch/template/preview: the template as the API would store it, filled with samples. */
export const branchTemplatePreviewSchema = v.object({ templateHtml: templateField });
export interface BranchTemplatePreview {
  /** The template after sanitising (what PUT branch would store). */
  templateHtml: string;
  /** The same with the placeholders filled with TEMPLATE_SAMPLE_VALUES (HTML-escaped). */
  previewHtml: string;
}

export const BRANCH_SORT_COLUMNS = [
  'name',
  'code',
  'target',
  'countryCode',
  'createdDate',
  'updatedDate',
] as const;
export type BranchSortColumn = (typeof BRANCH_SORT_COLUMNS)[number];

/** POST branch/list. search: name, code or provider name contains; from/to: created date. */
export const branchListSchema = v.object({
  ...listQuerySchema(BRANCH_SORT_COLUMNS).entries,
  target: v.optional(
    v.picklist(BRANCH_TARGETS, encodeMessage('invalidFormat', { format: 'target' })),
  ),
  countryCode: v.optional(countryField('countryCode')),
});
export type BranchListQuery = v.InferInput<typeof branchListSchema>;

export interface BranchListItem {
  id: string;
  name: string;
  code: string;
  target: BranchTarget;
  countryCode: string;
  mainPartner: boolean;
  providerName: string | null;
  issuerCount: number;
  version: number;
  createdDate: string;
  updatedDate: string;
}

export interface BranchDetail {
  id: string;
  name: string;
  code: string;
  target: BranchTarget;
  countryCode: string;
  mainPartner: boolean;
  providerName: string | null;
  paymentGateway: string | null;
  paymentMethodId: number | null;
  inquiryEmail: string | null;
  inquiryPhone: string | null;
  inquiryWeb: string | null;
  residenceCountryCode: string | null;
  reportLanguage: ReportLanguage;
  invoiceTitle: string;
  receiptTitle: string;
  taxName: string;
  taxRate: number;
  /** Sanitised HTML, or null. */
  templateHtml: string | null;
  /** The partner it sells through (branch/select-partner); null when none. */
  partnerId: string | null;
  version: number;
  createdDate: string;
  updatedDate: string;
  createdBy: string;
  updatedBy: string;
}

// ------------------------------------------------------------------ issuers (branch items)

/**
 * The registration data of a country (what its invoices must show): Japan the qualified invoice
 * issuer number (T + 13 digits, check digit), Thailand the 13-digit tax ID (check digit) and the
 * head office / branch number (5 digits, 00000 = head office), Germany the VAT ID (DE + 9
 * digits, ISO 7064 MOD 11,10 check digit). Spaces and hyphens are dropped; the prefix is added
 * when typed without.
 */
const issuerEntries = {
  branchId: uuidField('branchId'),
  countryCode: v.pipe(
    safeString(encodeMessage('required', { name: 'countryCode' })),
    v.trim(),
    v.toUpperCase(),
    v.picklist(ISSUER_COUNTRIES, encodeMessage('invalidFormat', { format: 'country code' })),
  ),
  legalName: requiredText('legalName', MAX_LENGTH.long),
  address: requiredText('legalAddress', 500),
  postalCode: nullableText('postalCode', MAX_LENGTH.postalCode),
  phone: optionalFormatted('phone', MAX_LENGTH.phone, (text) => PHONE.test(text), 'phone'),
  email: v.nullish(
    v.pipe(
      safeString(encodeMessage('validType', { name: 'email', type: 'string' })),
      v.trim(),
      v.maxLength(
        MAX_LENGTH.long,
        encodeMessage('maxLength', { name: 'email', length: MAX_LENGTH.long }),
      ),
      v.check(
        (text) => text === '' || isValidEmail(text),
        encodeMessage('invalidFormat', { format: 'email' }),
      ),
      v.toLowerCase(),
    ),
  ),
  registrationNumber: v.pipe(
    safeString(encodeMessage('required', { name: 'registrationNumber' })),
    v.transform(compactTaxId),
    v.nonEmpty(encodeMessage('required', { name: 'registrationNumber' })),
    v.maxLength(20, encodeMessage('maxLength', { name: 'registrationNumber', length: 20 })),
  ),
  /** Thailand only (default 00000, head office); empty elsewhere. */
  branchNumber: v.nullish(
    v.pipe(
      safeString(encodeMessage('validType', { name: 'branchNumber', type: 'string' })),
      v.trim(),
      v.maxLength(5, encodeMessage('maxLength', { name: 'branchNumber', length: 5 })),
    ),
  ),
};

interface IssuerShape {
  countryCode: IssuerCountry;
  registrationNumber: string;
  branchNumber?: string | null | undefined;
}

/** Normalises the number for its country, then checks format and check digit (on the field). */
function issuerChecks<T extends v.ObjectEntries>(entries: T) {
  return v.pipe(
    v.object(entries),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const value = dataset.value as unknown as IssuerShape;
      const country = value.countryCode;
      const number = normaliseRegistrationNumber(country, value.registrationNumber);
      const problem = registrationNumberProblem(country, number);
      if (problem) {
        addIssue({
          message:
            problem === 'format'
              ? encodeMessage('invalidFormat', { format: REGISTRATION_NUMBER_FORMATS[country] })
              : encodeMessage('checkDigit', { name: 'registrationNumber' }),
          path: [
            {
              type: 'object',
              origin: 'value',
              input: dataset.value as Record<string, unknown>,
              key: 'registrationNumber',
              value: value.registrationNumber,
            },
          ],
        });
      }
      let branchNumber: string | null = value.branchNumber || null;
      if (country === 'TH') {
        branchNumber ??= THAI_HEAD_OFFICE;
        if (!isThaiBranchNumber(branchNumber)) {
          addIssue({
            message: encodeMessage('invalidFormat', { format: 'branch number (5 digits)' }),
            path: [
              {
                type: 'object',
                origin: 'value',
                input: dataset.value as Record<string, unknown>,
                key: 'branchNumber',
                value: value.branchNumber,
              },
            ],
          });
        }
      } else {
        branchNumber = null;
      }
      if (problem || (country === 'TH' && !isThaiBranchNumber(branchNumber ?? ''))) return NEVER;
      return { ...dataset.value, registrationNumber: number, branchNumber };
    }),
  );
}

/** POST branch/item body: a new issuer of a branch. */
export const createIssuerSchema = issuerChecks(issuerEntries);
export type CreateIssuerInput = v.InferInput<typeof createIssuerSchema>;
export type CreateIssuerData = v.InferOutput<typeof createIssuerSchema>;

/** PUT branch/item body: the whole issuer plus its version (the branch cannot change). */
export const updateIssuerSchema = issuerChecks({
  ...issuerEntries,
  id: uuidField('id'),
  version: versionField,
});
export type UpdateIssuerInput = v.InferInput<typeof updateIssuerSchema>;
export type UpdateIssuerData = v.InferOutput<typeof updateIssuerSchema>;

export const ISSUER_SORT_COLUMNS = ['legalName', 'countryCode', 'createdDate'] as const;
export type IssuerSortColumn = (typeof ISSUER_SORT_COLUMNS)[number];

/** POST branch/item/list: issuers, of one branch when branchId is given. */
export const issuerListSchema = v.object({
  ...listQuerySchema(ISSUER_SORT_COLUMNS).entries,
  branchId: v.optional(uuidField('branchId')),
  countryCode: v.optional(
    v.picklist(ISSUER_COUNTRIES, encodeMessage('invalidFormat', { format: 'country code' })),
  ),
});
export type IssuerListQuery = v.InferInput<typeof issuerListSchema>;

export interface IssuerListItem {
  id: string;
  branchId: string;
  branchName: string;
  countryCode: IssuerCountry;
  legalName: string;
  registrationNumber: string;
  branchNumber: string | null;
  version: number;
  createdDate: string;
  updatedDate: string;
}

/** The next number of one document type and year (numbers start at 1, gapless). */
export interface DocumentSequence {
  documentType: DocumentType;
  year: number;
  nextNumber: number;
}

export interface IssuerDetail extends IssuerListItem {
  address: string;
  postalCode: string | null;
  phone: string | null;
  email: string | null;
  sequences: DocumentSequence[];
  createdBy: string;
  updatedBy: string;
}
