import { Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import {
  BRANCH_SORT_COLUMNS,
  BRANCH_TARGETS,
  RESOURCES,
  type BranchListItem,
  type BranchListQuery,
} from '@esim/contracts';
import { usePermission } from '@esim/platform';
import {
  DataTable,
  ListFilter,
  ListPage,
  ListSearch,
  useListPage,
  type DataTableColumn,
  type DataTableState,
  type OptionItem,
  type UrlTableDefaults,
  listPageQuery,
} from '@esim/ui';
import { displayValue, formatDateTime } from '@esim/utils';
import { branchListQuery } from '../api';
import { REGISTER_PATH, detailPath } from '../paths';

const FILTERS = ['target', 'search'] as const;
type Filter = (typeof FILTERS)[number];
const DEFAULTS: UrlTableDefaults = {
  sort: { column: 'createdDate', order: 'desc' },
  pageSize: 10,
  sortColumns: BRANCH_SORT_COLUMNS,
};

/** The list query of the table state and the filters in the URL. */
export function toBranchListQuery(
  table: DataTableState,
  filters: Partial<Record<Filter, string>>,
): BranchListQuery {
  return {
    ...listPageQuery<NonNullable<BranchListQuery['sort']>>(table),
    ...(filters.target ? { target: filters.target as BranchListQuery['target'] } : {}),
    ...(filters.search ? { search: filters.search } : {}),
  };
}

/** /branch-master: the branches, filtered, sorted and paged on the server. */
export function BranchListScreen() {
  const { t, i18n } = useTranslation('branches');
  const navigate = useNavigate();
  const list = useListPage<Filter>(FILTERS, DEFAULTS);
  const { table, filters, setTable } = list;
  const canCreate = usePermission(RESOURCES.branches, 'POST');
  const query = useMemo(() => toBranchListQuery(table, filters), [table, filters]);
  const result = useQuery(branchListQuery(query));

  const targetOptions: OptionItem<string>[] = BRANCH_TARGETS.map((value) => ({
    value,
    label: t(`target.${value}`),
  }));

  const columns: DataTableColumn<BranchListItem>[] = [
    {
      key: 'name',
      title: t('fields.name'),
      sortable: true,
      fixed: 'left',
      render: (_, row) => (
        <Link to={detailPath(row.id)} data-testid="branch-link">
          {row.name}
        </Link>
      ),
    },
    { key: 'code', title: t('fields.code'), sortable: true, dataIndex: 'code' },
    {
      key: 'target',
      title: t('fields.target'),
      sortable: true,
      render: (_, row) => t(`target.${row.target}`),
    },
    {
      key: 'countryCode',
      title: t('fields.countryCode'),
      sortable: true,
      dataIndex: 'countryCode',
    },
    {
      key: 'mainPartner',
      title: t('fields.mainPartner'),
      render: (_, row) => (row.mainPartner ? <Tag color="blue">{t('yes')}</Tag> : t('no')),
    },
    {
      key: 'providerName',
      title: t('fields.providerName'),
      render: (_, row) => displayValue(row.providerName),
    },
    { key: 'issuerCount', title: t('fields.issuerCount'), dataIndex: 'issuerCount' },
    {
      key: 'createdDate',
      title: t('fields.createdDate'),
      sortable: true,
      render: (_, row) => formatDateTime(row.createdDate, i18n.language),
    },
    {
      key: 'updatedDate',
      title: t('fields.updatedDate'),
      sortable: true,
      defaultHidden: true,
      render: (_, row) => formatDateTime(row.updatedDate, i18n.language),
    },
  ];

  return (
    <ListPage
      screen="branch-list"
      title={t('list.title')}
      createAction={
        canCreate ? { label: t('list.create'), run: () => void navigate(REGISTER_PATH) } : undefined
      }
      filters={
        <>
          <ListSearch
            list={list}
            label={t('list.search')}
            placeholder={t('list.searchPlaceholder')}
          />
          <ListFilter
            list={list}
            filterKey="target"
            label={t('fields.target')}
            allLabel={t('list.allTargets')}
            options={targetOptions}
            minWidth={180}
          />
        </>
      }
    >
      <DataTable<BranchListItem>
        columns={columns}
        rows={result.data?.items ?? []}
        total={result.data?.total ?? 0}
        state={table}
        onChange={setTable}
        rowKey="id"
        tableId="branch-list"
        loading={result.isFetching}
        error={result.isError ? result.error : undefined}
        onRetry={() => void result.refetch()}
        defaultSortColumn="createdDate"
        dateFilter
        emptyText={list.hasFilter ? t('list.emptyFiltered') : t('list.empty')}
        scroll={{ x: 'max-content' }}
      />
    </ListPage>
  );
}

export default BranchListScreen;
