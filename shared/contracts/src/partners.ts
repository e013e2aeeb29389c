import * as v from 'valibot';
import { listQuerySchema } from './api';
import {
  MAX_LENGTH,
  emailField,
  isValidEmail,
  nullableText,
  uuidField,
  versionField,
} from './fields';
import { encodeMessage } from './messages';
import { safeString, toNfc } from './text-safety';

/*
 * Partners (/partners; permission: the partners resource). Spec section 3 'Partner': the
 * affiliates and corporate customers the reseller sells to, each buying at an assigned tariff
 * code, with its own staff accounts (users with the role administrators_partner bound to it).
 *
 * Calls (docs/partners.md): POST partner/list, GET partner/export?<list filters>, GET partner?id=,
 * GET partner/lookup?slug= | ?code= | ?prefix=, POST partner, PUT partner,
 * DELETE partner?id=&version=, GET partner/history?id=, POST partner/account,
 * DELETE partner/account?id=.
 */

export const PARTNER_TARGETS = ['affiliate', 'corporate_customer'] as const;
export type PartnerTarget = (typeof PARTNER_TARGETS)[number];
export const PARTNER_PLAN_TYPES = ['entry', 'bronze', 'silver', 'gold', 'platinum'] as const;
export type PartnerPlanType = (typeof PARTNER_PLAN_TYPES)[number];
export const COMMISSION_TYPES = ['percentage', 'fixed_amount'] as const;
export type CommissionType = (typeof COMMISSION_TYPES)[number];
export const CUSTOM_FIELD_TYPES = ['string', 'number', 'boolean', 'file'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

/** Fields of a partner its own accounts may be shown (the partner's "visible fields"). */
export const PARTNER_VISIBLE_FIELDS = [
  'planType',
  'monthlyCommit',
  'billingDate',
  'commission',
  'tariffCode',
  'website',
  'customFields',
] as const;
export type PartnerVisibleField = (typeof PARTNER_VISIBLE_FIELDS)[number];

/** Spec section 5: 'URL slug can only contain lowercase letters, hyphens and underscores.' */
export const SLUG_PATTERN = /^[a-z_-]+$/;
/** Codes and prefixes: letters, digits, hyphens and underscores (they end up in URLs and numbers). */
export const PARTNER_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
/** A phone number: digits, spaces, + - ( ). */
export const PARTNER_PHONE_PATTERN = /^[0-9+\-() ]+$/;
/** Custom fields a partner may have. */
export const MAX_CUSTOM_FIELDS = 30;
/** A custom string field's longest max length; a file value is a file key of at most 255. */
export const CUSTOM_FIELD_MAX_LENGTH = MAX_LENGTH.description;
/** Largest amount a number (monthly commit, fixed commission, custom number) may be. */
export const PARTNER_MAX_AMOUNT = 1_000_000_000_000;
/** Decimals a percentage commission may have. */
export const COMMISSION_PERCENT_DECIMALS = 2;

export function isValidSlug(text: string): boolean {
  return SLUG_PATTERN.test(text);
}

/** http(s) URL without credentials. */
export function isWebUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      url.username === '' &&
      url.password === '' &&
      url.hostname !== ''
    );
  } catch {
    return false;
  }
}

