import { businessToday } from '@esim/contracts';
import type { Queryable } from '../../audit';
import { discountsFor, resolveCampaignCode } from '../campaigns/public';

/*
 * Campaign codes (issue 17, docs/campaigns.md) discount an order. The review and the purchase
 * apply what applyCampaign returns; the purchase then takes the use atomically in its transaction
 * (../campaigns/redeem.ts redemptionSql, see ./purchase.ts).
 */

export interface CampaignLine {
  productId: string;
  quantity: number;
  lineTotal: number;
}

export interface CampaignOutcome {
  /** The campaign applied (orders.campaign_id); null = none. */
  campaignId: string | null;
  /** The generated voucher code used (campaign_codes.id); null = none or the campaign's code. */
  codeId: string | null;
  /** Discount per line, in the order of the lines given, whole JPY, at most the line's total. */
  discounts: number[];
}

/**
 * The campaign a code names and its discount per line. No code: nothing. A code that does not
 * apply is refused (404 codeNotFound, 422 inactive / notStarted / expired / notForPartner /
 * usedUp / notForProducts): the wizard shows why rather than silently selling without discount.
 */
export async function applyCampaign(
  q: Queryable,
  partnerId: string,
  campaignCode: string | null,
  lines: readonly CampaignLine[],
  today: string = businessToday(),
): Promise<CampaignOutcome> {
  if (!campaignCode) return { campaignId: null, codeId: null, discounts: lines.map(() => 0) };
  const campaign = await resolveCampaignCode(q, partnerId, campaignCode, today);
  return {
    campaignId: campaign.campaignId,
    codeId: campaign.codeId,
    discounts: discountsFor(campaign, lines),
  };
}
