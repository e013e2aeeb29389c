/** What other areas may use of campaigns (orders: the discount and the use of a code). */
export {
  discountsFor,
  redemptionSql,
  releaseCampaignUses,
  resolveCampaignCode,
  usedUpCodeOf,
  type Redemption,
  type ResolvedCampaign,
} from './redeem';