function decimalsOf(value: number): number {
  const text = String(value);
  if (text.includes('e')) return 99;
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

function optionalFormatted(
  name: string,
  maxLength: number,
  test: (text: string) => boolean,
  message: string,
) {
  return v.nullish(
    v.pipe(
      safeString(encodeMessage('validType', { name, type: 'string' })),
      v.trim(),
      v.maxLength(maxLength, encodeMessage('maxLength', { name, length: maxLength })),
      v.check((text) => text === '' || test(text), message),
    ),
  );
}

/** A code-like text (no spaces; letters, digits, '-', '_'). */
function codeText(name: string, maxLength: number, required: boolean) {
  return v.pipe(
    safeString(encodeMessage(required ? 'required' : 'validType', { name, type: 'string' })),
    v.trim(),
    v.check((text) => !required || text !== '', encodeMessage('required', { name })),
    v.maxLength(maxLength, encodeMessage('maxLength', { name, length: maxLength })),
    v.check((text) => !/\s/.test(text), encodeMessage('noSpaces', { name })),
    v.check(
      (text) => text === '' || PARTNER_CODE_PATTERN.test(text),
      encodeMessage('invalidFormat', { format: name }),
    ),
  );
}

/** A whole, non-negative amount (JPY) up to PARTNER_MAX_AMOUNT, or null. */
function optionalAmount(name: string) {
  return v.nullish(
    v.pipe(
      v.number(encodeMessage('validType', { name, type: 'number' })),
      v.integer(encodeMessage('integer', { name })),
      v.minValue(0, encodeMessage('invalidFormat', { format: name })),
      v.maxValue(PARTNER_MAX_AMOUNT, encodeMessage('invalidFormat', { format: name })),
    ),
  );
}

// ---------------------------------------------------------------- custom fields

export interface CustomField {
  /** The field's name (unique within the partner, case-insensitive). */
  name: string;
  dataType: CustomFieldType;
  /** string: the longest value (1..1000; default 100). */
  maxLength: number | null;
  /** number: the largest value (default none). */
  maxAmount: number | null;
  /** string / file (a file key): text; number: a number; boolean: true/false; null = empty. */
  value: string | number | boolean | null;
}

/**
 * What is wrong with a custom field's value under its definition (a validation message), or null.
 * string: text of at most maxLength (default 100); number: a finite number of at most maxAmount,
 * not negative; boolean: true or false; file: a file key (no spaces, at most 255).
 */
export function customFieldValueProblem(field: {
  dataType: CustomFieldType;
  maxLength?: number | null | undefined;
  maxAmount?: number | null | undefined;
  value?: unknown;
}): string | null {
  const value = field.value;
  if (value === null || value === undefined || value === '') return null;
  switch (field.dataType) {
    case 'string': {
      if (typeof value !== 'string')
        return encodeMessage('validType', { name: 'value', type: 'string' });
      const limit = field.maxLength ?? MAX_LENGTH.default;
      if (value.length > limit) return encodeMessage('maxLength', { name: 'value', length: limit });
      return null;
    }
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value))
        return encodeMessage('validType', { name: 'value', type: 'number' });
      if (value < 0) return encodeMessage('invalidFormat', { format: 'value' });
      const limit = field.maxAmount ?? PARTNER_MAX_AMOUNT;
      if (value > limit) return encodeMessage('invalidFormat', { format: 'value' });
      if (decimalsOf(value) > 6) return encodeMessage('maxDecimals', { name: 'value', limit: 6 });
      return null;
    }
    case 'boolean':
      return typeof value === 'boolean'
        ? null
        : encodeMessage('validType', { name: 'value', type: 'boolean' });
    case 'file':
      if (typeof value !== 'string')
        return encodeMessage('validType', { name: 'value', type: 'string' });
      if (value.length > MAX_LENGTH.long)
        return encodeMessage('maxLength', { name: 'value', length: MAX_LENGTH.long });
      if (/\s/.test(value)) return encodeMessage('noSpaces', { name: 'value' });
      return null;
  }
}

const customFieldSchema = v.pipe(
  v.object({
    name: v.pipe(
      safeString(encodeMessage('required', { name: 'fieldName' })),
      v.trim(),
      toNfc(),
      v.nonEmpty(encodeMessage('required', { name: 'fieldName' })),
      v.maxLength(
        MAX_LENGTH.default,
        encodeMessage('maxLength', { name: 'fieldName', length: MAX_LENGTH.default }),
      ),
    ),
    dataType: v.picklist(CUSTOM_FIELD_TYPES, encodeMessage('required', { name: 'dataType' })),
    maxLength: v.nullish(
      v.pipe(
        v.number(encodeMessage('validType', { name: 'maxLength', type: 'number' })),
        v.integer(encodeMessage('integer', { name: 'maxLength' })),
        v.minValue(1, encodeMessage('invalidFormat', { format: 'maxLength' })),
        v.maxValue(
          CUSTOM_FIELD_MAX_LENGTH,
          encodeMessage('invalidFormat', { format: 'maxLength' }),
        ),
      ),
    ),
    maxAmount: v.nullish(
      v.pipe(
        v.number(encodeMessage('validType', { name: 'maxAmount', type: 'number' })),
        v.minValue(0, encodeMessage('invalidFormat', { format: 'maxAmount' })),
        v.maxValue(PARTNER_MAX_AMOUNT, encodeMessage('invalidFormat', { format: 'maxAmount' })),
      ),
    ),
    value: v.nullish(
      v.union(
        [v.pipe(safeString(), v.maxLength(CUSTOM_FIELD_MAX_LENGTH)), v.number(), v.boolean()],
        encodeMessage('invalidFormat', { format: 'value' }),
      ),
    ),
  }),
  // A string value is stored trimmed; '' is "no value".
  v.transform((field) => ({
    ...field,
    maxLength: field.dataType === 'string' ? (field.maxLength ?? null) : null,
    maxAmount: field.dataType === 'number' ? (field.maxAmount ?? null) : null,
    value:
      typeof field.value === 'string'
        ? field.value.trim() === ''
          ? null
          : field.value.trim()
        : (field.value ?? null),
  })),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const problem = customFieldValueProblem(dataset.value);
    if (problem) {
      addIssue({
        message: problem,
        path: [
          {
            type: 'object',
            origin: 'value',
            input: dataset.value as Record<string, unknown>,
            key: 'value',
            value: dataset.value.value,
          },
        ],
      });
    }
  }),
);

