import { describe, expect, it } from 'vitest';
import { RESOURCES, SEED_ROLE_PERMISSIONS, ROLE_IDS, type PermissionEntry } from '@esim/contracts';
import {
  coveringPath,
  diffGrids,
  entriesToGrid,
  gridToEntries,
  matrixCell,
  matrixSections,
  toggleCell,
} from '../src/matrix/permissionMatrix';

const paths = (entries: readonly PermissionEntry[]) => entries.map((entry) => entry.path);

describe('the matrix rows', () => {
  it('start with Everything and hold every resource of the console exactly once', () => {
    const sections = matrixSections();
    expect(sections[0]).toEqual({ group: 'everything', rows: [{ kind: 'everything', path: '*' }] });
    const resources = sections
      .flatMap((section) => section.rows)
      .filter((row) => row.kind === 'resource')
      .map((row) => row.path);
    expect([...resources].sort()).toEqual(Object.values(RESOURCES).sort());
    expect(sections.map((section) => section.group)).not.toContain('other');
  });

  it('offer a subtree row under resources with others below them, right after the resource', () => {
    const rows = matrixSections().flatMap((section) => section.rows.map((row) => row.path));
    expect(rows.filter((path) => path.endsWith('/*'))).toEqual([
      '/stock/*',
      '/orders/*',
      '/settings/*',
    ]);
    expect(rows[rows.indexOf('/stock') + 1]).toBe('/stock/*');
  });

  it("show a role's subtree entry on any resource, and a path the console does not know", () => {
    const rows = matrixSections(['/dashboard/*', '/legacy']).flatMap((section) =>
      section.rows.map((row) => [row.kind, row.path]),
    );
    expect(rows).toContainEqual(['subtree', '/dashboard/*']);
    expect(rows.at(-1)).toEqual(['unknown', '/legacy']);
  });
});

describe('entries <-> grid', () => {
  it('round-trips every seeded role unchanged', () => {
    for (const entries of Object.values(SEED_ROLE_PERMISSIONS)) {
      const back = gridToEntries(entriesToGrid(entries));
      expect([...back].sort((a, b) => a.path.localeCompare(b.path))).toEqual(
        [...entries].sort((a, b) => a.path.localeCompare(b.path)),
      );
    }
  });

  it('merges entries of one path, orders methods canonically and drops empty rows', () => {
    const grid = entriesToGrid([
      { path: '/orders', methods: ['PUT', 'GET'] },
      { path: '/orders', methods: ['GET', 'POST'] },
    ]);
    expect(grid).toEqual({ '/orders': ['GET', 'POST', 'PUT'] });
    expect(
      gridToEntries(toggleCell(toggleCell(grid, '/stock', 'GET', true), '/stock', 'GET', false)),
    ).toEqual([{ path: '/orders', methods: ['GET', 'POST', 'PUT'] }]);
  });

  it("sends entries in the matrix's order: Everything, then resources with their subtrees", () => {
    const grid = entriesToGrid([
      { path: '/orders', methods: ['GET'] },
      { path: '/stock/*', methods: ['GET'] },
      { path: '*', methods: ['GET'] },
      { path: '/dashboard', methods: ['GET'] },
    ]);
    expect(paths(gridToEntries(grid))).toEqual(['*', '/dashboard', '/stock/*', '/orders']);
  });

  it('ticks and clears one cell without touching the others', () => {
    let grid = entriesToGrid([{ path: '/orders', methods: ['GET'] }]);
    grid = toggleCell(grid, '/orders', 'POST', true);
    grid = toggleCell(grid, '/orders', 'POST', true);
    expect(grid).toEqual({ '/orders': ['GET', 'POST'] });
    grid = toggleCell(grid, '/orders', 'GET', false);
    expect(grid).toEqual({ '/orders': ['POST'] });
  });
});

