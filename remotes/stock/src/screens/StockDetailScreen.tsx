import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Select, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import {
  RESOURCES,
  STOCK_EXPIRING_SOON_DAYS,
  STOCK_ITEM_SORT_COLUMNS,
  STOCK_STATUSES,
  type StockDetailQuery,
  type StockItemListItem,
  type StockStatus,
} from '@esim/contracts';
import { usePermission } from '@esim/platform';
import {
  DataTable,
  toast,
  useUrlListState,
  type DataTableColumn,
  type DataTableState,
  type UrlTableDefaults,
  DetailMissing,
  isMissingRecordError,
  BackLink,
} from '@esim/ui';
import { formatDate, formatDateTime } from '@esim/utils';
import { exportStock, stockItemsQuery } from '../api';
import { ImportStockWizard } from '../components/ImportStockWizard';
import { StatusCounts } from '../components/StatusCounts';
import { StatusTag } from '../components/StatusTag';
import { StockItemDrawer } from '../components/StockItemDrawer';

const FILTERS = ['status', 'search', 'expiring'] as const;
type Filter = (typeof FILTERS)[number];
const DEFAULTS: UrlTableDefaults = {
  sort: { column: 'importedDate', order: 'desc' },
  pageSize: 10,
  sortColumns: STOCK_ITEM_SORT_COLUMNS,
};
const LIST_PATH = '/stock';

function parseStatuses(value: string | undefined): StockStatus[] {
  if (!value) return [];
  return value
    .split(',')
    .filter((part): part is StockStatus => STOCK_STATUSES.includes(part as StockStatus));
}

/** /stock/detail?productId=: one stock product's counts by status and its items. */
export function StockDetailScreen() {
  return (
    <div data-testid="area-screen" data-screen="stock-detail">
      <StockDetailContent />
    </div>
  );
}