const customFieldsSchema = v.pipe(
  v.optional(
    v.array(customFieldSchema, encodeMessage('invalidFormat', { format: 'customFields' })),
    [],
  ),
  v.maxLength(
    MAX_CUSTOM_FIELDS,
    encodeMessage('maxLength', { name: 'customFields', length: MAX_CUSTOM_FIELDS }),
  ),
  v.check(
    (fields) => new Set(fields.map((field) => field.name.toLowerCase())).size === fields.length,
    encodeMessage('duplicate', { name: 'fieldName' }),
  ),
);

// ---------------------------------------------------------------- the record

const partnerEntries = {
  name: v.pipe(
    safeString(encodeMessage('required', { name: 'partnerName' })),
    v.trim(),
    toNfc(),
    v.nonEmpty(encodeMessage('required', { name: 'partnerName' })),
    v.maxLength(
      MAX_LENGTH.default,
      encodeMessage('maxLength', { name: 'partnerName', length: MAX_LENGTH.default }),
    ),
  ),
  code: codeText('partnerCode', MAX_LENGTH.code, true),
  target: v.picklist(PARTNER_TARGETS, encodeMessage('required', { name: 'target' })),
  representativeName: nullableText('representativeName'),
  phone: optionalFormatted(
    'phone',
    MAX_LENGTH.phone,
    (text) => PARTNER_PHONE_PATTERN.test(text),
    encodeMessage('invalidFormat', { format: 'phone' }),
  ),
  /** The spec's e-mail check; stored lower-cased. */
  loginEmail: v.nullish(
    v.pipe(
      safeString(encodeMessage('validType', { name: 'loginEmail', type: 'string' })),
      v.trim(),
      v.maxLength(
        MAX_LENGTH.long,
        encodeMessage('maxLength', { name: 'loginEmail', length: MAX_LENGTH.long }),
      ),
      v.check(
        (text) => text === '' || isValidEmail(text),
        encodeMessage('invalidFormat', { format: 'email' }),
      ),
      v.toLowerCase(),
    ),
  ),
  planType: v.optional(
    v.picklist(PARTNER_PLAN_TYPES, encodeMessage('invalidFormat', { format: 'planType' })),
    'entry',
  ),
  /** Whole JPY per month. */
  monthlyCommit: optionalAmount('monthlyCommit'),
  /** Day of the month the partner is billed (1-31). */
  billingDate: v.nullish(
    v.pipe(
      v.number(encodeMessage('validType', { name: 'billingDate', type: 'number' })),
      v.integer(encodeMessage('integer', { name: 'billingDate' })),
      v.minValue(1, encodeMessage('invalidFormat', { format: 'billingDate' })),
      v.maxValue(31, encodeMessage('invalidFormat', { format: 'billingDate' })),
    ),
  ),
  website: optionalFormatted(
    'website',
    MAX_LENGTH.long,
    isWebUrl,
    encodeMessage('invalidFormat', { format: 'URL' }),
  ),
  typeOfBusiness: nullableText('typeOfBusiness'),
  businessModel: nullableText('businessModel'),
  visibleFields: v.pipe(
    v.optional(
      v.array(
        v.picklist(
          PARTNER_VISIBLE_FIELDS,
          encodeMessage('invalidFormat', { format: 'visibleFields' }),
        ),
        encodeMessage('invalidFormat', { format: 'visibleFields' }),
      ),
      [],
    ),
    v.maxLength(
      PARTNER_VISIBLE_FIELDS.length,
      encodeMessage('duplicate', { name: 'visibleFields' }),
    ),
    v.transform((fields) => PARTNER_VISIBLE_FIELDS.filter((field) => fields.includes(field))),
  ),
  commissionType: v.optional(
    v.picklist(COMMISSION_TYPES, encodeMessage('invalidFormat', { format: 'commissionType' })),
    'percentage',
  ),
  /** percentage: 1-100 with at most 2 decimals; fixed_amount: whole JPY. null = none. */
  commissionValue: v.nullish(
    v.pipe(
      v.number(encodeMessage('validType', { name: 'commissionValue', type: 'number' })),
      v.minValue(0, encodeMessage('invalidFormat', { format: 'commissionValue' })),
      v.maxValue(PARTNER_MAX_AMOUNT, encodeMessage('invalidFormat', { format: 'commissionValue' })),
    ),
  ),
  customFields: customFieldsSchema,
  /** The logo's file key (utils/upload-file); null = none. */
  logoKey: optionalFormatted(
    'logo',
    MAX_LENGTH.long,
    (text) => !/\s/.test(text),
    encodeMessage('noSpaces', { name: 'logo' }),
  ),
  url: optionalFormatted(
    'url',
    MAX_LENGTH.long,
    isWebUrl,
    encodeMessage('invalidFormat', { format: 'URL' }),
  ),
  prefix: v.nullish(codeText('prefix', MAX_LENGTH.prefix, false)),
  /** The suffix slug of the partner's URL; a changed slug keeps resolving as an old slug. */
  slug: optionalFormatted('slug', MAX_LENGTH.default, isValidSlug, encodeMessage('slugFormat')),
  /** The tariff code the partner buys at (must exist); null = none assigned yet. */
  tariffCode: v.nullish(
    v.pipe(
      safeString(encodeMessage('validType', { name: 'tariffCode', type: 'string' })),
      v.trim(),
      v.maxLength(
        MAX_LENGTH.code,
        encodeMessage('maxLength', { name: 'tariffCode', length: MAX_LENGTH.code }),
      ),
    ),
  ),
};

