import {
  CAMPAIGN_MESSAGES,
  ERROR_CODES,
  businessToday,
  campaignDiscounts,
  type CampaignDiscountType,
} from '@esim/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable, Tx } from '../../audit';
import { AppError, BusinessRuleError } from '../../http/errors';
import { rowsOf } from '../list-helpers';

/*
 * A campaign code at work on an order (docs/campaigns.md "Redemption"):
 * - resolveCampaignCode: the code (a generated voucher code first, else a campaign's own code,
 *   case-insensitive) and the rules it must pass for the partner today;
 * - discountsFor: the discount per line (campaignDiscounts of the contracts);
 * - redemptionSql: the purchase's statement taking one use atomically (in the order's
 *   transaction, after the order insert, before the allocation);
 * - releaseCampaignUses: gives an order's use back (every eSIM of it returned).
 */

export interface ResolvedCampaign {
  campaignId: string;
  /** The generated voucher code's id; null = the campaign's own code. */
  codeId: string | null;
  /** The code as stored. */
  code: string;
  discountType: CampaignDiscountType;
  discountValue: number;
  /** Products it applies to; null = every product. */
  productIds: Set<string> | null;
}

interface CampaignRow {
  id: string;
  code: string;
  discount_type: CampaignDiscountType;
  discount_value: number | string;
  remaining_quantity: number | null;
  valid_from: string;
  valid_to: string;
  status: 'active' | 'inactive';
  voucher_code_count: number;
  for_partner: boolean;
  all_products: boolean;
  product_ids: string[] | string | null;
  code_id: string | null;
  code_status: 'unused' | 'used' | null;
  voucher_code: string | null;
}

function idsOf(value: string[] | string | null): string[] {
  if (!value) return [];
  if (Array.isArray(value)) return value;
  return value
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean);
}

/** 404 'Campaign code X not found.' */
export function codeNotFound(code: string): AppError {
  return new AppError(404, ERROR_CODES.notFound, CAMPAIGN_MESSAGES.codeNotFound({ code }));
}

/**
 * The campaign the code names, checked for the partner on `today` (yyyy-MM-dd, Asia/Tokyo).
 * Refusals: 404 codeNotFound; 422 inactive, voucherCodeNeeded, notStarted, expired,
 * notForPartner, usedUp. (notForProducts is for the caller, who knows the lines.)
 */
export async function resolveCampaignCode(
  q: Queryable,
  partnerId: string,
  code: string,
  today: string = businessToday(),
): Promise<ResolvedCampaign> {
  const [row] = rowsOf<CampaignRow>(
    await q.execute(sql`
      WITH k AS (
        SELECT id, campaign_id, status, code FROM campaign_codes
        WHERE lower(code) = lower(${code}::text)
      ),
      found AS (
        SELECT k.campaign_id AS id, k.id AS code_id, k.status AS code_status, k.code AS voucher_code
        FROM k
        UNION ALL
        SELECT c.id, NULL::uuid, NULL::text, NULL::text FROM campaigns c
        WHERE lower(c.code) = lower(${code}::text) AND NOT EXISTS (SELECT 1 FROM k)
      )
      SELECT c.id, c.code, c.discount_type, c.discount_value, c.remaining_quantity,
        c.valid_from::text AS valid_from, c.valid_to::text AS valid_to, c.status,
        c.voucher_code_count, c.all_products, f.code_id, f.code_status, f.voucher_code,
        (c.all_partners OR EXISTS (SELECT 1 FROM campaign_partners cp
          WHERE cp.campaign_id = c.id AND cp.partner_id = ${partnerId}::uuid)) AS for_partner,
        ARRAY(SELECT cp.product_id::text FROM campaign_products cp
          WHERE cp.campaign_id = c.id) AS product_ids
      FROM found f JOIN campaigns c ON c.id = f.id
      LIMIT 1`),
  );
  if (!row) throw codeNotFound(code);
  const shown = row.voucher_code ?? row.code;
  if (row.status !== 'active')
    throw new BusinessRuleError(CAMPAIGN_MESSAGES.inactive({ code: shown }));
  if (!row.code_id && row.voucher_code_count > 0) {
    throw new BusinessRuleError(CAMPAIGN_MESSAGES.voucherCodeNeeded);
  }
  if (today < row.valid_from) {
    throw new BusinessRuleError(
      CAMPAIGN_MESSAGES.notStarted({ code: shown, date: row.valid_from }),
    );
  }
  if (today > row.valid_to) throw new BusinessRuleError(CAMPAIGN_MESSAGES.expired({ code: shown }));
  if (!row.for_partner) {
    throw new BusinessRuleError(CAMPAIGN_MESSAGES.notForPartner({ code: shown }));
  }
  if (row.code_status === 'used' || row.remaining_quantity === 0) {
    throw new BusinessRuleError(CAMPAIGN_MESSAGES.usedUp({ code: shown }));
  }
  return {
    campaignId: row.id,
    codeId: row.code_id,
    code: shown,
    discountType: row.discount_type,
    discountValue: Number(row.discount_value),
    productIds: row.all_products
      ? null
      : new Set(idsOf(row.product_ids).map((id) => id.toLowerCase())),
  };
}

