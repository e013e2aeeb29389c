import * as v from 'valibot';
import { listQuerySchema, pageField, pageSizeField, type ListResult } from './api';
import { isCalendarDate } from './exchange-rates';
import { MAX_LENGTH, uuidField, versionField } from './fields';
import { defineApiMessages, encodeMessage } from './messages';
import { safeString, toNfc } from './text-safety';

/*
 * Campaign codes (/campaign-code, /campaign-code/detail; docs/campaigns.md; issue 17).
 * Permission: RESOURCES.campaigns (GET reads, POST creates and generates codes, PUT updates,
 * DELETE deletes). apply-order is the order wizard's preview: it needs GET on RESOURCES.orders
 * (staff who sell need not read the campaign area), like cart/review. Money is whole JPY.
 *
 * A campaign is either ONE shared code (its `code`, used up to useQuantity times; null =
 * unlimited) or a voucher campaign whose generated single-use codes each work once (useQuantity
 * = the number of codes). remainingQuantity is maintained by the database: every use is a
 * redemption row (one per code and order) taken atomically in the purchase transaction, and
 * given back when the order is cancelled or every eSIM of it was returned to stock.
 *
 * Calls (under /api/mng):
 *   POST   campaign/list                   paged, filtered, sorted                     -> ListResult<CampaignListItem>
 *   GET    campaign?id=                    one campaign                                -> CampaignDetail
 *   POST   campaign                        create (201)                                -> CampaignDetail
 *   PUT    campaign                        update (whole record + version; stale 409)  -> CampaignDetail
 *   DELETE campaign?id=&version=           delete one never used (used: 422 inUse)     -> { id }
 *   GET    campaign/history?id=            audit history (entity 'campaign')           -> AuditHistory
 *   POST   campaign/generate-codes         {id, prefix, count} single-use codes (201)  -> CampaignGenerateResult
 *   POST   campaign/codes/list             {id, page, pageSize, status}                -> ListResult<CampaignVoucherCode>
 *   POST   campaign/redemptions/list       {id, page, pageSize}                        -> ListResult<CampaignRedemption>
 *   POST   campaign/apply-order            {partnerId, code, lines} the discount per line, no writes -> CampaignApplyResult
 *   GET    campaign/export-csv?<list filters>  one row per campaign (formula-safe, UTF-8 BOM)
 *   GET    campaign/codes/export-csv?id=   one row per voucher code with its use (formula-safe, BOM)
 *
 * Partner scope: a partner's own staff see only campaigns that apply to their partner (naming it,
 * or naming no partner = every partner), read-only: writes by a partner-scoped caller are 403.
 */

// ---------------------------------------------------------------- constants