const commissionMessage = encodeMessage('range1to100', { name: 'commissionValue' });

function commissionProblem(input: {
  commissionType: CommissionType;
  commissionValue?: number | null | undefined;
}): string | null {
  const value = input.commissionValue;
  if (value === null || value === undefined) return null;
  if (input.commissionType === 'percentage') {
    if (value < 1 || value > 100) return commissionMessage;
    if (decimalsOf(value) > COMMISSION_PERCENT_DECIMALS)
      return encodeMessage('maxDecimals', {
        name: 'commissionValue',
        limit: COMMISSION_PERCENT_DECIMALS,
      });
    return null;
  }
  return Number.isInteger(value) ? null : encodeMessage('integer', { name: 'commissionValue' });
}

/** The commission's value follows its type (reported on commissionValue). */
function commissionRule<
  T extends { commissionType: CommissionType; commissionValue?: number | null | undefined },
>() {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const problem = commissionProblem(dataset.value);
    if (problem) {
      addIssue({
        message: problem,
        path: [
          {
            type: 'object',
            origin: 'value',
            input: dataset.value as unknown as Record<string, unknown>,
            key: 'commissionValue',
            value: dataset.value.commissionValue,
          },
        ],
      });
    }
  });
}

const createPartnerObject = v.object(partnerEntries);
/** POST partner body. A code, prefix or slug taken is a 409 on that field. */
export const createPartnerSchema = v.pipe(
  createPartnerObject,
  commissionRule<v.InferOutput<typeof createPartnerObject>>(),
);
export type CreatePartnerInput = v.InferInput<typeof createPartnerSchema>;
export type CreatePartnerData = v.InferOutput<typeof createPartnerSchema>;

const updatePartnerObject = v.object({
  ...partnerEntries,
  id: uuidField('id'),
  version: versionField,
});
/** PUT partner body: the whole record plus the `version` the form loaded (stale: 409). */
export const updatePartnerSchema = v.pipe(
  updatePartnerObject,
  commissionRule<v.InferOutput<typeof updatePartnerObject>>(),
);
export type UpdatePartnerInput = v.InferInput<typeof updatePartnerSchema>;
export type UpdatePartnerData = v.InferOutput<typeof updatePartnerSchema>;