describe('what a save grants and removes', () => {
  it('lists per path the methods granted and removed, nothing for unchanged rows', () => {
    const before = entriesToGrid([
      { path: '/orders', methods: ['GET', 'POST'] },
      { path: '/dashboard', methods: ['GET'] },
      { path: '/stock/*', methods: ['GET'] },
    ]);
    let after = toggleCell(before, '/orders', 'POST', false);
    after = toggleCell(after, '/orders', 'PUT', true);
    after = toggleCell(after, '/stock/*', 'GET', false);
    after = toggleCell(after, '*', 'GET', true);
    expect(diffGrids(before, after)).toEqual([
      { path: '*', granted: ['GET'], removed: [] },
      { path: '/stock/*', granted: [], removed: ['GET'] },
      { path: '/orders', granted: ['PUT'], removed: ['POST'] },
    ]);
  });

  it('is empty when the grid is back to what was loaded (Save stays disabled)', () => {
    const before = entriesToGrid([{ path: '/orders', methods: ['GET'] }]);
    const after = toggleCell(toggleCell(before, '/orders', 'POST', true), '/orders', 'POST', false);
    expect(diffGrids(before, after)).toEqual([]);
  });
});

describe('cells covered by a wider row', () => {
  const grid = entriesToGrid([
    { path: '*', methods: ['GET'] },
    { path: '/stock/*', methods: ['GET', 'PUT'] },
  ]);

  it("name the wider row that already grants them ('*' first)", () => {
    expect(coveringPath(grid, '/orders', 'GET')).toBe('*');
    expect(coveringPath(grid, '/stock/activation-code', 'PUT')).toBe('/stock/*');
    expect(coveringPath(grid, '/stock', 'PUT')).toBe('/stock/*');
    expect(coveringPath(grid, '/stock/*', 'GET')).toBe('*');
    expect(coveringPath(grid, '/orders', 'PUT')).toBeUndefined();
    expect(coveringPath(grid, '*', 'GET')).toBeUndefined();
  });

  it('show ticked and cannot be changed there', () => {
    const own = SEED_ROLE_PERMISSIONS[ROLE_IDS.administrators] ?? [];
    expect(matrixCell(grid, '/orders', 'GET', { own, editable: true })).toEqual({
      checked: false,
      coveredBy: '*',
      disabled: true,
      reason: 'covered',
    });
  });
});

describe('who may change a cell', () => {
  const staff = SEED_ROLE_PERMISSIONS[ROLE_IDS.staff] ?? [];
  const admin = SEED_ROLE_PERMISSIONS[ROLE_IDS.administrators] ?? [];
  const grid = entriesToGrid([{ path: '/orders', methods: ['GET'] }]);

  const disabled = (own: PermissionEntry[], path: string, method: 'GET' | 'DELETE') =>
    matrixCell(grid, path, method, { own, editable: true }).disabled;

  it('a user may grant what they hold, and nothing they do not', () => {
    expect(disabled(staff, RESOURCES.orders, 'DELETE')).toBe(false);
    expect(disabled(staff, RESOURCES.roles, 'GET')).toBe(true);
    expect(disabled(staff, RESOURCES.releases, 'GET')).toBe(true);
  });

  it("'*' and subtrees need an entry as wide, not just every resource below", () => {
    expect(disabled(staff, '/stock/*', 'GET')).toBe(true);
    expect(disabled(staff, '*', 'GET')).toBe(true);
    const stockBelow: PermissionEntry[] = [{ path: '/stock/*', methods: ['GET'] }];
    expect(disabled(stockBelow, '/stock/*', 'GET')).toBe(false);
    expect(disabled(stockBelow, '/stock/activation-code', 'GET')).toBe(false);
    expect(disabled(admin, '*', 'DELETE')).toBe(false);
  });

  it('disables the cells the user does not hold, and every cell of a role they may not edit', () => {
    expect(matrixCell(grid, RESOURCES.roles, 'GET', { own: staff, editable: true })).toMatchObject({
      disabled: true,
      reason: 'notHeld',
    });
    expect(matrixCell(grid, RESOURCES.orders, 'POST', { own: staff, editable: true })).toEqual({
      checked: false,
      disabled: false,
    });
    expect(matrixCell(grid, RESOURCES.orders, 'GET', { own: admin, editable: false })).toEqual({
      checked: true,
      disabled: true,
      reason: 'notEditable',
    });
  });
});
