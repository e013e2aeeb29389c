/**
 * The compatibility gate (docs/remotes.md): a remote version's shared requirements (its
 * mf-manifest.json) against what the host serving the console provides (the host build's
 * shared-manifest.json, written by @esim/build's SharedManifestPlugin).
 *
 * - A requirement the host's version does not satisfy is a problem (the remote would run
 *   against a singleton it was not built for: `loaded-first` takes the host's copy).
 * - Our own packages (@esim/*) are strict: another major is always a problem, and one the host
 *   does not provide at all is too (their state lives in the host's copy).
 * - A third-party package the host does not provide is not: the remote loads its own copy.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ReleaseCompatibility, SharedRequirementProblem } from '@esim/contracts';
import semver from 'semver';
import type { SharedRequirement } from '../db/schema/releases';

/** The file the host build writes beside index.html. */
export const SHARED_MANIFEST_FILE = 'shared-manifest.json';

/** What the host provides: package (or 'package/' for its subpaths) -> version. */
export type HostShared = ReadonlyMap<string, string>;

const OWN_SCOPE = '@esim/';

/** The host build's shared-manifest.json, or null when there is none (no host build here). */
export async function readHostShared(hostDistDir: string): Promise<HostShared | null> {
  let text: string;
  try {
    text = await fs.readFile(path.join(hostDistDir, SHARED_MANIFEST_FILE), 'utf8');
  } catch {
    return null;
  }
  try {
    const json = JSON.parse(text) as { shared?: unknown };
    if (!Array.isArray(json.shared)) return null;
    const provided = new Map<string, string>();
    for (const item of json.shared as { package?: unknown; version?: unknown }[]) {
      if (typeof item?.package === 'string' && typeof item.version === 'string')
        provided.set(item.package, item.version);
    }
    return provided;
  } catch {
    return null;
  }
}

/** The version the host provides for a package: its own entry, else its package's 'name/' one. */
export function providedVersion(host: HostShared, name: string): string | null {
  const exact = host.get(name);
  if (exact) return exact;
  let best: { prefix: string; version: string } | null = null;
  for (const [key, version] of host) {
    if (key.endsWith('/') && name.startsWith(key) && (!best || key.length > best.prefix.length))
      best = { prefix: key, version };
  }
  return best?.version ?? null;
}

function problemOf(requirement: SharedRequirement, host: HostShared): boolean {
  const own = requirement.package.startsWith(OWN_SCOPE);
  const provided = providedVersion(host, requirement.package);
  if (provided === null) return own;
  const range = semver.validRange(requirement.required);
  if (range === null) return own;
  const satisfied = semver.satisfies(provided, range, { includePrerelease: true });
  if (!own) return !satisfied;
  const wanted = semver.minVersion(range);
  return !satisfied || (wanted !== null && semver.major(wanted) !== semver.major(provided));
}

/**
 * A version's fit with the host. `host` null (no host build to read): nothing can be checked,
 * marked `unchecked`, and the gate lets it pass.
 */
export function compatibilityOf(
  requirements: readonly SharedRequirement[],
  host: HostShared | null,
): ReleaseCompatibility {
  if (!host) return { compatible: true, problems: [], unchecked: true };
  const problems: SharedRequirementProblem[] = requirements
    .filter((requirement) => problemOf(requirement, host))
    .map((requirement) => ({
      package: requirement.package,
      required: requirement.required,
      provided: providedVersion(host, requirement.package),
    }));
  return { compatible: problems.length === 0, problems };
}

/** Reads the host's shared manifest when its file changed (a host deploy), else the last one. */
export function hostSharedReader(hostDistDir: string): () => Promise<HostShared | null> {
  let cached: { mtimeMs: number; value: HostShared | null } | null = null;
  return async () => {
    let mtimeMs = -1;
    try {
      mtimeMs = (await fs.stat(path.join(hostDistDir, SHARED_MANIFEST_FILE))).mtimeMs;
    } catch {
      // no host build: read as null below
    }
    if (cached && cached.mtimeMs === mtimeMs) return cached.value;
    const value = mtimeMs < 0 ? null : await readHostShared(hostDistDir);
    cached = { mtimeMs, value };
    return value;
  };
}
