import { Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  DELIVERY_TYPES,
  RESOURCES,
  SUPPLIER_SORT_COLUMNS,
  SUPPLIER_STATUSES,
  type SupplierListItem,
  type SupplierListQuery,
} from '@esim/contracts';
import { currenciesQuery, usePermission } from '@esim/platform';
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
import { exportSuppliers, supplierListQuery } from '../api';
import { CreateSupplierDrawer } from '../components/CreateSupplierDrawer';

const FILTERS = ['status', 'deliveryType', 'currency', 'search'] as const;
type Filter = (typeof FILTERS)[number];
const DEFAULTS: UrlTableDefaults = {
  sort: { column: 'createdDate', order: 'desc' },
  pageSize: 10,
  sortColumns: SUPPLIER_SORT_COLUMNS,
};
const DETAIL_PATH = '/supplier-management/detail';

/** /supplier-management: the suppliers, filtered, sorted and paged on the server. */
export function SupplierListScreen() {
  const { t, i18n } = useTranslation('suppliers');
  const list = useListPage<Filter>(FILTERS, DEFAULTS);
  const { table, filters, setTable } = list;
  const canCreate = usePermission(RESOURCES.suppliers, 'POST');
  const [creating, setCreating] = useState(false);

  const query: SupplierListQuery = useMemo(
    () => ({
      ...listPageQuery<NonNullable<SupplierListQuery['sort']>>(table),
      ...(filters.status ? { status: filters.status as SupplierListQuery['status'] } : {}),
      ...(filters.deliveryType
        ? { deliveryType: filters.deliveryType as SupplierListQuery['deliveryType'] }
        : {}),
      ...(filters.currency ? { currency: filters.currency } : {}),
      ...(filters.search ? { search: filters.search } : {}),
    }),
    [table, filters],
  );
  const result = useQuery(supplierListQuery(query));
  const currencies = useQuery(currenciesQuery());

  const statusOptions: OptionItem<string>[] = SUPPLIER_STATUSES.map((value) => ({
    value,
    label: t(`status.${value}`),
  }));
  const deliveryOptions: OptionItem<string>[] = DELIVERY_TYPES.map((value) => ({
    value,
    label: t(`deliveryType.${value}`),
  }));
  const currencyOptions: OptionItem<string>[] = (currencies.data ?? []).map((currency) => ({
    value: currency.isoCode,
    label: currency.isoCode,
  }));

  const columns: DataTableColumn<SupplierListItem>[] = [
    {
      key: 'name',
      title: t('fields.name'),
      sortable: true,
      fixed: 'left',
      render: (_, row) => (
        <Link to={`${DETAIL_PATH}?id=${encodeURIComponent(row.id)}`} data-testid="supplier-link">
          {row.name}
        </Link>
      ),
    },
    {
      key: 'abbreviation',
      title: t('fields.abbreviation'),
      sortable: true,
      render: (_, row) => displayValue(row.abbreviation),
    },
    {
      key: 'status',
      title: t('fields.status'),
      sortable: true,
      render: (_, row) => (
        <Tag color={row.status === 'active' ? 'green' : 'default'}>{t(`status.${row.status}`)}</Tag>
      ),
    },
    {
      key: 'deliveryType',
      title: t('fields.deliveryType'),
      sortable: true,
      render: (_, row) => t(`deliveryType.${row.deliveryType}`),
    },
    { key: 'currency', title: t('fields.currency'), sortable: true, dataIndex: 'currency' },
    {
      key: 'countryCode',
      title: t('fields.countryCode'),
      sortable: true,
      defaultHidden: true,
      render: (_, row) => displayValue(row.countryCode),
    },
    {
      key: 'companyName',
      title: t('fields.companyName'),
      render: (_, row) => displayValue(row.companyName),
    },
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
    useCallback(() => exportSuppliers(query), [query]),
    t('list.exportSuccess'),
  );

  return (
    <ListPage
      screen="supplier-list"
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
            filterKey="status"
            label={t('fields.status')}
            allLabel={t('list.allStatuses')}
            options={statusOptions}
          />
          <ListFilter
            list={list}
            filterKey="deliveryType"
            label={t('fields.deliveryType')}
            allLabel={t('list.allDeliveryTypes')}
            options={deliveryOptions}
            minWidth={180}
          />
          <ListFilter
            list={list}
            filterKey="currency"
            label={t('fields.currency')}
            allLabel={t('list.allCurrencies')}
            options={currencyOptions}
            showSearch
          />
        </>
      }
    >
      <DataTable<SupplierListItem>
        columns={columns}
        rows={result.data?.items ?? []}
        total={result.data?.total ?? 0}
        state={table}
        onChange={setTable}
        rowKey="id"
        tableId="supplier-list"
        loading={result.isFetching}
        error={result.isError ? result.error : undefined}
        onRetry={() => void result.refetch()}
        defaultSortColumn="createdDate"
        dateFilter
        emptyText={list.hasFilter ? t('list.emptyFiltered') : t('list.empty')}
        scroll={{ x: 'max-content' }}
      />
      {creating && <CreateSupplierDrawer onClose={() => setCreating(false)} />}
    </ListPage>
  );
}

export default SupplierListScreen;
