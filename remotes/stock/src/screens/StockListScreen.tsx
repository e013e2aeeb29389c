import { UploadOutlined } from '@esim/ui/icons';
import { Flex, Tag, Tooltip, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
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
  type DataTableColumn,
  type OptionItem,
  type UrlTableDefaults,
  ListFilter,
  ListPage,
  ListSearch,
  useExport,
  useListPage,
} from '@esim/ui';
import { displayValue, formatDateTime, formatNumber } from '@esim/utils';
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
  const list = useListPage<Filter>(FILTERS, DEFAULTS);
  const { table, filters, setTable } = list;
  const canImport = usePermission(RESOURCES.stock, 'POST');
  const [importing, setImporting] = useState(false);

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

  const supplierId = filters.supplierId;
  const { exporting, runExport } = useExport(
    useCallback(
      () =>
        exportStock({ sort: 'importedDate', order: 'desc', ...(supplierId ? { supplierId } : {}) }),
      [supplierId],
    ),
    t('export.success'),
  );

  return (
    <ListPage
      screen="stock-list"
      title={t('list.title')}
      exportAction={{ label: t('export.button'), exporting, run: () => void runExport() }}
      createAction={
        canImport
          ? { label: t('import.open'), run: () => setImporting(true), icon: <UploadOutlined /> }
          : undefined
      }
      filters={
        <>
          <ListSearch
            list={list}
            label={t('list.search')}
            placeholder={t('list.searchPlaceholder')}
            width={300}
          />
          <ListFilter
            list={list}
            filterKey="supplierId"
            label={t('common:fields.supplierId')}
            allLabel={t('list.allSuppliers')}
            options={supplierOptions}
            minWidth={200}
          />
        </>
      }
    >
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
        emptyText={list.hasFilter ? t('list.emptyFiltered') : t('list.empty')}
        scroll={{ x: 'max-content' }}
      />
      {importing && <ImportStockWizard onClose={() => setImporting(false)} />}
    </ListPage>
  );
}

export default StockListScreen;
