import { defineApiMessages } from '@esim/contracts';

export const RELEASE_MESSAGES = defineApiMessages('releases', {
  pinned: 'Release pinned: {{remote}} {{version}}.',
  alreadyPinned: '{{remote}} is already pinned to {{version}}; nothing changed.',
  rolledBack: 'Release rolled back: {{remote}} {{from}} -> {{to}}.',
  unknownRemote: 'Remote {{remote}} not found: no version of it is published.',
  previewNotPublished: '{{remote}} {{version}} is not published, so it cannot be previewed.',
  // The rollback refusals the Releases screen shows: the area is on screen, so no remote name.
  notPinned: 'This area is not pinned to any version, so there is nothing to roll back.',
  noPreviousPin: 'This area has no earlier pinned version to roll back to. Pin a version instead.',
  // The release store's refusals (release-store/store.ts words them the same for the CLI).
  invalidRemote: '"{{remote}}" is not a remote name (lower-case letters and digits).',
  invalidVersion: '"{{version}}" is not a semver version (x.y.z[-pre]).',
  invalidUser: 'Who makes the change must be known.',
  versionExists:
    '{{remote}} {{version}} is already published; a published version is never overwritten. Give the new build a new version (package.json "version").',
  notPublished:
    '{{remote}} {{version}} is not published, so it cannot be pinned. Published versions of {{remote}}: {{versions}}.',
  notPublishedNone:
    '{{remote}} {{version}} is not published, so it cannot be pinned. No version of {{remote}} is published yet (pnpm release publish {{remote}}).',
  // The compatibility gate: one item per shared package the console cannot give the version.
  incompatible:
    '{{remote}} {{version}} needs {{package}} {{required}}; this console provides {{provided}}.',
  incompatibleMissing:
    '{{remote}} {{version}} needs {{package}} {{required}}; this console does not provide it.',
  // Pin checks what it pins: the files the console would load.
  servedUnreachable:
    '{{remote}} {{version}} cannot be pinned: its {{file}} could not be read from the remote store ({{detail}}).',
  servedTimeout:
    '{{remote}} {{version}} cannot be pinned: the remote store did not send its {{file}} within {{seconds}} seconds.',
  servedMismatch:
    '{{remote}} {{version}} cannot be pinned: the remote store serves a {{file}} that is not the one published.',
  // Canary pins.
  canarySet: 'Canary set: {{remote}} {{version}}.',
  canaryEnded: 'Canary ended: everyone gets {{remote}} {{version}} again.',
  noCanary: 'This area has no canary to end.',
  canaryIsPinned:
    '{{remote}} is already pinned to {{version}} for everyone; a canary needs another version.',
  canaryNeedsPin: 'This area is not pinned to any version: pin one before a canary.',
  unknownRole: 'Role {{role}} not found.',
  // Publishing an uploaded build.
  published: 'Release published: {{remote}} {{version}}.',
  alreadyPublished:
    '{{remote}} {{version}} is already published with this very build; nothing changed.',
  uploadNotArchive:
    'The upload is not a gzipped tar of a remote build (the contents of remotes/<remote>/dist/<version>/).',
  uploadBadEntry:
    'The upload holds {{entry}}, which a remote build cannot have: only plain files of a build (scripts, styles, JSON, images, fonts).',
  uploadTooManyFiles: 'The upload holds more than {{max}} files.',
  buildNoManifest: 'The upload has no mf-manifest.json at its top level.',
  buildManifestInvalid: 'The uploaded mf-manifest.json is not a Module Federation manifest.',
  buildWrongRemote: 'The uploaded build is of remote {{name}}, not {{remote}}.',
  buildWrongVersion: 'The uploaded build is version {{buildVersion}}, not {{version}}.',
  buildMissingFile: 'The uploaded build has no {{file}}, which its mf-manifest.json names.',
  routeManifestInvalid: 'The uploaded route-manifest.json is not valid: {{problem}}',
  // Release tokens (the release CLI).
  tokenCreated: 'Release token created. Copy it now: it is not shown again.',
  tokenRevoked: 'Release token revoked.',
  tokenNotFound: 'Release token not found.',
});