/** GET partner?id=, GET partner/history?id= */
export const partnerIdQuerySchema = v.object({ id: uuidField('id') });

/** DELETE partner?id=&version= (version optional: when sent, a stale one is a 409). */
export const deletePartnerQuerySchema = v.object({
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

const lookupText = (name: string) =>
  v.optional(
    v.pipe(
      safeString(encodeMessage('validType', { name, type: 'string' })),
      v.trim(),
      v.maxLength(
        MAX_LENGTH.default,
        encodeMessage('maxLength', { name, length: MAX_LENGTH.default }),
      ),
    ),
  );

/**
 * GET partner/lookup?slug= | ?code= | ?prefix= (exactly one): the partner by its current or an
 * old slug, its code or its prefix (case-insensitive). Not found: "Partner not found",
 * "partner's code not found", "partner's prefix not found".
 */
export const partnerLookupQuerySchema = v.pipe(
  v.object({ slug: lookupText('slug'), code: lookupText('code'), prefix: lookupText('prefix') }),
  v.check(
    (input) => [input.slug, input.code, input.prefix].filter((value) => value).length === 1,
    encodeMessage('required', { name: 'slug' }),
  ),
);
export type PartnerLookupQuery = v.InferInput<typeof partnerLookupQuerySchema>;

/** POST partner/account body: a new staff account of the partner (role administrators_partner). */
export const createPartnerAccountSchema = v.object({
  partnerId: uuidField('partnerId'),
  email: emailField('email'),
  name: nullableText('accountName'),
});
export type CreatePartnerAccountInput = v.InferInput<typeof createPartnerAccountSchema>;

/** DELETE partner/account?id= (the account's user id). */
export const partnerAccountIdQuerySchema = v.object({ id: uuidField('id') });

export const PARTNER_SORT_COLUMNS = [
  'name',
  'code',
  'target',
  'planType',
  'prefix',
  'createdDate',
  'updatedDate',
] as const;
export type PartnerSortColumn = (typeof PARTNER_SORT_COLUMNS)[number];

/**
 * POST partner/list body, and GET partner/export query (same filters, no paging).
 * search: name, code, prefix, slug, representative or login e-mail contains.
 */
export const partnerListSchema = v.object({
  ...listQuerySchema(PARTNER_SORT_COLUMNS).entries,
  target: v.optional(
    v.picklist(PARTNER_TARGETS, encodeMessage('invalidFormat', { format: 'target' })),
  ),
  planType: v.optional(
    v.picklist(PARTNER_PLAN_TYPES, encodeMessage('invalidFormat', { format: 'planType' })),
  ),
  commissionType: v.optional(
    v.picklist(COMMISSION_TYPES, encodeMessage('invalidFormat', { format: 'commissionType' })),
  ),
});
export type PartnerListQuery = v.InferInput<typeof partnerListSchema>;

export interface PartnerListItem {
  id: string;
  name: string;
  code: string;
  target: PartnerTarget;
  planType: PartnerPlanType;
  representativeName: string | null;
  loginEmail: string | null;
  prefix: string | null;
  slug: string | null;
  tariffCode: string | null;
  commissionType: CommissionType;
  commissionValue: number | null;
  accountCount: number;
  version: number;
  createdDate: string;
  updatedDate: string;
}

/** A staff account of a partner (a console user with the role administrators_partner). */
export interface PartnerAccount {
  id: string;
  email: string;
  name: string | null;
  status: 'active' | 'inactive';
  lastLoginDate: string | null;
  createdDate: string;
}

export interface PartnerDetail {
  id: string;
  name: string;
  code: string;
  target: PartnerTarget;
  representativeName: string | null;
  phone: string | null;
  loginEmail: string | null;
  planType: PartnerPlanType;
  monthlyCommit: number | null;
  billingDate: number | null;
  website: string | null;
  typeOfBusiness: string | null;
  businessModel: string | null;
  visibleFields: PartnerVisibleField[];
  commissionType: CommissionType;
  commissionValue: number | null;
  customFields: CustomField[];
  logoKey: string | null;
  url: string | null;
  prefix: string | null;
  slug: string | null;
  /** The slug before the last change (still resolves through partner/lookup). */
  oldSlug: string | null;
  tariffCode: string | null;
  tariffCodeId: string | null;
  accounts: PartnerAccount[];
  version: number;
  createdDate: string;
  updatedDate: string;
  createdBy: string;
  updatedBy: string;
}
