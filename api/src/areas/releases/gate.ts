/**
 * What a pin (and a canary, and a publish) must pass: the compatibility gate (the console's
 * shared packages against the version's requirements; `force` with a reason overrides it) and,
 * for a pin, the files the console would load (read from the store and hashed).
 */
import {
  ERROR_CODES,
  type ApiMessage,
  type ReleaseCompatibility,
  type SharedRequirementProblem,
} from '@esim/contracts';
import { AppError, errorItem } from '../../http/errors';
import {
  MANIFEST_FILE,
  compatibilityOf,
  parseManifest,
  readServedFiles,
  recordVersionFacts,
  servedProblem,
  type HostShared,
  type ServedProblem,
} from '../../release-store';
import type { Db } from '../../db/client';
import type { SharedRequirement } from '../../db/schema/releases';
import { RELEASE_MESSAGES } from './messages';

/** 422 naming, per item, the package, what the version needs and what the console provides. */
export class IncompatibleReleaseError extends AppError {
  constructor(remote: string, version: string, problems: readonly SharedRequirementProblem[]) {
    const messages = problems.map((problem): ApiMessage => {
      const params = {
        remote,
        version,
        package: problem.package,
        required: problem.required,
      };
      return problem.provided === null
        ? RELEASE_MESSAGES.incompatibleMissing(params)
        : RELEASE_MESSAGES.incompatible({ ...params, provided: problem.provided });
    });
    super(
      422,
      ERROR_CODES.businessRule,
      messages[0]!,
      messages.map((message) => errorItem(message, ERROR_CODES.businessRule)),
    );
  }
}

/** 409 (the store serves other bytes) or 422 (it could not be read in time). */
export class ServedVersionError extends AppError {
  constructor(remote: string, version: string, problem: ServedProblem, timeoutMs: number) {
    const { file } = problem;
    if (problem.kind === 'mismatch') {
      super(409, ERROR_CODES.conflict, RELEASE_MESSAGES.servedMismatch({ remote, version, file }));
    } else if (problem.kind === 'timeout') {
      const seconds = String(Math.round(timeoutMs / 100) / 10);
      super(
        422,
        ERROR_CODES.businessRule,
        RELEASE_MESSAGES.servedTimeout({ remote, version, file, seconds }),
      );
    } else {
      super(
        422,
        ERROR_CODES.businessRule,
        RELEASE_MESSAGES.servedUnreachable({ remote, version, file, detail: problem.detail }),
      );
    }
  }
}

/** Refuses an incompatible version unless forced (the caller's schema required a reason). */
export function assertCompatible(
  remote: string,
  version: string,
  compatibility: ReleaseCompatibility,
  force: boolean,
): void {
  if (!compatibility.compatible && !force)
    throw new IncompatibleReleaseError(remote, version, compatibility.problems);
}

export interface VersionFacts {
  manifestHash: string;
  entryHash: string | null;
  sharedRequirements: SharedRequirement[] | null;
}

/**
 * Reads the version's manifest and remote entry where the console will load them and compares
 * them with what was published. A version published before entry hashes were recorded gets its
 * entry hash (and shared requirements) recorded now, once its manifest matched. Returns the
 * version's shared requirements.
 */
export async function assertServedAsPublished(
  db: Db,
  options: {
    remote: string;
    version: string;
    manifestUrl: string;
    storeDir: string;
    timeoutMs: number;
    facts: VersionFacts;
  },
): Promise<SharedRequirement[]> {
  const { remote, version, facts } = options;
  const served = await readServedFiles(options);
  const problem = servedProblem(served, facts);
  if (problem) throw new ServedVersionError(remote, version, problem, options.timeoutMs);
  if ('kind' in served) throw new ServedVersionError(remote, version, served, options.timeoutMs);
  let requirements = facts.sharedRequirements;
  if (facts.entryHash === null || requirements === null) {
    requirements ??= parseManifest(served.manifestBytes, MANIFEST_FILE).shared;
    await recordVersionFacts(db, remote, version, {
      entryHash: served.entryHash,
      sharedRequirements: requirements,
    });
  }
  return requirements;
}

/** A version's compatibility from its recorded requirements (none recorded: nothing to check). */
export function versionCompatibility(
  requirements: readonly SharedRequirement[] | null,
  host: HostShared | null,
): ReleaseCompatibility {
  return compatibilityOf(requirements ?? [], host);
}
