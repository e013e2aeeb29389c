import type { SharedRequirement } from '../db/schema/releases';

/** What the release store reads of a Module Federation mf-manifest.json. */
export interface ManifestJson {
  name?: unknown;
  metaData?: {
    buildInfo?: { buildVersion?: unknown };
    remoteEntry?: { name?: unknown; path?: unknown };
  };
  shared?: unknown;
  exposes?: unknown;
}

interface AssetLists {
  js?: { sync?: unknown; async?: unknown };
  css?: { sync?: unknown; async?: unknown };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function texts(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string' && item !== '')
    : [];
}

function assetsOf(item: unknown): string[] {
  if (!isObject(item) || !isObject(item.assets)) return [];
  const assets = item.assets as AssetLists;
  return [
    ...texts(assets.js?.sync),
    ...texts(assets.js?.async),
    ...texts(assets.css?.sync),
    ...texts(assets.css?.async),
  ];
}

/** Every chunk the manifest names (exposes and shared modules, sync and async). */
export function assetFiles(json: ManifestJson): string[] {
  const lists = [
    ...(Array.isArray(json.exposes) ? json.exposes : []),
    ...(Array.isArray(json.shared) ? json.shared : []),
  ];
  return [...new Set(lists.flatMap(assetsOf))];
}

/** The shared packages a remote requires: `shared[].requiredVersion`, else ^`version`. */
export function sharedRequirementsOf(json: ManifestJson): SharedRequirement[] {
  if (!Array.isArray(json.shared)) return [];
  const requirements = new Map<string, string>();
  for (const item of json.shared) {
    if (!isObject(item) || typeof item.name !== 'string') continue;
    const required =
      typeof item.requiredVersion === 'string' && item.requiredVersion !== ''
        ? item.requiredVersion
        : typeof item.version === 'string' && item.version !== ''
          ? `^${item.version}`
          : undefined;
    if (required) requirements.set(item.name, required);
  }
  return [...requirements]
    .map(([name, required]) => ({ package: name, required }))
    .sort((a, b) => (a.package < b.package ? -1 : a.package > b.package ? 1 : 0));
}
