import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
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
  OptionSelect,
  toast,
  useUrlListState,
  type DataTableColumn,
  type OptionItem,
  type UrlTableDefaults,
} from '@esim/ui';
import { ALL_VALUE, displayValue, formatDateTime } from '@esim/utils';
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
  const list = useUrlListState<Filter>(FILTERS, DEFAULTS);
  const { table, filters, setTable, setFilter } = list;
  const canCreate = usePermission(RESOURCES.suppliers, 'POST');
  const [creating, setCreating] = useState(false);
  const [exporting, setExporting] = useState(false);
  // The search box follows the URL (back/forward, a shared link) while allowing typing.
  const [search, setSearch] = useState(filters.search ?? '');
  const [urlSearch, setUrlSearch] = useState(filters.search);
  if (urlSearch !== filters.search) {
    setUrlSearch(filters.search);
    setSearch(filters.search ?? '');
  }

  const query: SupplierListQuery = useMemo(
    () => ({
      page: table.page,
      pageSize: table.pageSize,
      ...(table.sort
        ? { sort: table.sort.column as SupplierListQuery['sort'], order: table.sort.order }
        : {}),
      ...(table.from ? { from: table.from } : {}),
      ...(table.to ? { to: table.to } : {}),
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

  const filterValue = (key: Filter) => filters[key] ?? ALL_VALUE;
  const onFilter = (key: Filter) => (value: unknown) =>
    setFilter(key, value === ALL_VALUE || value == null ? undefined : String(value));

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

  const runExport = async () => {
    setExporting(true);
    try {
      await exportSuppliers(query);
      toast.success(t('list.exportSuccess'));
    } catch {
      // The API client has shown the error.
    } finally {
      setExporting(false);
    }
  };

  const hasFilter = Boolean(table.from || table.to) || FILTERS.some((key) => Boolean(filters[key]));

  return (
    <Flex vertical gap="middle" data-testid="area-screen" data-screen="supplier-list">
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('list.title')}
        </Typography.Title>
        <Flex gap="small">
          <Button
            icon={<DownloadOutlined />}
            onClick={() => void runExport()}
            loading={exporting}
            autoInsertSpace={false}
          >
            {t('list.export')}
          </Button>
          {canCreate && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setCreating(true)}
              autoInsertSpace={false}
            >
              {t('list.create')}
            </Button>
          )}
        </Flex>
      </Flex>
      <Flex gap="small" wrap align="center" role="search">
        <Input.Search
          aria-label={t('list.search')}
          placeholder={t('list.searchPlaceholder')}
          allowClear
          value={search}
          maxLength={100}
          onChange={(event) => setSearch(event.target.value)}
          onSearch={(value) => setFilter('search', value.trim() || undefined)}
          style={{ width: 280 }}
        />
        <OptionSelect
          aria-label={t('fields.status')}
          includeAll
          allLabel={t('list.allStatuses')}
          options={statusOptions}
          value={filterValue('status')}
          onChange={onFilter('status')}
          style={{ minWidth: 160 }}
        />
        <OptionSelect
          aria-label={t('fields.deliveryType')}
          includeAll
          allLabel={t('list.allDeliveryTypes')}
          options={deliveryOptions}
          value={filterValue('deliveryType')}
          onChange={onFilter('deliveryType')}
          style={{ minWidth: 180 }}
        />
        <OptionSelect
          aria-label={t('fields.currency')}
          includeAll
          allLabel={t('list.allCurrencies')}
          options={currencyOptions}
          value={filterValue('currency')}
          onChange={onFilter('currency')}
          showSearch
          style={{ minWidth: 160 }}
        />
      </Flex>
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
        emptyText={hasFilter ? t('list.emptyFiltered') : t('list.empty')}
        scroll={{ x: 'max-content' }}
      />
      {creating && <CreateSupplierDrawer onClose={() => setCreating(false)} />}
    </Flex>
  );
}

export default SupplierListScreen;
