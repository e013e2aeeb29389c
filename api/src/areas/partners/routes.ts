import {
  RESOURCES,
  createPartnerAccountSchema,
  createPartnerSchema,
  deletePartnerQuerySchema,
  partnerAccountIdQuerySchema,
  partnerIdQuerySchema,
  partnerListSchema,
  partnerLookupQuerySchema,
  updatePartnerSchema,
  uuidEntityHistoryQuerySchema,
} from '@esim/contracts';
import { actorOf, listAuditHistory } from '../../audit';
import { csvFileName, sendCsv } from '../../csv';
import { rawRoute, route } from '../../http/define-route';
import type { AreaRoutes } from '../types';
import { partnerScopeOf } from './scope';
import { PARTNER_MESSAGES, createPartnerService, partnerAudit } from './service';

const readPartners = { resource: RESOURCES.partners, action: 'GET' } as const;
const updatePartners = { resource: RESOURCES.partners, action: 'PUT' } as const;

/**
 * Partners (spec section 7 'partner, partner/list'; docs/partners.md). Every call is limited to
 * the caller's partner scope: a partner's own staff reach that partner only (decision 0019).
 */
export const partnerRoutes: AreaRoutes = (deps) => {
  const service = createPartnerService(deps);
  return [
    route({
      method: 'POST',
      url: 'partner/list',
      permission: readPartners,
      body: partnerListSchema,
      summary: 'Partners, paged, sorted and filtered',
      description:
        'Filters: target, planType, commissionType, search (name, code, prefix, slug, ' +
        'representative, login e-mail), from/to on the created date. Default order: newest first.',
      tags: ['partners'],
      handler: async ({ body, auth }) => ({
        data: await service.list(body, partnerScopeOf(auth)),
      }),
    }),
    rawRoute({
      method: 'GET',
      url: 'partner/export',
      permission: readPartners,
      query: partnerListSchema,
      summary: 'CSV of the partners matching the list filters (UTF-8 with BOM, formula-safe)',
      description: 'Same query as partner/list (page and pageSize are ignored).',
      tags: ['partners'],
      handler: async ({ query, reply, auth }) => {
        const { header, rows } = service.exportCsv(query, partnerScopeOf(auth));
        return sendCsv(reply, { fileName: csvFileName('partners'), header, rows });
      },
    }),
    route({
      method: 'GET',
      url: 'partner',
      permission: readPartners,
      query: partnerIdQuerySchema,
      summary: 'One partner with its custom fields and accounts',
      tags: ['partners'],
      handler: async ({ query, auth }) => ({
        data: await service.get(query.id, partnerScopeOf(auth)),
      }),
    }),
    route({
      method: 'GET',
      url: 'partner/lookup',
      permission: readPartners,
      query: partnerLookupQuerySchema,
      summary: 'One partner by slug (current or old), code or prefix',
      description:
        "Exactly one of slug, code, prefix. 404 'Partner not found', \"partner's code not found\" " +
        'or "partner\'s prefix not found".',
      tags: ['partners'],
      handler: async ({ query, auth }) => ({
        data: await service.lookup(query, partnerScopeOf(auth)),
      }),
    }),
    route({
      method: 'POST',
      url: 'partner',
      permission: { resource: RESOURCES.partners, action: 'POST' },
      body: createPartnerSchema,
      status: 201,
      summary: 'Register a partner',
      description: 'A code, prefix or slug already used is a 409 on that field.',
      tags: ['partners'],
      handler: async ({ body, auth }) => ({
        data: await service.create(body, actorOf(auth), partnerScopeOf(auth)),
        message: PARTNER_MESSAGES.created,
      }),
    }),
    route({
      method: 'PUT',
      url: 'partner',
      permission: updatePartners,
      body: updatePartnerSchema,
      summary: 'Update a partner (the whole record, with the version it was loaded at)',
      description:
        "A stale version is a 409. A changed slug becomes the old slug and still resolves. A partner's " +
        'own staff may change only contact details and custom field values (403 otherwise).',
      tags: ['partners'],
      handler: async ({ body, auth }) => ({
        data: await service.update(body, actorOf(auth), partnerScopeOf(auth)),
        message: PARTNER_MESSAGES.updated,
      }),
    }),
    route({
      method: 'DELETE',
      url: 'partner',
      permission: { resource: RESOURCES.partners, action: 'DELETE' },
      query: deletePartnerQuerySchema,
      summary: 'Delete a partner without accounts that nothing refers to',
      tags: ['partners'],
      handler: async ({ query, auth }) => {
        await service.remove(query.id, query.version, actorOf(auth), partnerScopeOf(auth));
        return { data: { id: query.id }, message: PARTNER_MESSAGES.deleted };
      },
    }),
    route({
      method: 'POST',
      url: 'partner/account',
      permission: updatePartners,
      body: createPartnerAccountSchema,
      status: 201,
      summary: 'Add a staff account to a partner (role administrators_partner)',
      description:
        'The account signs in with its e-mail and a one-time code. A used e-mail is a 409.',
      tags: ['partners'],
      handler: async ({ body, auth }) => ({
        data: await service.createAccount(
          body,
          actorOf(auth),
          partnerScopeOf(auth),
          auth.permissions,
        ),
        message: PARTNER_MESSAGES.accountCreated,
      }),
    }),
    route({
      method: 'DELETE',
      url: 'partner/account',
      permission: updatePartners,
      query: partnerAccountIdQuerySchema,
      summary: "Remove a partner's staff account (its sessions end)",
      tags: ['partners'],
      handler: async ({ query, auth }) => ({
        data: await service.removeAccount(
          query.id,
          actorOf(auth),
          partnerScopeOf(auth),
          auth.permissions,
        ),
        message: PARTNER_MESSAGES.accountRemoved,
      }),
    }),
    route({
      method: 'GET',
      url: 'partner/history',
      permission: readPartners,
      query: uuidEntityHistoryQuerySchema,
      summary: "A partner's audit history",
      description: 'Entries stay after the partner is deleted. Read-only.',
      tags: ['partners'],
      handler: async ({ query, auth }) => {
        await service.assertReachable(query.id, partnerScopeOf(auth));
        return {
          data: await listAuditHistory(deps.db, {
            entityType: partnerAudit.type,
            entityId: query.id,
            page: query.page,
            pageSize: query.pageSize,
          }),
        };
      },
    }),
  ];
};
