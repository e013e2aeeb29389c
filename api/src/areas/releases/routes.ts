import {
  RESOURCES,
  can,
  createReleaseTokenSchema,
  endCanarySchema,
  pinReleaseSchema,
  pinnedReleasePreviewSchema,
  pinnedReleaseQuerySchema,
  publishReleaseQuerySchema,
  releaseBeaconSchema,
  revokeReleaseTokenSchema,
  rollbackReleaseSchema,
  setCanarySchema,
} from '@esim/contracts';
import * as v from 'valibot';
import { route } from '../../http/define-route';
import { ForbiddenError, ValidationError } from '../../http/errors';
import { issuesToFieldErrors } from '../../http/messages';
import type { AreaRoutes } from '../types';
import { RELEASE_MESSAGES } from './messages';
import { createReleaseService } from './service';
import { createReleaseTokenService } from './tokens';

const readReleases = { resource: RESOURCES.releases, action: 'GET' } as const;
const pinReleases = { resource: RESOURCES.releases, action: 'PUT' } as const;

/** The URL of POST release/publish (its body parser accepts the upload only there). */
export const RELEASE_PUBLISH_ROUTE = 'release/publish';

/**
 * Release registry of the console's remotes (docs/remotes.md): the pinned release document the
 * host loads its remotes from, the Releases screen's list, pin, rollback and canary, publishing
 * an uploaded build, the console's load reports, and release tokens for the CLI.
 */
export const releaseRoutes: AreaRoutes = (deps) => {
  const service = createReleaseService(deps);
  const tokens = createReleaseTokenService(deps.db);
  return [
    route({
      method: 'GET',
      url: 'release/pinned',
      // The host reads it right after sign-in; every signed-in user loads the same console.
      permission: 'signedIn',
      query: pinnedReleaseQuerySchema,
      summary: 'The pinned release document: per remote, its version and manifest URL',
      description:
        'Never cached (Cache-Control: no-store). Per user: a remote with a canary answers the ' +
        "canary's version (`channel: 'canary'`) to users of its roles or inside its share. " +
        '`preview=<remote>@<version>` (repeatable or comma-separated) replaces that remote with ' +
        'a published, unpinned version for this answer only (entry marked `preview: true`, ' +
        'recorded in the audit history): needs GET on /settings/releases (403), the version ' +
        'must be published (422).',
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
        return { data: await service.pinnedDocument(auth, previews) };
      },
    }),
    route({
      method: 'GET',
      url: 'release/list',
      permission: readReleases,
      summary: 'Every remote: versions (compatibility, error rate), pin, canary, pin history',
      description: 'History newest first, at most RELEASE_HISTORY_LIMIT (50) entries per remote.',
      tags: ['releases'],
      handler: async () => ({ data: await service.list() }),
    }),
    route({
      method: 'PUT',
      url: 'release/pin',
      permission: pinReleases,
      body: pinReleaseSchema,
      summary: 'Pin a published version of a remote (what the console loads from now on)',
      description:
        'Needs a reason. Checks first that the store serves the manifest and remote entry ' +
        'exactly as published (409 other bytes, 422 unreachable or no answer within ' +
        'RELEASE_CHECK_TIMEOUT_MS) and that the console provides what its shared packages need ' +
        '(422 naming each package; `force: true` overrides this check only). Recorded in the pin ' +
        'history and the audit. Unknown remote: 404; version not published: 422.',
      tags: ['releases'],
      handler: async ({ body, auth }) => {
        const { change, message } = await service.pin(body, auth);
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
        'Needs a reason. A stack: each pin pushes, each rollback pops. Unknown remote: 404; ' +
        'nothing to roll back to: 422.',
      tags: ['releases'],
      handler: async ({ body, auth }) => {
        const { change, message } = await service.rollback(body, auth);
        return { data: change, message };
      },
    }),
    route({
      method: 'PUT',
      url: 'release/canary',
      permission: pinReleases,
      body: setCanarySchema,
      summary: "Set a remote's canary: a version for a share of users and/or some roles",
      description:
        'One canary per remote (setting another replaces it); the remote must be pinned, to ' +
        'another version. The same checks as a pin (files served as published, compatibility ' +
        'unless `force`). A user is in the share when a stable hash of (user, remote) mod 100 < ' +
        'percent.',
      tags: ['releases'],
      handler: async ({ body, auth }) => {
        const { canary, message } = await service.setCanary(body, auth);
        return { data: canary, message };
      },
    }),
    route({
      method: 'DELETE',
      url: 'release/canary',
      permission: pinReleases,
      body: endCanarySchema,
      summary: "End a remote's canary: everyone gets the pinned version again",
      description: 'Needs a reason; 422 when the remote has no canary.',
      tags: ['releases'],
      handler: async ({ body, auth }) => {
        const { ended, message } = await service.endCanary(body, auth);
        return { data: ended, message };
      },
    }),
    route({
      method: 'POST',
      url: RELEASE_PUBLISH_ROUTE,
      permission: { resource: RESOURCES.releases, action: 'POST' },
      query: publishReleaseQuerySchema,
      summary: 'Publish one built version of a remote (upload), while the console runs',
      description:
        'Content-Type: application/gzip, the body a tar.gz of remotes/<remote>/dist/<version>/ ' +
        '(at most 64 MB; plain files of a build only: no links, absolute paths or ..). Checked: ' +
        'mf-manifest.json of that remote and version, every file it names present, a valid ' +
        'route-manifest.json, the compatibility gate (`force=true` with a `reason` overrides ' +
        'it). Stored immutably: the same build again answers `published: false`; other content ' +
        'under a published version is 409.',
      tags: ['releases'],
      status: 201,
      handler: async ({ query, request, auth }) => {
        const { data, message } = await service.publish(query, request.body, auth);
        return { data, message, status: data.published ? 201 : 200 };
      },
    }),
    route({
      method: 'POST',
      url: 'release/beacon',
      permission: 'signedIn',
      body: releaseBeaconSchema,
      summary: 'What the console saw loading and rendering remotes (counted per hour)',
      description:
        'Events of published versions are counted per remote, version and hour; others are ' +
        'dropped. At most 30 beacons a minute per user (429).',
      tags: ['releases'],
      handler: async ({ body, auth }) => ({ data: await service.beacon(body, auth) }),
    }),
    route({
      method: 'POST',
      url: 'release/token',
      permission: readReleases,
      body: createReleaseTokenSchema,
      summary: 'Create a personal release token for the release CLI (shown once)',
      description:
        'The token acts as you, with your role as it is at each request, on the release calls ' +
        'only. Signed in only (a release token cannot make tokens).',
      tags: ['releases'],
      status: 201,
      handler: async ({ body, auth }) => ({
        data: await tokens.create(auth, body),
        message: RELEASE_MESSAGES.tokenCreated,
      }),
    }),
    route({
      method: 'GET',
      url: 'release/token',
      permission: readReleases,
      summary: 'Your release tokens (never the tokens themselves)',
      tags: ['releases'],
      handler: async ({ auth }) => ({ data: { items: await tokens.list(auth) } }),
    }),
    route({
      method: 'DELETE',
      url: 'release/token',
      permission: readReleases,
      body: revokeReleaseTokenSchema,
      summary: 'Revoke one of your release tokens',
      tags: ['releases'],
      handler: async ({ body, auth }) => ({
        data: await tokens.revoke(auth, body.id),
        message: RELEASE_MESSAGES.tokenRevoked,
      }),
    }),
  ];
};
