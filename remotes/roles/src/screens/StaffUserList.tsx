import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import {
  RESOURCES,
  STAFF_USER_SORT_COLUMNS,
  USER_STATUS_VALUES,
  type StaffUser,
  type StaffUserListQuery,
} from '@esim/contracts';
import { usePermission } from '@esim/platform';
import {
  ActionRefusal,
  DataTable,
  ListFilter,
  ListPage,
  ListSearch,
  listPageQuery,
  useListPage,
  type DataTableColumn,
  type UrlTableDefaults,
} from '@esim/ui';
import { roleOptionsQuery, staffUserListQuery } from '../api';
import { UserStatusTag } from '../components/UserStatusTag';
import { useRolesFormat } from '../format';
import { staffUserDetailPath } from '../paths';
import { InviteStaffUserDialog } from '../users/InviteStaffUserDialog';
import { UserStatusButton } from '../users/UserStatusButton';
import { useUserStatusAction } from '../users/useUserStatusAction';

const FILTERS = ['search', 'roleId', 'status'] as const;
type Filter = (typeof FILTERS)[number];
const DEFAULTS: UrlTableDefaults = {
  sort: { column: 'createdDate', order: 'desc' },
  pageSize: 10,
  sortColumns: STAFF_USER_SORT_COLUMNS,
};

/** The list's state as the user/list body. */
export function toStaffUserQuery(
  table: ReturnType<typeof useListPage<Filter>>['table'],
  filters: Partial<Record<Filter, string>>,
): StaffUserListQuery {
  const status = USER_STATUS_VALUES.find((value) => value === filters.status);
  return {
    ...listPageQuery<NonNullable<StaffUserListQuery['sort']>>(table),
    ...(filters.search ? { search: filters.search } : {}),
    ...(filters.roleId ? { roleId: filters.roleId } : {}),
    ...(status ? { status } : {}),
  };
}

/**
 * /roles/users (Staff users): the console's accounts with their role, partner, status and last
 * sign-in; invite, disable and enable for those allowed.
 */
export function StaffUserListScreen() {
  const { t } = useTranslation('roles');
  const format = useRolesFormat();
  const navigate = useNavigate();
  const list = useListPage<Filter>(FILTERS, DEFAULTS);
  const { table, filters, setTable } = list;
  const mayReadRoles = usePermission(RESOURCES.roles, 'GET');
  // Inviting needs a role to give, and only role/list names them.
  const mayInvite = usePermission(RESOURCES.users, 'POST') && mayReadRoles;
  const roles = useQuery({ ...roleOptionsQuery(), enabled: mayReadRoles });
  const statusAction = useUserStatusAction();
  const [inviting, setInviting] = useState(false);
  const query = useMemo(() => toStaffUserQuery(table, filters), [table, filters]);
  const result = useQuery(staffUserListQuery(query));

  const columns: DataTableColumn<StaffUser>[] = [
    {
      key: 'email',
      title: t('fields.email'),
      sortable: true,
      fixed: 'left',
      render: (_, row) => (
        <Link
          to={staffUserDetailPath(row.id)}
          data-testid="staff-user-link"
          onClick={(event) => event.stopPropagation()}
        >
          {row.email}
        </Link>
      ),
    },
    {
      key: 'name',
      title: t('fields.userName'),
      sortable: true,
      render: (_, row) => format.text(row.name),
    },
    {
      key: 'roleName',
      title: t('fields.role'),
      sortable: true,
      render: (_, row) => row.roleName ?? t('users.noRole'),
    },
    {
      key: 'partnerName',
      title: t('fields.partner'),
      render: (_, row) => format.text(row.partnerName),
    },
    {
      key: 'status',
      title: t('fields.status'),
      sortable: true,
      render: (_, row) => <UserStatusTag status={row.status} />,
    },
    {
      key: 'lastLoginDate',
      title: t('fields.lastLoginDate'),
      sortable: true,
      render: (_, row) =>
        row.lastLoginDate ? format.dateTime(row.lastLoginDate) : t('users.never'),
    },
    {
      key: 'createdDate',
      title: t('fields.createdDate'),
      sortable: true,
      render: (_, row) => format.dateTime(row.createdDate),
    },
    {
      key: 'actions',
      title: t('users.actions'),
      fixed: 'right',
      render: (_, row) => <UserStatusButton user={row} action={statusAction} size="small" />,
    },
  ];

  return (
    <ListPage
      screen="staff-user-list"
      title={t('users.title')}
      createAction={
        mayInvite ? { label: t('users.invite'), run: () => setInviting(true) } : undefined
      }
      filters={
        <>
          <ListSearch
            list={list}
            label={t('users.search')}
            placeholder={t('users.searchPlaceholder')}
          />
          {mayReadRoles && (
            <ListFilter
              list={list}
              filterKey="roleId"
              label={t('fields.role')}
              allLabel={t('users.allRoles')}
              options={(roles.data ?? []).map((role) => ({ value: role.id, label: role.name }))}
              loading={roles.isLoading}
              showSearch
              minWidth={200}
              testId="filter-role"
            />
          )}
          <ListFilter
            list={list}
            filterKey="status"
            label={t('fields.status')}
            allLabel={t('users.allStatuses')}
            options={USER_STATUS_VALUES.map((value) => ({ value, label: t(`status.${value}`) }))}
            testId="filter-status"
          />
        </>
      }
    >
      <ActionRefusal
        refusal={statusAction.refusal}
        title={t('users.refused')}
        onClose={statusAction.clearRefusal}
        testId="user-status-refused"
      />
      <DataTable<StaffUser>
        columns={columns}
        rows={result.data?.items ?? []}
        total={result.data?.total ?? 0}
        state={table}
        onChange={setTable}
        rowKey="id"
        tableId="staff-user-list"
        loading={result.isFetching}
        error={result.isError ? result.error : undefined}
        onRetry={() => void result.refetch()}
        defaultSortColumn="createdDate"
        dateFilter
        onRow={(row) => ({
          onClick: () => void navigate(staffUserDetailPath(row.id)),
          style: { cursor: 'pointer' },
        })}
        emptyText={list.hasFilter ? t('users.emptyFiltered') : t('users.empty')}
      />
      {inviting && <InviteStaffUserDialog onClose={() => setInviting(false)} />}
    </ListPage>
  );
}

export default StaffUserListScreen;
