import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Tag, Tooltip, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  RESOURCES,
  STOCK_EXPIRING_SOON_DAYS,
  STOCK_PRODUCT_SORT_COLUMNS,
  STOCK_STATUSES,
  type StockProductListItem,
  type StockProductListQuery,
} from '@esim/contracts';
import { usePermission } from '@esim/platform';
import {
  DataTable,
  OptionSelect,
  toast,
  useUrlListState,
  type DataTableColumn,
  type OptionItem,
  type UrlTableDefaults,
} from '@esim/ui';
import { ALL_VALUE, displayValue, formatDateTime, formatNumber } from '@esim/utils';
import { exportStock, stockProductListQuery, stockSuppliersQuery } from '../api';
import { ImportStockWizard } from '../components/ImportStockWizard';
import { STATUS_COLORS } from '../components/StatusTag';

const FILTERS = ['search', 'supplierId'] as const;
type Filter = (typeof FILTERS)[number];
const DEFAULTS: UrlTableDefaults = {
  sort: { column: 'productName', order: 'asc' },
  pageSize: 10,
  sortColumns: STOCK_PRODUCT_SORT_COLUMNS,
};
export const DETAIL_PATH = '/stock/detail';

/** The counts of one product as coloured tags (statuses without items are left out). */
function CountTags({ row }: { row: StockProductListItem }) {
  const { t } = useTranslation('stock');
  const present = STOCK_STATUSES.filter((status) => (row.counts[status] ?? 0) > 0);
  if (present.length === 0)
    return <Typography.Text type="secondary">{t('list.noItems')}</Typography.Text>;
  return (
    <Flex gap={4} wrap data-testid="stock-count-tags">
      {present.map((status) => (
        <Tag
          key={status}
          color={STATUS_COLORS[status]}
          data-testid={`count-${status}`}
          style={{ marginInlineEnd: 0 }}
        >
          {t(`status.${status}`)}: {formatNumber(row.counts[status])}
        </Tag>
      ))}
    </Flex>
  );
}

/** /stock: stock products (of stock-type suppliers) with their counts by status. */
export function StockListScreen() {
  const { t, i18n } = useTranslation(['stock', 'common']);
  const list = useUrlListState<Filter>(FILTERS, DEFAULTS);
  const { table, filters, setTable, setFilter } = list;
  const canImport = usePermission(RESOURCES.stock, 'POST');
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [search, setSearch] = useState(filters.search ?? '');
  const [urlSearch, setUrlSearch] = useState(filters.search);
  if (urlSearch !== filters.search) {
    setUrlSearch(filters.search);
    setSearch(filters.search ?? '');
  }

  const query: StockProductListQuery = useMemo(
    () => ({
      page: table.page,
      pageSize: table.pageSize,
      ...(table.sort
        ? {
            sort: table.sort.column as StockProductListQuery['sort'],
            order: table.sort.order,
          }
        : {}),
      ...(filters.search ? { search: filters.search } : {}),
      ...(filters.supplierId ? { supplierId: filters.supplierId } : {}),
    }),
    [table, filters],
  );
  const result = useQuery(stockProductListQuery(query));
  const suppliers = useQuery(stockSuppliersQuery());
  const supplierOptions: OptionItem<string>[] = (suppliers.data?.items ?? []).map((supplier) => ({
    value: supplier.id,
    label: supplier.name,
  }));

  const columns: DataTableColumn<StockProductListItem>[] = [
    {
      key: 'productName',
      title: t('common:fields.productName'),
      sortable: true,
      fixed: 'left',
      render: (_, row) => (
        <Link
          to={`${DETAIL_PATH}?productId=${encodeURIComponent(row.productId)}`}
          data-testid="stock-product-link"
        >
          {row.productName}
        </Link>
      ),
    },
    {
      key: 'productCode',
      title: t('common:fields.productCode'),
      sortable: true,
      dataIndex: 'productCode',
    },
    {
      key: 'supplierName',
      title: t('common:fields.supplierName'),
      sortable: true,
      dataIndex: 'supplierName',
      defaultHidden: true,
    },
    {
      key: 'counts',
      title: t('list.countsByStatus'),
      render: (_, row) => <CountTags row={row} />,
    },
    {
      key: 'onHand',
      title: t('status.on_hand'),
      sortable: true,
      align: 'right',
      render: (_, row) => <span data-testid="cell-onHand">{formatNumber(row.counts.on_hand)}</span>,
    },
    {
      key: 'total',
      title: t('list.total'),
      sortable: true,
      align: 'right',
      render: (_, row) => <span data-testid="cell-total">{formatNumber(row.total)}</span>,
    },
    {
      key: 'expiringSoon',
      title: (
        <Tooltip title={t('counts.expiringHelp', { days: STOCK_EXPIRING_SOON_DAYS })}>
          {t('counts.expiringSoon')}
        </Tooltip>
      ),
      sortable: true,
      align: 'right',
      render: (_, row) =>
        row.expiringSoon > 0 ? (
          <Tag color="warning" style={{ marginInlineEnd: 0 }} data-testid="cell-expiringSoon">
            {formatNumber(row.expiringSoon)}
          </Tag>
        ) : (
          <span data-testid="cell-expiringSoon">0</span>
        ),
    },
    {
      key: 'lastImportedDate',
      title: t('list.lastImportedDate'),
      sortable: true,
      defaultHidden: true,
      render: (_, row) => displayValue(formatDateTime(row.lastImportedDate, i18n.language)),
    },
  ];

  const runExport = async () => {
    setExporting(true);
    try {
      await exportStock({
        sort: 'importedDate',
        order: 'desc',
        ...(filters.supplierId ? { supplierId: filters.supplierId } : {}),
      });
      toast.success(t('export.success'));
    } catch {
      // The API client has shown the error.
    } finally {
      setExporting(false);
    }
  };

  const hasFilter = FILTERS.some((key) => Boolean(filters[key]));

  return (
    <Flex vertical gap="middle" data-testid="area-screen" data-screen="stock-list">
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
            {t('export.button')}
          </Button>
          {canImport && (
            <Button
              type="primary"
              icon={<UploadOutlined />}
              onClick={() => setImporting(true)}
              autoInsertSpace={false}
            >
              {t('import.open')}
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
          style={{ width: 300 }}
        />
        <OptionSelect
          aria-label={t('common:fields.supplierId')}
          includeAll
          allLabel={t('list.allSuppliers')}
          options={supplierOptions}
          value={filters.supplierId ?? ALL_VALUE}
          onChange={(value: unknown) =>
            setFilter(
              'supplierId',
              value === ALL_VALUE || value == null ? undefined : String(value),
            )
          }
          style={{ minWidth: 200 }}
        />
      </Flex>
      <DataTable<StockProductListItem>
        columns={columns}
        rows={result.data?.items ?? []}
        total={result.data?.total ?? 0}
        state={table}
        onChange={setTable}
        rowKey="productId"
        tableId="stock-list"
        loading={result.isFetching}
        error={result.isError ? result.error : undefined}
        onRetry={() => void result.refetch()}
        defaultSortColumn="productName"
        emptyText={hasFilter ? t('list.emptyFiltered') : t('list.empty')}
        scroll={{ x: 'max-content' }}
      />
      {importing && <ImportStockWizard onClose={() => setImporting(false)} />}
    </Flex>
  );
}

export default StockListScreen;
