import { create } from 'zustand';
import {
  can as canAccess,
  type PermissionEntry,
  type PermissionMethod,
  type UserPermissions,
} from '@esim/contracts';
import { api } from '../api/api-client';
import { onForbidden } from '../session/session-events';

export type PermissionStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface PermissionState {
  /** Whose permissions these are (the signed-in user's e-mail). */
  email: string | null;
  roleId: string | null;
  permissions: PermissionEntry[];
  status: PermissionStatus;
  /** Loads the user's permissions: GET permission?email= (no error notification). */
  load(email: string): Promise<void>;
  /**
   * Reads the signed-in user's permissions again after something may have changed them, staying
   * 'ready' meanwhile (screens stay mounted; only what changed re-renders). A reload asked for
   * while one is on its way runs once more after it, so it sees the change that asked.
   * A failure keeps the permissions it had.
   */
  reload(): Promise<void>;
  /** THE access question for screens and buttons (can() from @esim/contracts). */
  can(path: string, method: PermissionMethod): boolean;
  clear(): void;
}

const EMPTY = {
  email: null,
  roleId: null,
  permissions: [] as PermissionEntry[],
  status: 'idle' as PermissionStatus,
};

/** Incremented by every load()/clear() so a late answer never overwrites a newer state. */
let generation = 0;

/** The reload on its way, and whether another was asked for meanwhile. */
let reloading: Promise<void> | undefined;
let reloadAgain = false;

function samePermissions(a: readonly PermissionEntry[], b: readonly PermissionEntry[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export const usePermissionStore = create<PermissionState>()((set, get) => ({
  ...EMPTY,
  load: async (email) => {
    const current = ++generation;
    set({ email, status: 'loading' });
    try {
      const result = await api.get<UserPermissions>('permission', {
        searchParams: { email },
        notifyError: false,
      });
      if (current !== generation) return;
      set({ roleId: result.roleId, permissions: result.permissions, status: 'ready' });
    } catch {
      if (current !== generation) return;
      set({ roleId: null, permissions: [], status: 'error' });
    }
  },
  reload: () => {
    const { email, status } = get();
    if (!email || status === 'idle' || status === 'loading') return Promise.resolve();
    if (status === 'error') return get().load(email);
    if (reloading) {
      reloadAgain = true;
      return reloading;
    }
    const current = generation;
    const readOnce = async (): Promise<void> => {
      do {
        reloadAgain = false;
        try {
          const result = await api.get<UserPermissions>('permission', {
            searchParams: { email },
            notifyError: false,
          });
          if (current !== generation) return;
          const state = get();
          // Unchanged permissions keep their identity: nothing that reads them re-renders.
          if (
            state.roleId !== result.roleId ||
            !samePermissions(state.permissions, result.permissions)
          ) {
            set({ roleId: result.roleId, permissions: result.permissions });
          }
        } catch {
          // Keeps what it had: a failed refresh must not lock the user out of the console.
        }
      } while (reloadAgain && current === generation);
    };
    reloading = readOnce().finally(() => {
      reloading = undefined;
    });
    return reloading;
  },
  can: (path, method) => canAccess(get().permissions, path, method),
  clear: () => {
    generation++;
    set({ ...EMPTY, permissions: [] });
  },
}));

/** Whether the signed-in user may use `method` on `path`; re-renders when permissions change. */
export function usePermission(path: string, method: PermissionMethod): boolean {
  return usePermissionStore((state) => canAccess(state.permissions, path, method));
}

/** The non-React form of usePermission. */
export function hasPermission(path: string, method: PermissionMethod): boolean {
  return usePermissionStore.getState().can(path, method);
}

/**
 * Reads the signed-in user's permissions again (after a save that may change them: their role's
 * permissions, their role): the menu, the route guard and the buttons follow without a reload.
 */
export function reloadPermissions(): Promise<void> {
  return usePermissionStore.getState().reload();
}

/** At most one reload per this many milliseconds because of 403 answers. */
export const FORBIDDEN_RELOAD_INTERVAL_MS = 3_000;
let lastForbiddenReload = Number.NEGATIVE_INFINITY;

/**
 * A 403 from the API may mean that someone took rights away: read them again, once for a burst
 * of refusals (one on its way is enough; none again within FORBIDDEN_RELOAD_INTERVAL_MS).
 */
function reloadAfterForbidden(): void {
  const now = Date.now();
  if (reloading || now - lastForbiddenReload < FORBIDDEN_RELOAD_INTERVAL_MS) return;
  lastForbiddenReload = now;
  void usePermissionStore.getState().reload();
}

onForbidden(reloadAfterForbidden);
