import {
  RESOURCES,
  can,
  pinReleaseSchema,
  pinnedReleasePreviewSchema,
  pinnedReleaseQuerySchema,
  rollbackReleaseSchema,
} from '@esim/contracts';
import * as v from 'valibot';
import { route } from '../../http/define-route';
import { ForbiddenError, ValidationError } from '../../http/errors';
import { issuesToFieldErrors } from '../../http/messages';
import type { AreaRoutes } from '../types';
import { createReleaseService } from './service';

const readReleases = { resource: RESOURCES.releases, action: 'GET' } as const;

/**
 * Release registry of the console's remotes (docs/remotes.md): the pinned release document the
 * host loads its remotes from, and the Releases screen's list, pin and rollback.
 */
export const releaseRoutes: AreaRoutes = (deps) => {
  const service = createReleaseService(deps);
  return [
    route({
      method: 'GET',
      url: 'release/pinned',
      // The host reads it right after sign-in; every signed-in user loads the same console.
      permission: 'signedIn',
      query: pinnedReleaseQuerySchema,
      summary: 'The pinned release document: per remote, its version and manifest URL',
      description:
        'Never cached (Cache-Control: no-store). `preview=<remote>@<version>` (repeatable or ' +
        'comma-separated) replaces that remote with a published, unpinned version for this ' +
        'answer only (entry marked `preview: true`): needs GET on /settings/releases (403), ' +
        'the version must be published (422).',
      tags: ['releases'],
      handler: async ({ query, auth, request, reply }) => {
        reply.header('cache-control', 'no-store');
        let previews: { remote: string; version: string }[] = [];
        if (query.preview !== undefined) {
          // Permission first: a caller who may not preview learns nothing about the versions.
          if (!can(auth.permissions, RESOURCES.releases, 'GET')) throw new ForbiddenError();
          const parsed = v.safeParse(pinnedReleasePreviewSchema, query);
          if (!parsed.success) {
            throw new ValidationError(
              issuesToFieldErrors(
                request.server.messageCatalog,
                parsed.issues,
                pinnedReleasePreviewSchema,
              ),
            );
          }
          previews = parsed.output.preview ?? [];
        }
        return { data: await service.pinnedDocument(previews) };
      },
    }),
    route({
      method: 'GET',
      url: 'release/list',
      permission: readReleases,
      summary: 'Every remote: published versions, pinned version, pin history',
      description: 'History newest first, at most RELEASE_HISTORY_LIMIT (50) entries per remote.',
      tags: ['releases'],
      handler: async () => ({ data: await service.list() }),
    }),
    route({
      method: 'PUT',
      url: 'release/pin',
      permission: { resource: RESOURCES.releases, action: 'PUT' },
      body: pinReleaseSchema,
      summary: 'Pin a published version of a remote (what the console loads from now on)',
      description:
        'Recorded in the pin history with the caller as `pinnedBy`. Unknown remote: 404; ' +
        'version not published: 422. Pinning the pinned version changes nothing (`changed: false`).',
      tags: ['releases'],
      handler: async ({ body, auth }) => {
        const { change, message } = await service.pin(body, auth.email);
        return { data: change, message };
      },
    }),
    route({
      method: 'POST',
      url: 'release/rollback',
      permission: { resource: RESOURCES.releases, action: 'POST' },
      body: rollbackReleaseSchema,
      summary: 'Roll a remote back to the version pinned before the current one',
      description:
        'A stack: each pin pushes, each rollback pops. Unknown remote: 404; nothing to roll ' +
        'back to: 422.',
      tags: ['releases'],
      handler: async ({ body, auth }) => {
        const { change, message } = await service.rollback(body, auth.email);
        return { data: change, message };
      },
    }),
  ];
};
