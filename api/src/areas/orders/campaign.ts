import type { Queryable } from '../../audit';

/*
 * Campaign codes (issue 17) discount an order. Until that issue lands a code is stored on the
 * order as given and discounts nothing: issue 17 replaces applyCampaign (same signature) with
 * the real lookup and rules; the review and the purchase already apply what it returns.
 */

export interface CampaignLine {
  productId: string;
  quantity: number;
  lineTotal: number;
}

export interface CampaignOutcome {
  /** The campaign applied (orders.campaign_id); null = none. */
  campaignId: string | null;
  /** Discount per line, in the order of the lines given, whole JPY, at most the line's total. */
  discounts: number[];
}

export async function applyCampaign(
  q: Queryable,
  partnerId: string,
  campaignCode: string | null,
  lines: readonly CampaignLine[],
): Promise<CampaignOutcome> {
  void q;
  void partnerId;
  void campaignCode;
  return { campaignId: null, discounts: lines.map(() => 0) };
}
