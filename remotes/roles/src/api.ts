import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  AssignRoleInput,
  AssignRoleResult,
  AuditHistory,
  CreateRoleInput,
  InviteStaffUserInput,
  ListResult,
  PermissionEntry,
  RoleDetail,
  RoleListItem,
  RoleListQuery,
  RoleUser,
  StaffUser,
  StaffUserListQuery,
  UpdateRoleInput,
  UserOption,
  UserStatusInput,
} from '@esim/contracts';
import { api } from '@esim/platform';

/** Query keys of the roles area (roles, and the staff users screens). */
export const roleKeys = {
  all: ['roles'] as const,
  lists: () => [...roleKeys.all, 'list'] as const,
  list: (query: RoleListQuery) => [...roleKeys.lists(), query] as const,
  options: () => [...roleKeys.all, 'options'] as const,
  detail: (id: string) => [...roleKeys.all, 'detail', id] as const,
  /** Anything read from user/select (a role's users change with every assignment). */
  userOptions: () => [...roleKeys.all, 'user-options'] as const,
  userSearch: (search: string) => [...roleKeys.userOptions(), 'search', search] as const,
  history: (entityType: 'role' | 'user', id: string, page: number, pageSize: number) =>
    ['audit', entityType, id, page, pageSize] as const,
};

export const staffUserKeys = {
  all: ['staff-users'] as const,
  lists: () => [...staffUserKeys.all, 'list'] as const,
  list: (query: StaffUserListQuery) => [...staffUserKeys.lists(), query] as const,
  detail: (id: string) => [...staffUserKeys.all, 'detail', id] as const,
};

/** POST role/list */
export const roleListQuery = (query: RoleListQuery) =>
  queryOptions({
    queryKey: roleKeys.list(query),
    queryFn: ({ signal }) => api.post<ListResult<RoleListItem>>('role/list', query, { signal }),
    placeholderData: keepPreviousData,
  });

/** Every role by name (the pickers and filters): role/list's largest page. */
export const roleOptionsQuery = () =>
  queryOptions({
    queryKey: roleKeys.options(),
    queryFn: ({ signal }) =>
      api.post<ListResult<RoleListItem>>(
        'role/list',
        { page: 1, pageSize: 100, sort: 'name', order: 'asc' },
        { signal },
      ),
    select: (result) => result.items,
    staleTime: 30_000,
  });

/** GET role?id= */
export const roleQuery = (id: string) =>
  queryOptions({
    queryKey: roleKeys.detail(id),
    queryFn: ({ signal }) =>
      api.get<RoleDetail>('role', { searchParams: { id }, signal, notifyError: false }),
    staleTime: 0,
  });

/** GET user/select?search=: active users by e-mail, for the pickers. */
export const userSearchQuery = (search: string) =>
  queryOptions({
    queryKey: roleKeys.userSearch(search),
    queryFn: ({ signal }) =>
      api.get<UserOption[]>('user/select', {
        searchParams: { limit: 50, ...(search ? { search } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

/** GET audit/history?entityType=&entityId= (role: GET on /roles, user: GET on /users). */
export const historyQuery = (
  entityType: 'role' | 'user',
  id: string,
  page: number,
  pageSize: number,
) =>
  queryOptions({
    queryKey: roleKeys.history(entityType, id, page, pageSize),
    queryFn: ({ signal }) =>
      api.get<AuditHistory>('audit/history', {
        searchParams: { entityType, entityId: id, page, pageSize },
        signal,
        notifyError: false,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** POST user/list */
export const staffUserListQuery = (query: StaffUserListQuery) =>
  queryOptions({
    queryKey: staffUserKeys.list(query),
    queryFn: ({ signal }) => api.post<ListResult<StaffUser>>('user/list', query, { signal }),
    placeholderData: keepPreviousData,
  });

/** GET user?id= */
export const staffUserQuery = (id: string) =>
  queryOptions({
    queryKey: staffUserKeys.detail(id),
    queryFn: ({ signal }) =>
      api.get<StaffUser>('user', { searchParams: { id }, signal, notifyError: false }),
    staleTime: 0,
  });

export const createRole = (input: CreateRoleInput) => api.post<RoleDetail>('role', input);
export const updateRole = (input: UpdateRoleInput) => api.put<RoleDetail>('role', input);
export const setRolePermissions = (input: {
  roleId: string;
  permissions: PermissionEntry[];
  version: number;
}) => api.post<RoleDetail>('role/permission', input);
export const setRoleUsers = (input: { roleId: string; userIds: string[] }) =>
  api.post<RoleDetail>('role/user', input);
export const assignRole = (input: AssignRoleInput) =>
  api.post<AssignRoleResult>('role/assign', input);
export const inviteStaffUser = (input: InviteStaffUserInput) => api.post<StaffUser>('user', input);
export const setUserStatus = (input: UserStatusInput) => api.put<RoleUser>('user/status', input);
