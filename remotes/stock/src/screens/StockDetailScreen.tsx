import { UploadOutlined } from '@esim/ui/icons';
import { Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import {
  RESOURCES,
  STOCK_STATUSES,
  type StockItemListItem,
  type StockStatus,
} from '@esim/contracts';
import { usePermission } from '@esim/platform';
import {
  BackLink,
  DataTable,
  DetailMissing,
  ListFilter,
  ListSearch,
  ListSection,
  isMissingRecordError,
  useExport,
  useListPage,
} from '@esim/ui';
import { ImportStockWizard } from '../components/ImportStockWizard';
import { StatusCounts } from '../components/StatusCounts';
import { StockItemDrawer } from '../components/StockItemDrawer';
import {
  ITEM_DEFAULTS,
  ITEM_FILTERS,
  parseStatuses,
  type ItemFilter,
} from '../items/stockItemFilters';
import { useStockItemColumns } from '../items/useStockItemColumns';
import { useStockItems } from '../items/useStockItems';

const LIST_PATH = '/stock';

/** /stock/detail?productId=: one stock product's counts by status and its items. */
export function StockDetailScreen() {
  return (
    <div data-testid="area-screen" data-screen="stock-detail">
      <StockDetailContent />
    </div>
  );
}

function StockDetailContent() {
  const { t } = useTranslation(['stock', 'common']);
  const [params, setParams] = useSearchParams();
  const productId = params.get('productId') ?? '';
  const itemId = params.get('item') ?? '';
  const list = useListPage<ItemFilter>(ITEM_FILTERS, ITEM_DEFAULTS);
  const { table, filters, setFilter } = list;
  const { result, onTableChange, exportItems } = useStockItems(productId, list);
  const canImport = usePermission(RESOURCES.stock, 'POST');
  const [importing, setImporting] = useState(false);
  const { exporting, runExport } = useExport(exportItems, t('export.success'));

  // The open item is a history entry of its own: Back closes the drawer.
  const setItem = (id: string | undefined) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('item', id);
      else next.delete('item');
      return next;
    });
  const columns = useStockItemColumns(setItem);

  const product = result.data?.product;
  const counts = result.data?.counts;
  const statuses = parseStatuses(filters.status);
  const expiring = filters.expiring === '1';
  const toggleStatus = (status: StockStatus) => {
    const next = statuses.includes(status)
      ? statuses.filter((s) => s !== status)
      : [...statuses, status];
    setFilter('status', next.join(',') || undefined);
  };
  const showAll = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const key of ['status', 'expiring', 'page']) next.delete(key);
        return next;
      },
      { replace: true },
    );

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

  return (
    <Flex vertical gap="middle" data-testid="stock-detail">
      <BackLink to={LIST_PATH} label={t('detail.back')} />
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
      {counts && (
        <StatusCounts
          counts={counts}
          total={STOCK_STATUSES.reduce((sum, status) => sum + counts[status], 0)}
          expiringSoon={result.data?.expiringSoon ?? 0}
          selected={statuses}
          expiringActive={expiring}
          onToggleStatus={toggleStatus}
          onToggleExpiring={() => setFilter('expiring', expiring ? undefined : '1')}
          onShowAll={showAll}
        />
      )}
      <ListSection
        title={t('detail.items')}
        exportAction={{ label: t('export.button'), exporting, run: () => void runExport() }}
        createAction={
          canImport && product
            ? { label: t('import.open'), run: () => setImporting(true), icon: <UploadOutlined /> }
            : undefined
        }
        filters={
          <>
            <ListFilter
              list={list}
              filterKey="status"
              label={t('common:fields.stockStatus')}
              allLabel={t('detail.allStatuses')}
              options={STOCK_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
              multiple
              minWidth={220}
              testId="stock-status-filter"
            />
            <ListSearch
              list={list}
              label={t('detail.searchIccid')}
              maxLength={20}
              inputMode="numeric"
              width={260}
            />
          </>
        }
      >
        <DataTable<StockItemListItem>
          columns={columns}
          rows={result.data?.items ?? []}
          total={result.data?.total ?? 0}
          totalIsLowerBound={result.data?.totalCapped ?? false}
          state={table}
          onChange={onTableChange}
          rowKey="id"
          tableId="stock-items"
          loading={result.isFetching}
          error={result.isError ? result.error : undefined}
          onRetry={() => void result.refetch()}
          defaultSortColumn="importedDate"
          dateFilter
          emptyText={list.hasFilter ? t('detail.emptyFiltered') : t('detail.empty')}
          scroll={{ x: 'max-content' }}
        />
      </ListSection>
      {itemId && <StockItemDrawer id={itemId} onClose={() => setItem(undefined)} />}
      {importing && product && (
        <ImportStockWizard
          product={{ id: product.id, label: `${product.name} (${product.productCode})` }}
          onClose={() => setImporting(false)}
        />
      )}
    </Flex>
  );
}

export default StockDetailScreen;
