/**
 * POST release/publish: a release manager uploads one built version (a gzipped tar of
 * remotes/<remote>/dist/<version>/), checked and stored immutably while the console runs. The
 * same build again is idempotent; other content under a published version is refused (409).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  RELEASE_PUBLISH_MAX_BYTES,
  type ApiMessage,
  type PublishReleaseResult,
} from '@esim/contracts';
import { routeManifestProblems } from '@esim/remote-kit/manifest';
import { actorOf } from '../../audit';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../http/define-route';
import { ConflictError, PayloadTooLargeError, ValidationError } from '../../http/errors';
import {
  DEFAULT_FILE_LIMIT,
  DEFAULT_UNPACKED_LIMIT,
  MANIFEST_FILE,
  UploadRefused,
  compatibilityOf,
  isBuildOf,
  isReleaseError,
  parseManifest,
  publishRemote,
  publishedVersion,
  sha256,
  unpackUpload,
  type HostShared,
  type StoreMirror,
  type UploadProblem,
} from '../../release-store';
import { auditPublish } from './audit';
import { assertCompatible } from './gate';
import { RELEASE_MESSAGES } from './messages';

const ROUTE_MANIFEST_FILE = 'route-manifest.json';

export interface PublishUploadInput {
  remote: string;
  version: string;
  force?: boolean | undefined;
  reason?: string | undefined;
}

function refused(message: ApiMessage, field?: string): ValidationError {
  return new ValidationError([{ message, ...(field ? { field } : {}) }]);
}

function uploadError(problem: UploadProblem): Error {
  switch (problem.kind) {
    case 'too_large':
      return new PayloadTooLargeError();
    case 'too_many_files':
      return refused(RELEASE_MESSAGES.uploadTooManyFiles({ max: String(DEFAULT_FILE_LIMIT) }));
    case 'bad_entry':
      return refused(RELEASE_MESSAGES.uploadBadEntry({ entry: problem.entry.slice(0, 200) }));
    case 'not_an_archive':
      return refused(RELEASE_MESSAGES.uploadNotArchive);
  }
}

async function readOptional(file: string): Promise<Buffer | null> {
  try {
    return await fs.readFile(file);
  } catch {
    return null;
  }
}

/** The uploaded build's manifest, checked against the query and for every file it names. */
async function checkBuild(dir: string, input: PublishUploadInput) {
  const { remote, version } = input;
  const bytes = await readOptional(path.join(dir, MANIFEST_FILE));
  if (!bytes) throw refused(RELEASE_MESSAGES.buildNoManifest);
  let manifest: ReturnType<typeof parseManifest>;
  try {
    manifest = parseManifest(bytes, MANIFEST_FILE);
  } catch {
    throw refused(RELEASE_MESSAGES.buildManifestInvalid);
  }
  if (manifest.name !== remote)
    throw refused(RELEASE_MESSAGES.buildWrongRemote({ name: manifest.name, remote }), 'remote');
  if (manifest.buildVersion !== undefined && !isBuildOf(version, manifest.buildVersion)) {
    throw refused(
      RELEASE_MESSAGES.buildWrongVersion({ buildVersion: manifest.buildVersion, version }),
      'version',
    );
  }
  for (const file of manifest.files) {
    if (!(await readOptional(path.join(dir, file))))
      throw refused(RELEASE_MESSAGES.buildMissingFile({ file: file.slice(0, 200) }));
  }
  const routeProblem = await routeManifestProblem(dir, input);
  if (routeProblem)
    throw refused(RELEASE_MESSAGES.routeManifestInvalid({ problem: routeProblem.slice(0, 300) }));
  const entry = await fs.readFile(path.join(dir, manifest.remoteEntry));
  return { manifest, manifestHash: sha256(bytes), entryHash: sha256(entry) };
}

/** What is wrong with the build's route-manifest.json (the host builds its routes from it). */
async function routeManifestProblem(
  dir: string,
  input: PublishUploadInput,
): Promise<string | null> {
  const bytes = await readOptional(path.join(dir, ROUTE_MANIFEST_FILE));
  if (!bytes) return `${ROUTE_MANIFEST_FILE} is missing.`;
  let json: { schema?: unknown; remote?: unknown; version?: unknown; routes?: unknown };
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    return 'it is not JSON.';
  }
  if (json?.schema !== 1) return 'schema must be 1.';
  if (json.remote !== input.remote) return `remote must be ${input.remote}.`;
  if (typeof json.version !== 'string' || !isBuildOf(input.version, json.version))
    return `version must be ${input.version}.`;
  if (!Array.isArray(json.routes)) return 'routes must be a list.';
  const problems = routeManifestProblems(json.routes, { published: true });
  return problems.length > 0 ? `${problems.slice(0, 3).join('; ')}.` : null;
}

export async function publishUpload(
  deps: {
    db: Db;
    storeDir: string;
    hostShared: () => Promise<HostShared | null>;
    mirror?: StoreMirror | undefined;
  },
  input: PublishUploadInput,
  body: unknown,
  auth: AuthContext,
): Promise<{ data: PublishReleaseResult; message: ApiMessage }> {
  const { remote, version } = input;
  if (!(body instanceof Readable)) throw refused(RELEASE_MESSAGES.uploadNotArchive);
  let unpacked: { dir: string };
  try {
    unpacked = await unpackUpload(body, path.join(deps.storeDir, '.uploads'), {
      maxBytes: RELEASE_PUBLISH_MAX_BYTES,
      maxUnpackedBytes: DEFAULT_UNPACKED_LIMIT,
      maxFiles: DEFAULT_FILE_LIMIT,
    });
  } catch (error) {
    if (error instanceof UploadRefused) throw uploadError(error.problem);
    throw error;
  }
  try {
    const build = await checkBuild(unpacked.dir, input);
    const compatibility = compatibilityOf(build.manifest.shared, await deps.hostShared());
    const result = (published: boolean): { data: PublishReleaseResult; message: ApiMessage } => ({
      data: {
        remote,
        version,
        manifestHash: build.manifestHash,
        entryHash: build.entryHash,
        published,
        compatibility,
      },
      message: published
        ? RELEASE_MESSAGES.published({ remote, version })
        : RELEASE_MESSAGES.alreadyPublished({ remote, version }),
    });
    const sameAsPublished = async (): Promise<boolean | null> => {
      const existing = await publishedVersion(deps.db, remote, version);
      if (!existing) return null;
      return (
        existing.manifestHash === build.manifestHash &&
        (existing.entryHash === null || existing.entryHash === build.entryHash)
      );
    };
    const before = await sameAsPublished();
    if (before === true) return result(false);
    if (before === false)
      throw new ConflictError(RELEASE_MESSAGES.versionExists({ remote, version }), 'version');
    assertCompatible(remote, version, compatibility, input.force === true);
    try {
      await publishRemote(deps.db, {
        remote,
        version,
        buildDir: unpacked.dir,
        storeDir: deps.storeDir,
        by: auth.email,
        onPublished: (tx, published) => auditPublish(tx, actorOf(auth), published, 'upload'),
        ...(deps.mirror ? { mirror: deps.mirror.upload } : {}),
      });
    } catch (error) {
      // Another upload of the same version won the race: the same build is still a success.
      if (isReleaseError(error) && error.code === 'version_exists' && (await sameAsPublished()))
        return result(false);
      throw error;
    }
    return result(true);
  } finally {
    await fs.rm(unpacked.dir, { recursive: true, force: true });
  }
}
