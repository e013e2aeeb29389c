import {
  PERMISSION_METHODS,
  RESOURCES,
  canGrant,
  type PermissionEntry,
  type PermissionMethod,
} from '@esim/contracts';

/*
 * The permission matrix without React: a role's entries as a grid of rows (paths) and methods,
 * back to entries, what a save grants and removes, and which cells the signed-in user may touch.
 * The rule itself is the contracts' can() (docs/permissions.md).
 */

export type ResourceKey = keyof typeof RESOURCES;

/** Path -> the methods its entry lists (canonical order); paths without methods are left out. */
export type MatrixGrid = Readonly<Record<string, readonly PermissionMethod[]>>;

export type MatrixGroupKey =
  'everything' | 'general' | 'catalogue' | 'stock' | 'sales' | 'administration' | 'other';

/** How the console groups its resources in the matrix (a resource missing here goes to 'other'). */
const GROUPS: readonly { key: MatrixGroupKey; resources: readonly ResourceKey[] }[] = [
  { key: 'general', resources: ['dashboard', 'notifications'] },
  {
    key: 'catalogue',
    resources: ['suppliers', 'tariffs', 'exchangeRates', 'products', 'productPrices'],
  },
  { key: 'stock', resources: ['stock', 'stockActivationCode'] },
  {
    key: 'sales',
    resources: ['orders', 'orderActivationCode', 'partners', 'campaigns', 'branches'],
  },
  { key: 'administration', resources: ['roles', 'users', 'settings', 'releases'] },
];

export type MatrixRow =
  /** '*': every resource. */
  | { kind: 'everything'; path: '*' }
  /** One resource, exactly (`/stock` does not include `/stock/activation-code`). */
  | { kind: 'resource'; path: string; resource: ResourceKey }
  /** A resource and everything below it (`/stock/*`). */
  | { kind: 'subtree'; path: string; resource: ResourceKey }
  /** An entry whose path the console does not know (kept as it is, shown by its path). */
  | { kind: 'unknown'; path: string };

export interface MatrixSection {
  group: MatrixGroupKey;
  rows: MatrixRow[];
}

const RESOURCE_KEYS = Object.keys(RESOURCES) as ResourceKey[];
const SUBTREE = '/*';

const subtreePath = (resourcePath: string) => `${resourcePath}${SUBTREE}`;

/** Resources with other resources below them: their subtree row is always offered. */
function hasResourcesBelow(resourcePath: string): boolean {
  return Object.values(RESOURCES).some((path) => path.startsWith(`${resourcePath}/`));
}

/**
 * The matrix's rows, grouped: Everything, then each group's resources, each followed by its
 * subtree row when something lies below it or the role has such an entry. `paths` are the role's
 * entry paths (before and after editing), so no entry is ever hidden.
 */
export function matrixSections(paths: Iterable<string> = []): MatrixSection[] {
  const present = new Set(paths);
  const listed = new Set(GROUPS.flatMap((group) => group.resources));
  const groups = [
    ...GROUPS,
    { key: 'other' as const, resources: RESOURCE_KEYS.filter((key) => !listed.has(key)) },
  ];
  const known = new Set<string>(['*']);
  const sections: MatrixSection[] = [
    { group: 'everything', rows: [{ kind: 'everything', path: '*' }] },
  ];
  for (const group of groups) {
    const rows: MatrixRow[] = [];
    for (const resource of group.resources) {
      const path = RESOURCES[resource];
      rows.push({ kind: 'resource', path, resource });
      known.add(path);
      const below = subtreePath(path);
      if (hasResourcesBelow(path) || present.has(below)) {
        rows.push({ kind: 'subtree', path: below, resource });
      }
      known.add(below);
    }
    if (group.key === 'other') {
      for (const path of [...present].filter((p) => !known.has(p)).sort()) {
        rows.push({ kind: 'unknown', path });
      }
    }
    if (rows.length > 0) sections.push({ group: group.key, rows });
  }
  return sections;
}

const canonical = (methods: Iterable<PermissionMethod>): PermissionMethod[] => {
  const chosen = new Set(methods);
  return PERMISSION_METHODS.filter((method) => chosen.has(method));
};

/** A role's entries as a grid (entries of one path merged, methods in canonical order). */
export function entriesToGrid(entries: readonly PermissionEntry[]): MatrixGrid {
  const grid: Record<string, PermissionMethod[]> = {};
  for (const entry of entries) {
    const methods = canonical([...(grid[entry.path] ?? []), ...entry.methods]);
    if (methods.length > 0) grid[entry.path] = methods;
  }
  return grid;
}

