import {
  auditHistoryQuerySchema,
  can,
  encodeMessage,
  entityHistoryQuerySchema,
} from '@esim/contracts';
import { route, type RouteDefinition } from '../http/define-route';
import { ForbiddenError, ValidationError } from '../http/errors';
import { validationMessage } from '../http/messages';
import type { Db } from '../db/client';
import type { AreaRoutes } from '../areas/types';
import { auditEntity, listAuditHistory, type AuditEntityDefinition } from './index';

/**
 * GET audit/history?entityType=&entityId=&page=&pageSize=: any registered entity's history.
 * Declared 'signedIn' because the resource depends on the entity type; the handler then requires
 * GET on the resource that entity type was registered with (defineAuditEntity), else 403.
 * An entity type nobody registered is a 400.
 */
export const auditRoutes: AreaRoutes = ({ db }) => [
  route({
    method: 'GET',
    url: 'audit/history',
    permission: 'signedIn',
    query: auditHistoryQuerySchema,
    summary: "A record's audit history (who changed which field when), newest first",
    description:
      'Signed in, plus GET on the resource the entity type belongs to (supplier: /supplier-management, ' +
      'exchangeRate and currency: /exchange-rate, ...). Read-only: audit entries cannot be edited or deleted.',
    tags: ['audit'],
    handler: async ({ query, auth, request }) => {
      const entity = auditEntity(query.entityType);
      if (!entity) {
        throw new ValidationError([
          {
            field: 'entityType',
            message: validationMessage(
              request.server.messageCatalog,
              encodeMessage('invalidFormat', { format: 'entityType' }),
            ),
          },
        ]);
      }
      if (!can(auth.permissions, entity.resource, 'GET')) throw new ForbiddenError();
      if (entity.reaches && !entity.reaches(auth, query.entityId)) throw new ForbiddenError();
      return { data: await listAuditHistory(db, query) };
    },
  }),
];

/**
 * An area's own history call, e.g. GET supplier/history?id=&page=&pageSize=, declared with GET on
 * the entity's resource (so the route's permission is exactly what it checks).
 *
 *   historyRoute(db, { url: 'tariff/history', entity: tariffGroupAudit, tags: ['tariffs'] })
 */
export function historyRoute(
  db: Db,
  options: { url: string; entity: AuditEntityDefinition; tags: string[]; summary?: string },
): RouteDefinition {
  return route({
    method: 'GET',
    url: options.url,
    permission: { resource: options.entity.resource, action: 'GET' },
    query: entityHistoryQuerySchema,
    summary: options.summary ?? `Audit history of one ${options.entity.type}, newest first`,
    description: 'Entries stay after the record is deleted. Read-only.',
    tags: options.tags,
    handler: async ({ query }) => ({
      data: await listAuditHistory(db, {
        entityType: options.entity.type,
        entityId: query.id,
        page: query.page,
        pageSize: query.pageSize,
      }),
    }),
  });
}