export const CAMPAIGN_TYPES = ['coupon', 'invitation'] as const;
export type CampaignType = (typeof CAMPAIGN_TYPES)[number];
export const CAMPAIGN_DISCOUNT_TYPES = ['price', 'percent'] as const;
export type CampaignDiscountType = (typeof CAMPAIGN_DISCOUNT_TYPES)[number];
export const CAMPAIGN_STATUSES = ['active', 'inactive'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const CAMPAIGN_CODE_STATUSES = ['unused', 'used'] as const;
export type CampaignCodeStatus = (typeof CAMPAIGN_CODE_STATUSES)[number];

/** Alphabet of generated codes: no look-alikes (no 0/O, 1/I/L). 31 characters. */
export const CAMPAIGN_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** Random characters after the prefix of a generated code. */
export const CAMPAIGN_CODE_RANDOM_LENGTH = 8;
/** A generation's prefix: up to 10 letters, digits, '-' or '_'. */
export const CAMPAIGN_PREFIX_MAX_LENGTH = MAX_LENGTH.prefix;
/** Codes one generation may create. */
export const MAX_CAMPAIGN_CODES_PER_GENERATION = 10_000;
/** A campaign code: letters, digits, '-' and '_' (compared case-insensitively). */
export const CAMPAIGN_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
/** The longest campaign code (the order's campaignCode field allows MAX_LENGTH.code). */
export const CAMPAIGN_CODE_MAX_LENGTH = MAX_LENGTH.code;
/** Largest price discount and use quantity. */
export const CAMPAIGN_MAX_AMOUNT = 1_000_000_000;
/** Partners or products one campaign may name. */
export const MAX_CAMPAIGN_TARGETS = 500;

// ---------------------------------------------------------------- discount math

export interface CampaignDiscountRule {
  discountType: CampaignDiscountType;
  discountValue: number;
}

/**
 * The discount of each line (whole JPY), given the line totals and which lines are eligible.
 * percent: floor(lineTotal * pct / 100) per eligible line. price: `discountValue` JPY off the
 * eligible lines together (at most their sum), spread in proportion to their totals (floored,
 * the yen left over go to the largest lines first), never more than a line's total.
 */
export function campaignDiscounts(
  rule: CampaignDiscountRule,
  lines: readonly { lineTotal: number; eligible: boolean }[],
): number[] {
  if (rule.discountType === 'percent') {
    return lines.map((line) =>
      line.eligible ? Math.floor((line.lineTotal * rule.discountValue) / 100) : 0,
    );
  }
  const eligibleTotal = lines.reduce((sum, line) => sum + (line.eligible ? line.lineTotal : 0), 0);
  const off = Math.min(rule.discountValue, eligibleTotal);
  if (off <= 0) return lines.map(() => 0);
  const shares = lines.map((line) =>
    line.eligible ? Math.floor((off * line.lineTotal) / eligibleTotal) : 0,
  );
  let left = off - shares.reduce((sum, share) => sum + share, 0);
  const order = lines
    .map((line, index) => ({ index, room: line.eligible ? line.lineTotal - shares[index]! : 0 }))
    .sort((a, b) => b.room - a.room || a.index - b.index);
  while (left > 0) {
    let moved = false;
    for (const { index } of order) {
      if (left === 0) break;
      const line = lines[index]!;
      if (line.eligible && shares[index]! < line.lineTotal) {
        shares[index]! += 1;
        left -= 1;
        moved = true;
      }
    }
    if (!moved) break;
  }
  return shares;
}

// ---------------------------------------------------------------- messages

/** Texts of the campaign area (apiMessages:campaigns.*). */
export const CAMPAIGN_MESSAGES = defineApiMessages('campaigns', {
  created: 'Campaign created.',
  updated: 'Campaign updated.',
  deleted: 'Campaign deleted.',
  notFound: 'Campaign not found',
  codeNotFound: 'Campaign code {{code}} not found.',
  codeTaken: 'Campaign code {{code}} is already used by another campaign.',
  expired: 'Campaign code {{code}} has expired.',
  notStarted: 'Campaign code {{code}} is not valid before {{date}}.',
  usedUp: 'Campaign code {{code}} has no uses left.',
  notForPartner: 'Campaign code {{code}} cannot be used for this partner.',
  notForProducts: 'Campaign code {{code}} does not apply to any product of this order.',
  inactive: 'Campaign code {{code}} is not active.',
  inUse: 'A campaign that was already used cannot be deleted.',
  quantityBelowUsed: 'The use quantity cannot be lower than the {{used}} uses already made.',
  voucherCodeNeeded: 'This campaign is used through its generated codes.',
  partnerScoped: "A partner's staff cannot change campaigns.",
  generated: {
    one: '{{count}} code generated.',
    other: '{{count}} codes generated.',
  },
  applied: 'Campaign code {{code}} applied: {{discount}} JPY off.',
});

// ---------------------------------------------------------------- fields

function campaignCodeText(name: string, maxLength: number) {
  return v.pipe(
    safeString(encodeMessage('required', { name })),
    v.trim(),
    v.nonEmpty(encodeMessage('required', { name })),
    v.maxLength(maxLength, encodeMessage('maxLength', { name, length: maxLength })),
    v.check((text) => !/\s/.test(text), encodeMessage('noSpaces', { name })),
    v.regex(CAMPAIGN_CODE_PATTERN, encodeMessage('invalidFormat', { format: name })),
    v.toUpperCase(),
  );
}

const dateField = (name: string) =>
  v.pipe(
    safeString(encodeMessage('required', { name })),
    v.trim(),
    v.check(isCalendarDate, encodeMessage('invalidFormat', { format: 'yyyy-MM-dd' })),
  );

const idList = (name: string) =>
  v.pipe(
    v.optional(v.array(uuidField(name), encodeMessage('invalidFormat', { format: name })), []),
    v.maxLength(
      MAX_CAMPAIGN_TARGETS,
      encodeMessage('maxLength', { name, length: MAX_CAMPAIGN_TARGETS }),
    ),
    v.transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
  );

const campaignEntries = {
  /** The campaign's shared code (unique, case-insensitive; stored upper-case). */
  code: campaignCodeText('campaignCode', CAMPAIGN_CODE_MAX_LENGTH),
  name: v.pipe(
    safeString(encodeMessage('required', { name: 'campaignName' })),
    v.trim(),
    toNfc(),
    v.nonEmpty(encodeMessage('required', { name: 'campaignName' })),
    v.maxLength(
      MAX_LENGTH.default,
      encodeMessage('maxLength', { name: 'campaignName', length: MAX_LENGTH.default }),
    ),
  ),
  type: v.picklist(CAMPAIGN_TYPES, encodeMessage('required', { name: 'campaignType' })),
  discountType: v.picklist(
    CAMPAIGN_DISCOUNT_TYPES,
    encodeMessage('required', { name: 'discountType' }),
  ),
  /** percent: a whole number 1..100; price: whole JPY above 0. */
  discountValue: v.pipe(
    v.number(encodeMessage('required', { name: 'discountValue' })),
    v.integer(encodeMessage('integer', { name: 'discountValue' })),
    v.minValue(1, encodeMessage('invalidFormat', { format: 'discountValue' })),
    v.maxValue(CAMPAIGN_MAX_AMOUNT, encodeMessage('invalidFormat', { format: 'discountValue' })),
  ),
  /** Uses allowed in all; null = unlimited. A voucher campaign's is its number of codes. */
  useQuantity: v.nullish(
    v.pipe(
      v.number(encodeMessage('validType', { name: 'useQuantity', type: 'number' })),
      v.integer(encodeMessage('integer', { name: 'useQuantity' })),
      v.minValue(1, encodeMessage('invalidFormat', { format: 'useQuantity' })),
      v.maxValue(CAMPAIGN_MAX_AMOUNT, encodeMessage('invalidFormat', { format: 'useQuantity' })),
    ),
  ),
  /** yyyy-MM-dd, business days (Asia/Tokyo), both included. */
  validFrom: dateField('validFrom'),
  validTo: dateField('validTo'),
  /** Partners it applies to; empty = every partner. */
  partnerIds: idList('partner'),
  /** Products it applies to; empty = every product. */
  productIds: idList('product'),
  status: v.optional(
    v.picklist(CAMPAIGN_STATUSES, encodeMessage('invalidFormat', { format: 'status' })),
    'active',
  ),
};

/** percent: 1..100 (range1to100); validTo not before validFrom. */
function campaignRules<
  T extends {
    discountType: CampaignDiscountType;
    discountValue: number;
    validFrom: string;
    validTo: string;
  },
>() {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const value = dataset.value;
    const at = (key: 'discountValue' | 'validTo', message: string) =>
      addIssue({
        message,
        path: [
          {
            type: 'object',
            origin: 'value',
            input: value as unknown as Record<string, unknown>,
            key,
            value: value[key],
          },
        ],
      });
    if (value.discountType === 'percent' && (value.discountValue < 1 || value.discountValue > 100))
      at('discountValue', encodeMessage('range1to100', { name: 'discountValue' }));
    if (value.validTo < value.validFrom)
      at('validTo', encodeMessage('invalidFormat', { format: 'validTo' }));
  });
}

