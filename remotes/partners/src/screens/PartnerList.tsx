import { Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import {
  COMMISSION_TYPES,
  PARTNER_PLAN_TYPES,
  PARTNER_SORT_COLUMNS,
  PARTNER_TARGETS,
  RESOURCES,
  type PartnerListItem,
  type PartnerListQuery,
} from '@esim/contracts';
import { usePermission } from '@esim/platform';
import {
  DataTable,
  ListFilter,
  ListPage,
  ListSearch,
  useExport,
  useListPage,
  type DataTableColumn,
  type OptionItem,
  type UrlTableDefaults,
  listPageQuery,
} from '@esim/ui';
import { displayValue, formatDateTime } from '@esim/utils';
import { exportPartners, partnerListQuery } from '../api';
import { formatCommission } from '../format';

const FILTERS = ['target', 'planType', 'commissionType', 'search'] as const;
type Filter = (typeof FILTERS)[number];
const DEFAULTS: UrlTableDefaults = {
  sort: { column: 'createdDate', order: 'desc' },
  pageSize: 10,
  sortColumns: PARTNER_SORT_COLUMNS,
};
export const DETAIL_PATH = '/partners/detail';
const REGISTER_PATH = '/partners/register';

/** The list query for the table state and filters of the URL. */
export function toPartnerQuery(
  table: ReturnType<typeof useListPage>['table'],
  filters: Partial<Record<Filter, string>>,
): PartnerListQuery {
  return {
    ...listPageQuery<NonNullable<PartnerListQuery['sort']>>(table),
    ...(filters.target ? { target: filters.target as PartnerListQuery['target'] } : {}),
    ...(filters.planType ? { planType: filters.planType as PartnerListQuery['planType'] } : {}),
    ...(filters.commissionType
      ? { commissionType: filters.commissionType as PartnerListQuery['commissionType'] }
      : {}),
    ...(filters.search ? { search: filters.search } : {}),
  };
}

/** /partners: the partners, filtered, sorted and paged on the server. */
export function PartnerListScreen() {
  const { t, i18n } = useTranslation('partners');
  const list = useListPage<Filter>(FILTERS, DEFAULTS);
  const { table, filters, setTable } = list;
  const navigate = useNavigate();
  const canCreate = usePermission(RESOURCES.partners, 'POST');
  const query = useMemo(() => toPartnerQuery(table, filters), [table, filters]);
  const result = useQuery(partnerListQuery(query));

  const options = <T extends string>(values: readonly T[], group: string): OptionItem<string>[] =>
    values.map((value) => ({ value, label: t(`${group}.${value}`) }));

  const columns: DataTableColumn<PartnerListItem>[] = [
    {
      key: 'name',
      title: t('fields.name'),
      sortable: true,
      fixed: 'left',
      render: (_, row) => (
        <Link to={`${DETAIL_PATH}?id=${encodeURIComponent(row.id)}`} data-testid="partner-link">
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
      key: 'planType',
      title: t('fields.planType'),
      sortable: true,
      render: (_, row) => <Tag>{t(`planType.${row.planType}`)}</Tag>,
    },
    {
      key: 'tariffCode',
      title: t('fields.tariffCode'),
      render: (_, row) => displayValue(row.tariffCode),
    },
    {
      key: 'commission',
      title: t('fields.commissionValue'),
      render: (_, row) => formatCommission(row, t),
    },
    {
      key: 'prefix',
      title: t('fields.prefix'),
      sortable: true,
      defaultHidden: true,
      render: (_, row) => displayValue(row.prefix),
    },
    {
      key: 'representativeName',
      title: t('fields.representativeName'),
      render: (_, row) => displayValue(row.representativeName),
    },
    { key: 'accountCount', title: t('fields.accounts'), dataIndex: 'accountCount' },
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

  const { exporting, runExport } = useExport(
    useCallback(() => exportPartners(query), [query]),
    t('list.exportSuccess'),
  );

  return (
    <ListPage
      screen="partner-list"
      title={t('list.title')}
      exportAction={{ label: t('list.export'), exporting, run: () => void runExport() }}
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
            options={options(PARTNER_TARGETS, 'target')}
            minWidth={180}
          />
          <ListFilter
            list={list}
            filterKey="planType"
            label={t('fields.planType')}
            allLabel={t('list.allPlanTypes')}
            options={options(PARTNER_PLAN_TYPES, 'planType')}
          />
          <ListFilter
            list={list}
            filterKey="commissionType"
            label={t('fields.commissionType')}
            allLabel={t('list.allCommissionTypes')}
            options={options(COMMISSION_TYPES, 'commissionType')}
            minWidth={180}
          />
        </>
      }
    >
      <DataTable<PartnerListItem>
        columns={columns}
        rows={result.data?.items ?? []}
        total={result.data?.total ?? 0}
        state={table}
        onChange={setTable}
        rowKey="id"
        tableId="partner-list"
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

export default PartnerListScreen;
