import {
  CAMPAIGN_MESSAGES,
  RESOURCES,
  applyCampaignOrderSchema,
  businessToday,
  campaignCodeListSchema,
  campaignIdQuerySchema,
  campaignListSchema,
  campaignRedemptionListSchema,
  createCampaignSchema,
  deleteCampaignQuerySchema,
  generateCampaignCodesSchema,
  updateCampaignSchema,
  uuidEntityHistoryQuerySchema,
  type CampaignApplyResult,
} from '@esim/contracts';
import { actorOf, listAuditHistory, type Queryable } from '../../audit';
import { csvFileName, sendCsv } from '../../csv';
import { rawRoute, route } from '../../http/define-route';
import { loadPartnerTerms, priceOrder } from '../orders/public';
import { partnerScopeOf, withPartnerScope, type PartnerScope } from '../partners/public';
import type { AreaRoutes } from '../types';
import { resolveCampaignCode } from './redeem';
import { campaignAudit, createCampaignService } from './service';

const readCampaigns = { resource: RESOURCES.campaigns, action: 'GET' } as const;

/**
 * Campaign codes (spec section 7 'campaign, list, apply-order, export-csv'; docs/campaigns.md).
 * Reads are limited to the caller's partner scope; writes are for the reseller's staff.
 */
export const campaignRoutes: AreaRoutes = (deps) => {
  const service = createCampaignService(deps);
  const scoped = <T>(scope: PartnerScope, fn: (q: Queryable) => Promise<T>): Promise<T> =>
    scope.all ? fn(deps.db) : withPartnerScope(deps.db, scope, fn);
  return [
    route({
      method: 'POST',
      url: 'campaign/list',
      permission: readCampaigns,
      body: campaignListSchema,
      summary: 'Campaigns, paged, sorted and filtered',
      description:
        'Filters: type, discountType, status, search (code or name contains; a generated code ' +
        'finds its campaign), from/to (valid on some day of the range). Default: newest first.',
      tags: ['campaigns'],
      handler: async ({ body, auth }) => ({
        data: await service.list(body, partnerScopeOf(auth)),
      }),
    }),
    rawRoute({
      method: 'GET',
      url: 'campaign/export-csv',
      permission: readCampaigns,
      query: campaignListSchema,
      summary: 'CSV of the campaigns matching the list filters (UTF-8 with BOM, formula-safe)',
      tags: ['campaigns'],
      handler: async ({ query, reply, auth }) => {
        const { header, rows } = service.exportCsv(query, partnerScopeOf(auth));
        return sendCsv(reply, { fileName: csvFileName('campaigns'), header, rows });
      },
    }),
    rawRoute({
      method: 'GET',
      url: 'campaign/codes/export-csv',
      permission: readCampaigns,
      query: campaignIdQuerySchema,
      summary: "CSV of a campaign's voucher codes and uses (UTF-8 with BOM, formula-safe)",
      tags: ['campaigns'],
      handler: async ({ query, reply, auth }) => {
        const { header, rows } = await service.exportCodes(query.id, partnerScopeOf(auth));
        return sendCsv(reply, { fileName: csvFileName('campaign-codes'), header, rows });
      },
    }),
    route({
      method: 'GET',
      url: 'campaign',
      permission: readCampaigns,
      query: campaignIdQuerySchema,
      summary: 'One campaign with the partners and products it applies to',
      tags: ['campaigns'],
      handler: async ({ query, auth }) => ({
        data: await service.get(query.id, partnerScopeOf(auth)),
      }),
    }),
    route({
      method: 'POST',
      url: 'campaign',
      permission: { resource: RESOURCES.campaigns, action: 'POST' },
      body: createCampaignSchema,
      status: 201,
      summary: 'Create a campaign',
      description:
        'A code already used (by a campaign or a generated code) is a 409. Dates before today: ' +
        "'Dates must be equal to or later than the current date'.",
      tags: ['campaigns'],
      handler: async ({ body, auth }) => ({
        data: await service.create(body, actorOf(auth), partnerScopeOf(auth)),
        message: CAMPAIGN_MESSAGES.created,
      }),
    }),
    route({
      method: 'PUT',
      url: 'campaign',
      permission: { resource: RESOURCES.campaigns, action: 'PUT' },
      body: updateCampaignSchema,
      summary: 'Update a campaign (the whole record, with the version it was loaded at)',
      description:
        'A stale version is a 409. The use quantity may not drop below the uses made (422); a ' +
        "voucher campaign's use quantity stays its number of codes.",
      tags: ['campaigns'],
      handler: async ({ body, auth }) => ({
        data: await service.update(body, actorOf(auth), partnerScopeOf(auth)),
        message: CAMPAIGN_MESSAGES.updated,
      }),
    }),
    route({
      method: 'DELETE',
      url: 'campaign',
      permission: { resource: RESOURCES.campaigns, action: 'DELETE' },
      query: deleteCampaignQuerySchema,
      summary: 'Delete a campaign that was never used (422 inUse otherwise)',
      tags: ['campaigns'],
      handler: async ({ query, auth }) => {
        await service.remove(query.id, query.version, actorOf(auth), partnerScopeOf(auth));
        return { data: { id: query.id }, message: CAMPAIGN_MESSAGES.deleted };
      },
    }),
    route({
      method: 'GET',
      url: 'campaign/history',
      permission: readCampaigns,
      query: uuidEntityHistoryQuerySchema,
      summary: "A campaign's audit history",
      tags: ['campaigns'],
      handler: async ({ query, auth }) => {
        await service.assertReachable(query.id, partnerScopeOf(auth));
        return {
          data: await listAuditHistory(deps.db, {
            entityType: campaignAudit.type,
            entityId: query.id,
            page: query.page,
            pageSize: query.pageSize,
          }),
        };
      },
    }),
    route({
      method: 'POST',
      url: 'campaign/generate-codes',
      permission: { resource: RESOURCES.campaigns, action: 'POST' },
      body: generateCampaignCodesSchema,
      status: 201,
      summary: 'Generate single-use codes for a campaign (prefix + 8 random characters)',
      description:
        'Codes come from crypto.randomInt over an alphabet without look-alikes, unique across ' +
        "the database. The campaign's use quantity becomes its number of codes.",
      tags: ['campaigns'],
      handler: async ({ body, auth }) => {
        const result = await service.generateCodes(body, actorOf(auth), partnerScopeOf(auth));
        return { data: result, message: CAMPAIGN_MESSAGES.generated({ count: result.count }) };
      },
    }),
    route({
      method: 'POST',
      url: 'campaign/codes/list',
      permission: readCampaigns,
      body: campaignCodeListSchema,
      summary: "A campaign's generated codes with their use",
      tags: ['campaigns'],
      handler: async ({ body, auth }) => ({
        data: await service.listCodes(body, partnerScopeOf(auth)),
      }),
    }),
    route({
      method: 'POST',
      url: 'campaign/redemptions/list',
      permission: readCampaigns,
      body: campaignRedemptionListSchema,
      summary: "A campaign's uses by orders (released ones marked)",
      tags: ['campaigns'],
      handler: async ({ body, auth }) => ({
        data: await service.listRedemptions(body, partnerScopeOf(auth)),
      }),
    }),
    route({
      method: 'POST',
      url: 'campaign/apply-order',
      // The order wizard's preview: selling needs the orders permission, not the campaign area.
      permission: { resource: RESOURCES.orders, action: 'GET' },
      body: applyCampaignOrderSchema,
      summary: "A code's discount on a cart's lines (the wizard's preview; nothing is written)",
      description:
        "404 'Campaign code X not found.'; 422 inactive, notStarted, expired, notForPartner, " +
        'usedUp, notForProducts, and the refusals of cart/review.',
      tags: ['campaigns'],
      handler: async ({ body, auth }) => {
        const scope = partnerScopeOf(auth);
        const today = businessToday();
        const result = await scoped(scope, async (q): Promise<CampaignApplyResult> => {
          const terms = await loadPartnerTerms(q, body.partnerId, scope);
          const campaign = await resolveCampaignCode(q, body.partnerId, body.code, today);
          const priced = await priceOrder(
            q,
            terms,
            { lines: body.lines, useCountries: [], campaignCode: body.code },
            today,
          );
          return {
            campaignId: campaign.campaignId,
            code: campaign.code,
            discountType: campaign.discountType,
            discountValue: campaign.discountValue,
            lines: priced.review.lines.map((line) => ({
              productId: line.productId,
              lineTotal: line.lineTotal,
              discount: line.discount,
            })),
            discount: priced.review.discount,
          };
        });
        return {
          data: result,
          message: CAMPAIGN_MESSAGES.applied({ code: result.code, discount: result.discount }),
        };
      },
    }),
  ];
};