/** The grid as POST role/permission's entries: the matrix's row order, empty rows left out. */
export function gridToEntries(grid: MatrixGrid): PermissionEntry[] {
  const order = matrixSections(Object.keys(grid)).flatMap((section) =>
    section.rows.map((row) => row.path),
  );
  return order
    .filter((path) => (grid[path]?.length ?? 0) > 0)
    .map((path) => ({ path, methods: [...(grid[path] ?? [])] }));
}

/** Whether the row's own entry lists the method. */
export function isGranted(grid: MatrixGrid, path: string, method: PermissionMethod): boolean {
  return grid[path]?.includes(method) ?? false;
}

/** The grid with one cell ticked or cleared. */
export function toggleCell(
  grid: MatrixGrid,
  path: string,
  method: PermissionMethod,
  on: boolean,
): MatrixGrid {
  const current = grid[path] ?? [];
  const methods = canonical(
    on ? [...current, method] : current.filter((existing) => existing !== method),
  );
  const { [path]: _removed, ...rest } = grid;
  return methods.length > 0 ? { ...rest, [path]: methods } : rest;
}

/** What an entry path covers, as [base, wholeSubtree]: '*' -> ['', true]. */
function coverage(path: string): [string, boolean] {
  if (path === '*') return ['', true];
  if (path.endsWith(SUBTREE)) return [path.slice(0, -SUBTREE.length), true];
  return [path, false];
}

/** Whether an entry at `wider` covers everything an entry at `path` would grant. */
function covers(wider: string, path: string): boolean {
  const [wideBase, wideSubtree] = coverage(wider);
  const [base, subtree] = coverage(path);
  if (!wideSubtree) return wider === path;
  if (wideBase === '') return true;
  if (base === '' && subtree) return false;
  return base === wideBase || base.startsWith(`${wideBase}/`);
}

/**
 * Another row of the grid that already grants this cell ('*' grants every cell, '/stock/*' the
 * cells of /stock and /stock/activation-code); undefined when none does.
 */
export function coveringPath(
  grid: MatrixGrid,
  path: string,
  method: PermissionMethod,
): string | undefined {
  return Object.keys(grid)
    .filter((other) => other !== path && covers(other, path))
    .sort((a, b) => coverage(a)[0].length - coverage(b)[0].length)
    .find((other) => isGranted(grid, other, method));
}

export interface MatrixCell {
  /** The row's own entry lists the method. */
  checked: boolean;
  /** Granted through a wider row (shown ticked, nothing to change here). */
  coveredBy?: string;
  disabled: boolean;
  /** Why it cannot be changed. */
  reason?: 'notEditable' | 'notHeld' | 'covered';
}

/** One checkbox of the matrix: ticked, and whether the signed-in user may change it. */
export function matrixCell(
  grid: MatrixGrid,
  path: string,
  method: PermissionMethod,
  options: { own: readonly PermissionEntry[]; editable: boolean },
): MatrixCell {
  const checked = isGranted(grid, path, method);
  const coveredBy = checked ? undefined : coveringPath(grid, path, method);
  const reason = !options.editable
    ? 'notEditable'
    : // The API's escalation guard: only what the user holds as wide an entry (decision 0023).
      !canGrant(options.own, path, method)
      ? 'notHeld'
      : coveredBy
        ? 'covered'
        : undefined;
  return {
    checked,
    ...(coveredBy ? { coveredBy } : {}),
    disabled: Boolean(reason),
    ...(reason ? { reason } : {}),
  };
}

export interface PermissionChange {
  path: string;
  granted: PermissionMethod[];
  removed: PermissionMethod[];
}

/** What saving `after` over `before` grants and removes, per path in the matrix's order. */
export function diffGrids(before: MatrixGrid, after: MatrixGrid): PermissionChange[] {
  const paths = matrixSections([...Object.keys(before), ...Object.keys(after)]).flatMap((section) =>
    section.rows.map((row) => row.path),
  );
  return paths
    .map((path) => ({
      path,
      granted: PERMISSION_METHODS.filter(
        (method) => isGranted(after, path, method) && !isGranted(before, path, method),
      ),
      removed: PERMISSION_METHODS.filter(
        (method) => isGranted(before, path, method) && !isGranted(after, path, method),
      ),
    }))
    .filter((change) => change.granted.length > 0 || change.removed.length > 0);
}
