import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { RoleDetail } from '@esim/contracts';
import { reloadPermissions } from '@esim/platform';
import {
  assignRole,
  createRole,
  inviteStaffUser,
  roleKeys,
  setRolePermissions,
  setRoleUsers,
  setUserStatus,
  staffUserKeys,
  updateRole,
} from './api';

/** A saved role: the detail as the API answered, every role list and picker refreshed. */
async function roleSaved(queryClient: QueryClient, saved: RoleDetail): Promise<void> {
  queryClient.setQueryData(roleKeys.detail(saved.id), saved);
  await queryClient.invalidateQueries({ queryKey: roleKeys.all });
}

/**
 * Who holds a role and what it grants decide what the signed-in user may do: after such a save
 * their permissions are read again, so the menu, the route guard and the buttons follow at once
 * (the signed-in user may hold the role, or have been moved to it).
 */
async function accessSaved(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    reloadPermissions(),
    queryClient.invalidateQueries({ queryKey: staffUserKeys.all }),
  ]);
}

/**
 * The roles area's changes, each with the refresh it needs:
 * `useMutation(roleMutations.update(queryClient))`.
 */
export const roleMutations = {
  /** POST role */
  create: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: createRole,
      onSuccess: (created: RoleDetail) => roleSaved(queryClient, created),
    }),
  /** PUT role (name, description) with the version shown. */
  update: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: updateRole,
      onSuccess: async (saved: RoleDetail) => {
        await roleSaved(queryClient, saved);
        await queryClient.invalidateQueries({ queryKey: staffUserKeys.all });
      },
    }),
  /** POST role/permission with the version shown. */
  permissions: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: setRolePermissions,
      onSuccess: async (saved: RoleDetail) => {
        await roleSaved(queryClient, saved);
        await accessSaved(queryClient);
      },
    }),
  /** POST role/user: the role's users become exactly these. */
  users: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: setRoleUsers,
      onSuccess: async (saved: RoleDetail) => {
        await roleSaved(queryClient, saved);
        await accessSaved(queryClient);
      },
    }),
  /** POST role/assign */
  assign: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: assignRole,
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: roleKeys.all });
        await accessSaved(queryClient);
      },
    }),
};

/** The staff users screens' changes. */
export const staffUserMutations = {
  /** POST user: invite by e-mail with a role. */
  invite: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: inviteStaffUser,
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: staffUserKeys.all });
        await queryClient.invalidateQueries({ queryKey: roleKeys.all });
      },
    }),
  /** PUT user/status: disable (ends their sessions) or enable. */
  status: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: setUserStatus,
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: staffUserKeys.all });
        await queryClient.invalidateQueries({ queryKey: roleKeys.all });
      },
    }),
};
