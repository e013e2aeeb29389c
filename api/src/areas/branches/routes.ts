import {
  RESOURCES,
  branchIdQuerySchema,
  branchListSchema,
  branchTemplatePreviewSchema,
  createBranchSchema,
  createIssuerSchema,
  deleteBranchQuerySchema,
  issuerListSchema,
  selectBranchPartnerSchema,
  updateBranchSchema,
  updateIssuerSchema,
} from '@esim/contracts';
import { actorOf } from '../../audit';
import { historyRoute } from '../../audit/routes';
import { route } from '../../http/define-route';
import type { AreaRoutes } from '../types';
import { BRANCH_MESSAGES, branchAudit, createBranchService, issuerAudit } from './service';
import { previewTemplate } from './template';

const readBranches = { resource: RESOURCES.branches, action: 'GET' } as const;
const tags = ['branches'];

/** Branches and issuers (spec section 7 'branch, branch/list, branch/item, ...'; docs/branches.md). */
export const branchRoutes: AreaRoutes = (deps) => {
  const service = createBranchService(deps);
  return [
    route({
      method: 'POST',
      url: 'branch/list',
      permission: readBranches,
      body: branchListSchema,
      summary: 'Branches, paged, sorted and filtered',
      description:
        'Filters: target, countryCode, search (name, code, provider name), from/to on the created ' +
        'date. Default order: newest first. Each row counts its issuers.',
      tags,
      handler: async ({ body }) => ({ data: await service.list(body) }),
    }),
    route({
      method: 'GET',
      url: 'branch',
      permission: readBranches,
      query: branchIdQuerySchema,
      summary: 'One branch',
      tags,
      handler: async ({ query }) => ({ data: await service.get(query.id) }),
    }),
    route({
      method: 'POST',
      url: 'branch',
      permission: { resource: RESOURCES.branches, action: 'POST' },
      body: createBranchSchema,
      status: 201,
      summary: 'Create a branch',
      description:
        'The template is sanitised before it is stored. A code already taken (case-insensitive) ' +
        "is a 409 'Duplicate branch code detected; must be unique.'",
      tags,
      handler: async ({ body, auth }) => ({
        data: await service.create(body, actorOf(auth)),
        message: BRANCH_MESSAGES.created,
      }),
    }),
    route({
      method: 'PUT',
      url: 'branch',
      permission: { resource: RESOURCES.branches, action: 'PUT' },
      body: updateBranchSchema,
      summary: 'Update a branch (the whole record, with the version it was loaded at)',
      description: 'A stale version is a 409. The partner link is kept (branch/select-partner).',
      tags,
      handler: async ({ body, auth }) => ({
        data: await service.update(body, actorOf(auth)),
        message: BRANCH_MESSAGES.updated,
      }),
    }),
    route({
      method: 'DELETE',
      url: 'branch',
      permission: { resource: RESOURCES.branches, action: 'DELETE' },
      query: deleteBranchQuerySchema,
      summary: 'Delete a branch without issuers',
      description: 'A branch with issuers is a 422; a stale version a 409.',
      tags,
      handler: async ({ query, auth }) => {
        await service.remove(query.id, query.version, actorOf(auth));
        return { data: { id: query.id }, message: BRANCH_MESSAGES.deleted };
      },
    }),
    route({
      method: 'POST',
      url: 'branch/template/preview',
      permission: readBranches,
      body: branchTemplatePreviewSchema,
      summary: 'A template sanitised as it would be stored, and filled with sample values',
      description: 'Changes nothing.',
      tags,
      handler: async ({ body }) => ({ data: previewTemplate(body.templateHtml) }),
    }),
    route({
      method: 'PUT',
      url: 'branch/select-partner',
      permission: { resource: RESOURCES.branches, action: 'PUT' },
      body: selectBranchPartnerSchema,
      summary: 'Link a branch to the partner it sells through (null: none)',
      description:
        "Until the partners area exists only null is accepted: any partner id is a 404 'Partner not found'.",
      tags,
      handler: async ({ body, auth }) => ({
        data: await service.selectPartner(body, actorOf(auth)),
        message: BRANCH_MESSAGES.partnerSelected,
      }),
    }),
    historyRoute(deps.db, {
      url: 'branch/history',
      entity: branchAudit,
      tags,
      summary: "A branch's audit history",
    }),
    route({
      method: 'POST',
      url: 'branch/item/list',
      permission: readBranches,
      body: issuerListSchema,
      summary: 'Issuers (branch items), of one branch when branchId is given',
      description:
        'Filters: branchId, countryCode, search (legal name, registration number), from/to.',
      tags,
      handler: async ({ body }) => ({ data: await service.listIssuers(body) }),
    }),
    route({
      method: 'GET',
      url: 'branch/item',
      permission: readBranches,
      query: branchIdQuerySchema,
      summary: 'One issuer with its document number sequences',
      tags,
      handler: async ({ query }) => ({ data: await service.getIssuer(query.id) }),
    }),
    route({
      method: 'POST',
      url: 'branch/item',
      permission: { resource: RESOURCES.branches, action: 'POST' },
      body: createIssuerSchema,
      status: 201,
      summary: 'Create an issuer of a branch',
      description:
        'Registration number by country, checked by format and check digit: JP T + 13 digits, ' +
        'TH 13-digit tax ID and 5-digit branch number (00000 head office), DE DE + 9 digits.',
      tags,
      handler: async ({ body, auth }) => ({
        data: await service.createIssuer(body, actorOf(auth)),
        message: BRANCH_MESSAGES.issuerCreated,
      }),
    }),
    route({
      method: 'PUT',
      url: 'branch/item',
      permission: { resource: RESOURCES.branches, action: 'PUT' },
      body: updateIssuerSchema,
      summary: 'Update an issuer (the whole record, with its version)',
      tags,
      handler: async ({ body, auth }) => ({
        data: await service.updateIssuer(body, actorOf(auth)),
        message: BRANCH_MESSAGES.issuerUpdated,
      }),
    }),
    route({
      method: 'DELETE',
      url: 'branch/item',
      permission: { resource: RESOURCES.branches, action: 'DELETE' },
      query: deleteBranchQuerySchema,
      summary: 'Delete an issuer no document was numbered for',
      description: 'An issuer with numbered documents is a 422.',
      tags,
      handler: async ({ query, auth }) => {
        await service.removeIssuer(query.id, query.version, actorOf(auth));
        return { data: { id: query.id }, message: BRANCH_MESSAGES.issuerDeleted };
      },
    }),
    historyRoute(deps.db, {
      url: 'branch/item/history',
      entity: issuerAudit,
      tags,
      summary: "An issuer's audit history",
    }),
  ];
};
