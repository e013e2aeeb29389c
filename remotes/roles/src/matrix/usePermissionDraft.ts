import { useMemo, useState } from 'react';
import type { PermissionMethod, RoleDetail } from '@esim/contracts';
import {
  diffGrids,
  entriesToGrid,
  matrixSections,
  toggleCell,
  type MatrixGrid,
} from './permissionMatrix';

interface Draft {
  /** The role's version the edit started from (sent with the save: a stale one is a 409). */
  version: number;
  base: MatrixGrid;
  grid: MatrixGrid;
}

const fromRole = (role: RoleDetail): Draft => {
  const base = entriesToGrid(role.permissions);
  return { version: role.version, base, grid: base };
};

/**
 * The matrix being edited: the role's permissions as loaded, the user's ticks over them and
 * what saving would change. A newer version of the role (after a save, a reload) replaces the
 * draft only while nothing is changed, so nobody's ticks disappear under them.
 */
export function usePermissionDraft(role: RoleDetail) {
  const [draft, setDraft] = useState<Draft>(() => fromRole(role));
  const changes = useMemo(() => diffGrids(draft.base, draft.grid), [draft]);
  const dirty = changes.length > 0;
  if (role.version !== draft.version && !dirty) setDraft(fromRole(role));
  const sections = useMemo(
    () => matrixSections([...Object.keys(draft.base), ...Object.keys(draft.grid)]),
    [draft],
  );
  return {
    grid: draft.grid,
    version: draft.version,
    sections,
    changes,
    dirty,
    toggle: (path: string, method: PermissionMethod, on: boolean) =>
      setDraft((current) => ({ ...current, grid: toggleCell(current.grid, path, method, on) })),
    undo: () => setDraft((current) => ({ ...current, grid: current.base })),
    /** Starts over from the role as it is now (after a save or a reload). */
    restart: (now: RoleDetail) => setDraft(fromRole(now)),
  };
}