function StockDetailContent() {
  const { t, i18n } = useTranslation(['stock', 'common']);
  const [params, setParams] = useSearchParams();
  const productId = params.get('productId') ?? '';
  const itemId = params.get('item') ?? '';
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
  const statuses = useMemo(() => parseStatuses(filters.status), [filters.status]);
  const expiring = filters.expiring === '1';

  // Everything but the page: the scope the keyset cursors belong to.
  const scope = useMemo(
    () =>
      ({
        pageSize: table.pageSize,
        sort: (table.sort?.column ?? 'importedDate') as StockDetailQuery['sort'],
        order: table.sort?.order ?? 'desc',
        ...(productId ? { productId } : {}),
        ...(statuses.length > 0 ? { status: statuses } : {}),
        ...(filters.search ? { search: filters.search } : {}),
        ...(expiring ? { expiringWithinDays: STOCK_EXPIRING_SOON_DAYS } : {}),
        ...(table.from ? { from: table.from } : {}),
        ...(table.to ? { to: table.to } : {}),
      }) satisfies StockDetailQuery,
    [
      table.pageSize,
      table.sort,
      table.from,
      table.to,
      productId,
      statuses,
      filters.search,
      expiring,
    ],
  );
  const scopeKey = JSON.stringify(scope);
  // Next pages go by the API's keyset cursor (fast at any depth), remembered per scope when the
  // user steps forward; a page reached otherwise (a jump, a link) goes by offset.
  const [cursors, setCursors] = useState<Record<string, Record<number, string>>>({});
  const cursor = cursors[scopeKey]?.[table.page];
  const query: StockDetailQuery = useMemo(
    () => ({ ...scope, page: table.page, ...(cursor ? { cursor } : {}) }),
    [scope, table.page, cursor],
  );
  const result = useQuery(stockItemsQuery(query));
  const onTableChange = (next: DataTableState) => {
    const nextCursor = result.data?.nextCursor;
    const sameScope =
      next.pageSize === table.pageSize &&
      next.sort?.column === table.sort?.column &&
      next.sort?.order === table.sort?.order &&
      next.from === table.from &&
      next.to === table.to;
    if (sameScope && next.page === table.page + 1 && nextCursor && !result.isPlaceholderData) {
      setCursors((known) => ({
        ...known,
        [scopeKey]: { ...known[scopeKey], [next.page]: nextCursor },
      }));
    }
    setTable(next);
  };

  const product = result.data?.product;
  const counts = result.data?.counts;
  const countTotal = counts ? STOCK_STATUSES.reduce((sum, status) => sum + counts[status], 0) : 0;

  const setParam = (key: string, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: key !== 'item' });
  };
  const setStatuses = (next: StockStatus[]) => setFilter('status', next.join(',') || undefined);
  const toggleStatus = (status: StockStatus) =>
    setStatuses(
      statuses.includes(status) ? statuses.filter((s) => s !== status) : [...statuses, status],
    );

  const columns: DataTableColumn<StockItemListItem>[] = [
    {
      key: 'iccid',
      title: t('common:fields.iccid'),
      sortable: true,
      fixed: 'left',
      render: (_, row) => (
        <Button
          type="link"
          style={{ padding: 0, height: 'auto', fontFamily: 'monospace' }}
          onClick={() => setParam('item', row.id)}
          data-testid="stock-item-link"
          autoInsertSpace={false}
        >
          {row.iccid}
        </Button>
      ),
    },
    {
      key: 'activationCode',
      title: t('common:fields.activationCode'),
      render: (_, row) => (
        <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
          {row.activationCodeMasked}
        </Typography.Text>
      ),
    },
    {
      key: 'status',
      title: t('common:fields.stockStatus'),
      render: (_, row) => <StatusTag status={row.status} />,
    },
    {
      key: 'activeExpireDate',
      title: t('common:fields.activeExpireDate'),
      sortable: true,
      render: (_, row) => formatDate(row.activeExpireDate, undefined, i18n.language),
    },
    {
      key: 'importedDate',
      title: t('common:fields.importedDate'),
      sortable: true,
      render: (_, row) => formatDateTime(row.importedDate, i18n.language),
    },
  ];

  const runExport = async () => {
    setExporting(true);
    try {
      const { pageSize: _pageSize, ...filtersOnly } = scope;
      await exportStock(filtersOnly);
      toast.success(t('export.success'));
    } catch {
      // The API client has shown the error.
    } finally {
      setExporting(false);
    }
  };

  const missing = result.isSuccess ? !product : isMissingRecordError(result.error);
  if (productId && missing) {
    return (
      <DetailMissing
        name={t('entity.stockProduct')}
        id={productId}
        backTo={LIST_PATH}
        backLabel={t('detail.back')}
      />
    );
  }

  const productLabel = product ? `${product.name} (${product.productCode})` : undefined;
  const hasFilter =
    statuses.length > 0 || expiring || Boolean(filters.search || table.from || table.to);

  return (
    <Flex vertical gap="middle" data-testid="stock-detail">
      <BackLink to={LIST_PATH} label={t('detail.back')} />
      <Flex justify="space-between" align="center" wrap gap="small">
        <Flex vertical>
          <Typography.Title level={3} style={{ margin: 0 }} data-testid="stock-detail-title">
            {product ? product.name : productId ? '\u00a0' : t('detail.allStock')}
          </Typography.Title>
          {product && (
            <Typography.Text type="secondary">
              {product.productCode} · {product.supplierName}
            </Typography.Text>
          )}
        </Flex>
        <Flex gap="small">
          <Button
            icon={<DownloadOutlined />}
            onClick={() => void runExport()}
            loading={exporting}
            autoInsertSpace={false}
          >
            {t('export.button')}
          </Button>
          {canImport && product && (
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
      {counts && (
        <StatusCounts
          counts={counts}
          total={countTotal}
          expiringSoon={result.data?.expiringSoon ?? 0}
          selected={statuses}
          expiringActive={expiring}
          onToggleStatus={toggleStatus}
          onToggleExpiring={() => setFilter('expiring', expiring ? undefined : '1')}
          onShowAll={() =>
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                next.delete('status');
                next.delete('expiring');
                next.delete('page');
                return next;
              },
              { replace: true },
            )
          }
        />
      )}
      <DataTable<StockItemListItem>
        columns={columns}
        rows={result.data?.items ?? []}
        total={result.data?.total ?? 0}
        state={table}
        onChange={onTableChange}
        rowKey="id"
        tableId="stock-items"
        loading={result.isFetching}
        error={result.isError ? result.error : undefined}
        onRetry={() => void result.refetch()}
        defaultSortColumn="importedDate"
        dateFilter
        toolbar={
          <Flex gap="small" wrap align="center" role="search">
            <Select<StockStatus[]>
              mode="multiple"
              allowClear
              aria-label={t('common:fields.stockStatus')}
              placeholder={t('detail.allStatuses')}
              value={statuses}
              onChange={setStatuses}
              options={STOCK_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
              style={{ minWidth: 220 }}
              maxTagCount="responsive"
              data-testid="stock-status-filter"
            />
            <Input.Search
              aria-label={t('detail.searchIccid')}
              placeholder={t('detail.searchIccid')}
              allowClear
              value={search}
              maxLength={20}
              inputMode="numeric"
              onChange={(event) => setSearch(event.target.value)}
              onSearch={(value) => setFilter('search', value.trim() || undefined)}
              style={{ width: 260 }}
            />
          </Flex>
        }
        emptyText={hasFilter ? t('detail.emptyFiltered') : t('detail.empty')}
        scroll={{ x: 'max-content' }}
      />
      {itemId && <StockItemDrawer id={itemId} onClose={() => setParam('item', undefined)} />}
      {importing && product && productLabel && (
        <ImportStockWizard
          product={{ id: product.id, label: productLabel }}
          onClose={() => setImporting(false)}
        />
      )}
    </Flex>
  );
}

export default StockDetailScreen;