const createCampaignObject = v.object(campaignEntries);
/**
 * POST campaign. New dates before today (Asia/Tokyo) are refused 'Dates must be equal to or
 * later than the current date' (validation key dateNotPast, checked by the API). A code taken: 409.
 */
export const createCampaignSchema = v.pipe(
  createCampaignObject,
  campaignRules<v.InferOutput<typeof createCampaignObject>>(),
);
export type CreateCampaignInput = v.InferInput<typeof createCampaignSchema>;
export type CreateCampaignData = v.InferOutput<typeof createCampaignSchema>;

const updateCampaignObject = v.object({
  ...campaignEntries,
  id: uuidField('id'),
  version: versionField,
});
/** PUT campaign: the whole record and the version it was loaded at. dateNotPast for changed dates. */
export const updateCampaignSchema = v.pipe(
  updateCampaignObject,
  campaignRules<v.InferOutput<typeof updateCampaignObject>>(),
);
export type UpdateCampaignInput = v.InferInput<typeof updateCampaignSchema>;
export type UpdateCampaignData = v.InferOutput<typeof updateCampaignSchema>;

/** GET campaign?id=, GET campaign/codes/export-csv?id= */
export const campaignIdQuerySchema = v.object({ id: uuidField('id') });

/** DELETE campaign?id=&version= (version optional: when sent, a stale one is a 409). */
export const deleteCampaignQuerySchema = v.object({
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

export const CAMPAIGN_SORT_COLUMNS = [
  'code',
  'name',
  'type',
  'discountValue',
  'useQuantity',
  'remainingQuantity',
  'validFrom',
  'validTo',
  'status',
  'createdDate',
] as const;
export type CampaignSortColumn = (typeof CAMPAIGN_SORT_COLUMNS)[number];

/**
 * POST campaign/list body and GET campaign/export-csv query (page/pageSize ignored).
 * search: code or name contains (case-insensitive; a generated code finds its campaign too);
 * from/to: campaigns valid at some day in that range. Default order: newest first.
 */
export const campaignListSchema = v.object({
  ...listQuerySchema(CAMPAIGN_SORT_COLUMNS).entries,
  type: v.optional(v.picklist(CAMPAIGN_TYPES, encodeMessage('invalidFormat', { format: 'type' }))),
  discountType: v.optional(
    v.picklist(CAMPAIGN_DISCOUNT_TYPES, encodeMessage('invalidFormat', { format: 'discountType' })),
  ),
  status: v.optional(
    v.picklist(CAMPAIGN_STATUSES, encodeMessage('invalidFormat', { format: 'status' })),
  ),
});
export type CampaignListQuery = v.InferInput<typeof campaignListSchema>;

/** POST campaign/generate-codes */
export const generateCampaignCodesSchema = v.object({
  id: uuidField('id'),
  prefix: v.optional(
    v.pipe(
      safeString(encodeMessage('validType', { name: 'prefix', type: 'string' })),
      v.trim(),
      v.maxLength(
        CAMPAIGN_PREFIX_MAX_LENGTH,
        encodeMessage('maxLength', { name: 'prefix', length: CAMPAIGN_PREFIX_MAX_LENGTH }),
      ),
      v.check(
        (text) => text === '' || CAMPAIGN_CODE_PATTERN.test(text),
        encodeMessage('invalidFormat', { format: 'prefix' }),
      ),
      v.toUpperCase(),
    ),
    '',
  ),
  count: v.pipe(
    v.number(encodeMessage('required', { name: 'count' })),
    v.integer(encodeMessage('integer', { name: 'count' })),
    v.minValue(1, encodeMessage('invalidFormat', { format: 'count' })),
    v.maxValue(
      MAX_CAMPAIGN_CODES_PER_GENERATION,
      encodeMessage('invalidFormat', { format: 'count' }),
    ),
  ),
});
export type GenerateCampaignCodesInput = v.InferInput<typeof generateCampaignCodesSchema>;

/** POST campaign/codes/list */
export const campaignCodeListSchema = v.object({
  id: uuidField('id'),
  page: pageField(),
  pageSize: pageSizeField(20),
  status: v.optional(
    v.picklist(CAMPAIGN_CODE_STATUSES, encodeMessage('invalidFormat', { format: 'status' })),
  ),
});
export type CampaignCodeListQuery = v.InferInput<typeof campaignCodeListSchema>;

/** POST campaign/redemptions/list (released uses included, marked releasedAt). */
export const campaignRedemptionListSchema = v.object({
  id: uuidField('id'),
  page: pageField(),
  pageSize: pageSizeField(20),
});
export type CampaignRedemptionListQuery = v.InferInput<typeof campaignRedemptionListSchema>;

/**
 * POST campaign/apply-order: the wizard's preview of a code on a cart (no writes). The lines are
 * priced at the partner's prices as cart/review prices them. Refusals are 422 with the campaign
 * messages (codeNotFound 404, expired, notStarted, usedUp, notForPartner, notForProducts,
 * inactive).
 */
export const applyCampaignOrderSchema = v.object({
  partnerId: uuidField('partner'),
  code: campaignCodeText('campaignCode', CAMPAIGN_CODE_MAX_LENGTH),
  lines: v.pipe(
    v.array(
      v.object({
        productId: uuidField('product'),
        quantity: v.pipe(
          v.number(encodeMessage('required', { name: 'quantity' })),
          v.integer(encodeMessage('integer', { name: 'quantity' })),
          v.minValue(1, encodeMessage('invalidFormat', { format: 'quantity' })),
          v.maxValue(1000, encodeMessage('invalidFormat', { format: 'quantity' })),
        ),
      }),
      encodeMessage('validType', { name: 'lines', type: 'list' }),
    ),
    v.nonEmpty(encodeMessage('required', { name: 'lines' })),
    v.maxLength(50, encodeMessage('invalidFormat', { format: 'lines' })),
  ),
});
export type ApplyCampaignOrderInput = v.InferInput<typeof applyCampaignOrderSchema>;

// ---------------------------------------------------------------- answers

export interface CampaignListItem {
  id: string;
  code: string;
  name: string;
  type: CampaignType;
  discountType: CampaignDiscountType;
  discountValue: number;
  /** null = unlimited. */
  useQuantity: number | null;
  /** null = unlimited. */
  remainingQuantity: number | null;
  /** Uses taken and not given back. */
  usedCount: number;
  /** Generated single-use codes (0: the campaign is used through its own code). */
  voucherCodeCount: number;
  validFrom: string;
  validTo: string;
  status: CampaignStatus;
  version: number;
  createdDate: string;
  updatedDate: string;
}

export interface CampaignTarget {
  id: string;
  code: string;
  name: string;
}

export interface CampaignDetail extends CampaignListItem {
  partnerIds: string[];
  productIds: string[];
  /** The partners and products named (code and name for display). */
  partners: CampaignTarget[];
  products: CampaignTarget[];
  createdBy: string;
  updatedBy: string;
}

/** A generated single-use code. */
export interface CampaignVoucherCode {
  id: string;
  code: string;
  status: CampaignCodeStatus;
  usedAt: string | null;
  orderId: string | null;
  orderNo: string | null;
  createdDate: string;
}

/** One use of a campaign by an order. releasedAt: the use was given back (cancel or return). */
export interface CampaignRedemption {
  id: string;
  orderId: string;
  orderNo: string;
  code: string;
  discount: number;
  partnerId: string;
  partnerName: string;
  redeemedAt: string;
  releasedAt: string | null;
}

export interface CampaignGenerateResult {
  campaignId: string;
  count: number;
  /** The campaign's use quantity afterwards (= its number of codes). */
  useQuantity: number;
}

export interface CampaignApplyLine {
  productId: string;
  lineTotal: number;
  discount: number;
}

export interface CampaignApplyResult {
  campaignId: string;
  code: string;
  discountType: CampaignDiscountType;
  discountValue: number;
  lines: CampaignApplyLine[];
  /** The discount of all lines together. */
  discount: number;
}

export type CampaignListResult = ListResult<CampaignListItem>;