/** The discount of each line under the campaign; none eligible: 422 notForProducts. */
export function discountsFor(
  campaign: ResolvedCampaign,
  lines: readonly { productId: string; lineTotal: number }[],
): number[] {
  const eligible = lines.map(
    (line) => campaign.productIds === null || campaign.productIds.has(line.productId.toLowerCase()),
  );
  if (!eligible.some(Boolean)) {
    throw new BusinessRuleError(CAMPAIGN_MESSAGES.notForProducts({ code: campaign.code }));
  }
  return campaignDiscounts(
    campaign,
    lines.map((line, index) => ({ lineTotal: line.lineTotal, eligible: eligible[index]! })),
  );
}

export interface Redemption {
  orderId: string;
  campaignId: string;
  codeId: string | null;
  code: string;
  discount: number;
}

/**
 * The statement taking one use for the order: the campaign's remaining quantity decremented
 * (`WHERE remaining_quantity IS NULL OR remaining_quantity > 0`: the row lock makes concurrent
 * purchases take turns and re-check), the voucher code marked used (`WHERE status = 'unused'`),
 * the redemption row inserted. No use left: it fails (P0001 'campaign used up') and the purchase
 * rolls back whole. No order with the id (its insert gave way to another purchase holding the
 * key): nothing happens. Parameters are text, numbers and null only (../orders/one-message.ts).
 */
export function redemptionSql(redemption: Redemption): SQL {
  const { orderId, campaignId, codeId, code, discount } = redemption;
  return sql`
    WITH o AS (SELECT id, partner_id FROM orders WHERE id = ${orderId}::uuid),
    taken AS (
      UPDATE campaigns SET remaining_quantity = remaining_quantity - 1
      WHERE id = ${campaignId}::uuid AND EXISTS (SELECT 1 FROM o)
        AND (remaining_quantity IS NULL OR remaining_quantity > 0)
      RETURNING id
    ),
    used AS (
      UPDATE campaign_codes SET status = 'used', used_at = now(), used_order_id = ${orderId}::uuid
      WHERE id = ${codeId}::uuid AND status = 'unused' AND EXISTS (SELECT 1 FROM taken)
      RETURNING id
    ),
    r AS (
      INSERT INTO campaign_redemptions (campaign_id, code_id, order_id, partner_id, code, discount)
      SELECT taken.id, (SELECT id FROM used), o.id, o.partner_id, ${code}::text,
        ${discount}::bigint
      FROM taken CROSS JOIN o
      WHERE ${codeId}::uuid IS NULL OR EXISTS (SELECT 1 FROM used)
      RETURNING id
    )
    SELECT CASE WHEN EXISTS (SELECT 1 FROM o) AND NOT EXISTS (SELECT 1 FROM r)
      THEN campaigns_refuse_used_up(${code}::text) END AS refused`;
}

/** The code a redemption was refused for (no use left), or null for any other error. */
export function usedUpCodeOf(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; message?: unknown; detail?: unknown };
    if (candidate.code === 'P0001' && candidate.message === 'campaign used up') {
      return typeof candidate.detail === 'string' ? candidate.detail : '';
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * Gives the order's campaign use back when every eSIM of it was returned or removed (none is
 * pending, processing, delivered or failed): the redemption gets released_at, the voucher code
 * is unused again and the campaign's remaining quantity grows by one. Idempotent.
 */
export async function releaseCampaignUses(tx: Tx, orderId: string): Promise<number> {
  const rows = rowsOf<{ campaign_id: string }>(
    await tx.execute(sql`
      WITH rel AS (
        UPDATE campaign_redemptions SET released_at = now()
        WHERE order_id = ${orderId}::uuid AND released_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM order_items
            WHERE order_id = ${orderId}::uuid AND status NOT IN ('returned', 'removed'))
        RETURNING campaign_id, code_id
      ),
      codes AS (
        UPDATE campaign_codes SET status = 'unused', used_at = NULL, used_order_id = NULL
        WHERE id IN (SELECT code_id FROM rel WHERE code_id IS NOT NULL)
      ),
      back AS (
        UPDATE campaigns c SET remaining_quantity = c.remaining_quantity + 1
        FROM rel WHERE c.id = rel.campaign_id AND c.remaining_quantity IS NOT NULL
      )
      SELECT campaign_id FROM rel`),
  );
  return rows.length;
}
