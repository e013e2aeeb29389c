import { create } from 'zustand';
import {
  can as canAccess,
  type PermissionEntry,
  type PermissionMethod,
  type UserPermissions,
} from '@esim/contracts';
import { api } from '../api/api-client';

export type PermissionStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface PermissionState {
  /** Whose permissions these are (the signed-in user's e-mail). */
  email: string | null;
  roleId: string | null;
  permissions: PermissionEntry[];
  status: PermissionStatus;
  /** Loads the user's permissions: GET permission?email= (no error notification). */
  load(email: string): Promise<void>;
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
