import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import {
  CAMPAIGN_DISCOUNT_TYPES,
  CAMPAIGN_SORT_COLUMNS,
  CAMPAIGN_STATUSES,
  CAMPAIGN_TYPES,
  RESOURCES,
  type CampaignListItem,
  type CampaignListQuery,
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
  type UrlTableDefaults,
  listPageQuery,
} from '@esim/ui';
import { campaignListQuery, exportCampaigns } from '../api';
import { CampaignFormDrawer } from '../components/CampaignFormDrawer';
import { CampaignStatusTag } from '../components/CampaignStatusTag';
import { useCampaignFormat } from '../format';
import { detailPath } from '../paths';

const FILTERS = ['search', 'type', 'discountType', 'status'] as const;
type Filter = (typeof FILTERS)[number];
const DEFAULTS: UrlTableDefaults = {
  sort: { column: 'createdDate', order: 'desc' },
  pageSize: 10,
  sortColumns: CAMPAIGN_SORT_COLUMNS,
};

/** The list's state as the campaign/list body (and the export's query). */
export function toCampaignQuery(
  table: ReturnType<typeof useListPage<Filter>>['table'],
  filters: Partial<Record<Filter, string>>,
): CampaignListQuery {
  return {
    ...listPageQuery<NonNullable<CampaignListQuery['sort']>>(table),
    ...(filters.search ? { search: filters.search } : {}),
    ...(filters.type ? { type: filters.type as CampaignListQuery['type'] } : {}),
    ...(filters.discountType
      ? { discountType: filters.discountType as CampaignListQuery['discountType'] }
      : {}),
    ...(filters.status ? { status: filters.status as CampaignListQuery['status'] } : {}),
  };
}

/** /campaign-code: the campaigns, searched, filtered, sorted and paged on the server; CSV export. */
export function CampaignListScreen() {
  const { t } = useTranslation('campaigns');
  const format = useCampaignFormat();
  const navigate = useNavigate();
  const list = useListPage<Filter>(FILTERS, DEFAULTS);
  const { table, filters, setTable } = list;
  const canCreate = usePermission(RESOURCES.campaigns, 'POST');
  const [creating, setCreating] = useState(false);
  const query = useMemo(() => toCampaignQuery(table, filters), [table, filters]);
  const result = useQuery(campaignListQuery(query));
  const { exporting, runExport } = useExport(
    useCallback(() => exportCampaigns(query), [query]),
    t('list.exportSuccess'),
  );

  const columns: DataTableColumn<CampaignListItem>[] = [
    {
      key: 'code',
      title: t('fields.code'),
      sortable: true,
      fixed: 'left',
      render: (_, row) => (
        <Link to={detailPath(row.id)} data-testid="campaign-link">
          {row.code}
        </Link>
      ),
    },
    { key: 'name', title: t('fields.name'), sortable: true, dataIndex: 'name' },
    {
      key: 'type',
      title: t('fields.type'),
      sortable: true,
      render: (_, row) => t(`type.${row.type}`),
    },
    {
      key: 'discountValue',
      title: t('fields.discount'),
      sortable: true,
      align: 'right',
      render: (_, row) => format.discount(row),
    },
    {
      key: 'useQuantity',
      title: t('fields.useQuantity'),
      sortable: true,
      align: 'right',
      render: (_, row) => format.quantity(row.useQuantity),
    },
    {
      key: 'remainingQuantity',
      title: t('fields.remainingQuantity'),
      sortable: true,
      align: 'right',
      render: (_, row) => format.quantity(row.remainingQuantity),
    },
    {
      key: 'validFrom',
      title: t('fields.validity'),
      sortable: true,
      render: (_, row) => format.validity(row.validFrom, row.validTo),
    },
    {
      key: 'status',
      title: t('fields.status'),
      sortable: true,
      render: (_, row) => <CampaignStatusTag status={row.status} />,
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
      screen="campaign-list"
      title={t('list.title')}
      exportAction={{ label: t('list.export'), exporting, run: () => void runExport() }}
      createAction={
        canCreate ? { label: t('list.create'), run: () => setCreating(true) } : undefined
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
            filterKey="type"
            label={t('fields.type')}
            allLabel={t('list.allTypes')}
            options={CAMPAIGN_TYPES.map((value) => ({ value, label: t(`type.${value}`) }))}
            testId="filter-type"
          />
          <ListFilter
            list={list}
            filterKey="discountType"
            label={t('fields.discountType')}
            allLabel={t('list.allDiscountTypes')}
            options={CAMPAIGN_DISCOUNT_TYPES.map((value) => ({
              value,
              label: t(`discountType.${value}`),
            }))}
            minWidth={180}
            testId="filter-discount-type"
          />
          <ListFilter
            list={list}
            filterKey="status"
            label={t('fields.status')}
            allLabel={t('list.allStatuses')}
            options={CAMPAIGN_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
            testId="filter-status"
          />
        </>
      }
    >
      <DataTable<CampaignListItem>
        columns={columns}
        rows={result.data?.items ?? []}
        total={result.data?.total ?? 0}
        state={table}
        onChange={setTable}
        rowKey="id"
        tableId="campaign-list"
        loading={result.isFetching}
        error={result.isError ? result.error : undefined}
        onRetry={() => void result.refetch()}
        defaultSortColumn="createdDate"
        dateFilter
        emptyText={list.hasFilter ? t('list.emptyFiltered') : t('list.empty')}
      />
      {creating && (
        <CampaignFormDrawer
          onClose={() => setCreating(false)}
          onSaved={(created) => void navigate(detailPath(created.id))}
        />
      )}
    </ListPage>
  );
}

export default CampaignListScreen;
