import { TeamOutlined, UserOutlined } from '@esim/ui/icons';
import { Button, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import {
  RESOURCES,
  ROLE_SORT_COLUMNS,
  type RoleListItem,
  type RoleListQuery,
} from '@esim/contracts';
import { usePermission } from '@esim/platform';
import {
  DataTable,
  ListPage,
  ListSearch,
  listPageQuery,
  useListPage,
  type DataTableColumn,
  type UrlTableDefaults,
} from '@esim/ui';
import { roleListQuery } from '../api';
import { RoleUsersCell } from '../components/RoleUsersCell';
import { useRolesFormat } from '../format';
import { ROLE_ASSIGN_PATH, ROLE_REGISTER_PATH, STAFF_USERS_PATH, roleDetailPath } from '../paths';

const FILTERS = ['search'] as const;
type Filter = (typeof FILTERS)[number];
const DEFAULTS: UrlTableDefaults = {
  sort: { column: 'name', order: 'asc' },
  pageSize: 10,
  sortColumns: ROLE_SORT_COLUMNS,
};

/** The list's state as the role/list body. */
export function toRoleQuery(
  table: ReturnType<typeof useListPage<Filter>>['table'],
  filters: Partial<Record<Filter, string>>,
): RoleListQuery {
  return {
    ...listPageQuery<NonNullable<RoleListQuery['sort']>>(table),
    ...(filters.search ? { search: filters.search } : {}),
  };
}

/** /roles: the roles with their users, searched, sorted and paged on the server. */
export function RoleList() {
  const { t } = useTranslation('roles');
  const format = useRolesFormat();
  const navigate = useNavigate();
  const list = useListPage<Filter>(FILTERS, DEFAULTS);
  const { table, filters, setTable } = list;
  const mayCreate = usePermission(RESOURCES.roles, 'POST');
  // The assign screen is for those who create roles (its route), role/assign needs PUT.
  const mayAssign = usePermission(RESOURCES.roles, 'PUT') && mayCreate;
  const mayReadUsers = usePermission(RESOURCES.users, 'GET');
  const query = useMemo(() => toRoleQuery(table, filters), [table, filters]);
  const result = useQuery(roleListQuery(query));

  const columns: DataTableColumn<RoleListItem>[] = [
    {
      key: 'name',
      title: t('fields.name'),
      sortable: true,
      fixed: 'left',
      render: (_, row) => (
        <Link
          to={roleDetailPath(row.id)}
          data-testid="role-link"
          onClick={(event) => event.stopPropagation()}
        >
          {row.name}
        </Link>
      ),
    },
    {
      key: 'description',
      title: t('fields.description'),
      render: (_, row) => (
        <Typography.Text type="secondary" ellipsis style={{ maxWidth: 320 }}>
          {row.description ?? ''}
        </Typography.Text>
      ),
    },
    {
      key: 'userCount',
      title: t('fields.userCount'),
      sortable: true,
      align: 'right',
      dataIndex: 'userCount',
    },
    {
      key: 'userEmails',
      title: t('fields.userEmails'),
      render: (_, row) => <RoleUsersCell role={row} />,
    },
    {
      key: 'updatedDate',
      title: t('fields.updatedDate'),
      sortable: true,
      render: (_, row) => format.dateTime(row.updatedDate),
    },
    {
      key: 'createdDate',
      title: t('fields.createdDate'),
      sortable: true,
      defaultHidden: true,
      render: (_, row) => format.dateTime(row.createdDate),
    },
  ];

  return (
    <ListPage
      screen="role-list"
      title={t('list.title')}
      createAction={
        mayCreate
          ? { label: t('list.create'), run: () => void navigate(ROLE_REGISTER_PATH) }
          : undefined
      }
      headerExtra={
        <>
          {mayReadUsers && (
            <Button
              icon={<UserOutlined />}
              onClick={() => void navigate(STAFF_USERS_PATH)}
              autoInsertSpace={false}
              data-testid="roles-staff-users"
            >
              {t('list.staffUsers')}
            </Button>
          )}
          {mayAssign && (
            <Button
              icon={<TeamOutlined />}
              onClick={() => void navigate(ROLE_ASSIGN_PATH)}
              autoInsertSpace={false}
              data-testid="roles-assign"
            >
              {t('list.assign')}
            </Button>
          )}
        </>
      }
      filters={
        <ListSearch
          list={list}
          label={t('list.search')}
          placeholder={t('list.searchPlaceholder')}
        />
      }
    >
      <DataTable<RoleListItem>
        columns={columns}
        rows={result.data?.items ?? []}
        total={result.data?.total ?? 0}
        state={table}
        onChange={setTable}
        rowKey="id"
        tableId="role-list"
        loading={result.isFetching}
        error={result.isError ? result.error : undefined}
        onRetry={() => void result.refetch()}
        defaultSortColumn="name"
        onRow={(row) => ({
          onClick: () => void navigate(roleDetailPath(row.id)),
          style: { cursor: 'pointer' },
        })}
        emptyText={list.hasFilter ? t('list.emptyFiltered') : t('list.empty')}
      />
    </ListPage>
  );
}
