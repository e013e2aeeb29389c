import { DownloadOutlined, UploadOutlined } from '@esim/ui/icons';
import { Button } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import {
  ORDER_SORT_COLUMNS,
  PAYMENT_STATUSES,
  PROCESSING_STATUSES,
  RESOURCES,
  type OrderListItem,
} from '@esim/contracts';
import { usePermission } from '@esim/platform';
import {
  ActionRefusal,
  DataTable,
  ListFilter,
  ListPage,
  ListSearch,
  useExport,
  useListPage,
  type DataTableColumn,
  type UrlTableDefaults,
} from '@esim/ui';
import {
  companyOptionsQuery,
  exportOrderItems,
  exportOrders,
  exportRevenue,
  orderKeys,
  orderListQuery,
} from '../api';
import { PaymentStatusTag, ProcessingStatusTag } from '../components/StatusTags';
import { DocumentBatchButtons } from '../documents/DocumentBatchButtons';
import { DocumentBatchDialog } from '../documents/DocumentBatchDialog';
import { useDocumentBatch } from '../documents/useDocumentBatch';
import { useOrderFormat, yen } from '../format';
import { ORDER_FILTERS, toOrderQuery, type OrderFilter } from '../list/orderQuery';
import { RevenueImportDialog } from '../list/RevenueImportDialog';
import { ORDER_REGISTER_PATH, orderDetailUrl } from '../paths';

const DEFAULTS: UrlTableDefaults = {
  sort: { column: 'purchasedAt', order: 'desc' },
  pageSize: 10,
  sortColumns: ORDER_SORT_COLUMNS,
};

/**
 * /orders: the orders, filtered, sorted and paged on the server; exports and revenue import;
 * invoices or receipts for the selected orders (a batch job).
 */
export function OrderListScreen() {
  const { t } = useTranslation(['orders', 'common']);
  const format = useOrderFormat();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = useListPage<OrderFilter>(ORDER_FILTERS, DEFAULTS);
  const { table, filters, setTable } = list;
  const canCreate = usePermission(RESOURCES.orders, 'POST');
  const [importing, setImporting] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const batch = useDocumentBatch(selected, () => setSelected([]));
  const query = useMemo(() => toOrderQuery(table, filters), [table, filters]);
  const result = useQuery(orderListQuery(query));
  const companies = useQuery(companyOptionsQuery());

  const orders = useExport(
    useCallback(() => exportOrders(query), [query]),
    t('list.exportSuccess'),
  );
  const items = useExport(
    useCallback(() => exportOrderItems(query), [query]),
    t('list.exportSuccess'),
  );
  const revenue = useExport(
    useCallback(() => exportRevenue(query), [query]),
    t('list.exportSuccess'),
  );

  const columns: DataTableColumn<OrderListItem>[] = [
    {
      key: 'orderNo',
      title: t('common:fields.orderNo'),
      sortable: true,
      fixed: 'left',
      render: (_, row) => (
        <Link to={orderDetailUrl(row.id)} data-testid="order-link">
          {row.orderNo}
        </Link>
      ),
    },
    {
      key: 'purchasedAt',
      title: t('fields.purchasedAt'),
      sortable: true,
      render: (_, row) => format.dateTime(row.purchasedAt),
    },
    {
      key: 'partnerName',
      title: t('common:fields.partner'),
      sortable: true,
      dataIndex: 'partnerName',
    },
    {
      key: 'customerName',
      title: t('common:fields.customerName'),
      sortable: true,
      dataIndex: 'customerName',
    },
    { key: 'itemCount', title: t('fields.itemCount'), align: 'right', dataIndex: 'itemCount' },
    {
      key: 'subTotal',
      title: t('amounts.subTotal'),
      align: 'right',
      defaultHidden: true,
      render: (_, row) => yen(row.subTotal),
    },
    {
      key: 'discount',
      title: t('amounts.discount'),
      align: 'right',
      defaultHidden: true,
      render: (_, row) => yen(row.discount),
    },
    {
      key: 'taxTotal',
      title: t('amounts.taxTotal'),
      align: 'right',
      defaultHidden: true,
      render: (_, row) => yen(row.taxTotal),
    },
    {
      key: 'finalPrice',
      title: t('amounts.finalPrice'),
      sortable: true,
      align: 'right',
      render: (_, row) => yen(row.finalPrice),
    },
    {
      key: 'paidAmount',
      title: t('amounts.paidAmount'),
      align: 'right',
      defaultHidden: true,
      render: (_, row) => yen(row.paidAmount),
    },
    {
      key: 'paymentStatus',
      title: t('fields.paymentStatus'),
      sortable: true,
      render: (_, row) => <PaymentStatusTag status={row.paymentStatus} />,
    },
    {
      key: 'processingStatus',
      title: t('fields.processingStatus'),
      sortable: true,
      render: (_, row) => <ProcessingStatusTag status={row.processingStatus} />,
    },
  ];

  return (
    <ListPage
      screen="order-list"
      title={t('list.title')}
      exportAction={{
        label: t('list.export'),
        exporting: orders.exporting,
        run: () => void orders.runExport(),
      }}
      createAction={
        canCreate
          ? { label: t('list.create'), run: () => void navigate(ORDER_REGISTER_PATH) }
          : undefined
      }
      headerExtra={
        <>
          <Button
            icon={<DownloadOutlined />}
            loading={items.exporting}
            onClick={() => void items.runExport()}
            autoInsertSpace={false}
            data-testid="export-detail"
          >
            {t('list.exportDetail')}
          </Button>
          <Button
            icon={<DownloadOutlined />}
            loading={revenue.exporting}
            onClick={() => void revenue.runExport()}
            autoInsertSpace={false}
            data-testid="export-revenue"
          >
            {t('revenue.export')}
          </Button>
          {canCreate && (
            <Button
              icon={<UploadOutlined />}
              onClick={() => setImporting(true)}
              autoInsertSpace={false}
              data-testid="import-revenue"
            >
              {t('revenue.import')}
            </Button>
          )}
        </>
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
            filterKey="paymentStatus"
            label={t('fields.paymentStatus')}
            allLabel={t('list.allPaymentStatuses')}
            options={PAYMENT_STATUSES.map((value) => ({
              value,
              label: t(`paymentStatus.${value}`),
            }))}
            minWidth={180}
            testId="filter-payment-status"
          />
          <ListFilter
            list={list}
            filterKey="processingStatus"
            label={t('fields.processingStatus')}
            allLabel={t('list.allProcessingStatuses')}
            options={PROCESSING_STATUSES.map((value) => ({
              value,
              label: t(`processingStatus.${value}`),
            }))}
            minWidth={180}
            testId="filter-processing-status"
          />
          <ListFilter
            list={list}
            filterKey="partnerId"
            label={t('common:fields.partner')}
            allLabel={t('list.allPartners')}
            options={(companies.data ?? []).map((company) => ({
              value: company.partnerId,
              label: company.name,
            }))}
            loading={companies.isLoading}
            showSearch
            minWidth={220}
            testId="filter-partner"
          />
        </>
      }
    >
      <ActionRefusal
        refusal={batch.refusal}
        title={t('documents.batch.refused')}
        onClose={batch.clearRefusal}
        testId="batch-refused"
      />
      <DataTable<OrderListItem>
        columns={columns}
        rows={result.data?.items ?? []}
        total={result.data?.total ?? 0}
        totalIsLowerBound={result.data?.totalCapped ?? false}
        state={table}
        onChange={setTable}
        rowKey="id"
        tableId="order-list"
        loading={result.isFetching}
        error={result.isError ? result.error : undefined}
        onRetry={() => void result.refetch()}
        defaultSortColumn="purchasedAt"
        dateFilter
        rowSelection={
          canCreate
            ? {
                selectedRowKeys: selected,
                preserveSelectedRowKeys: true,
                onChange: (keys) => setSelected(keys.map(String)),
              }
            : undefined
        }
        toolbar={
          canCreate ? (
            <DocumentBatchButtons
              selected={selected.length}
              blocked={batch.blocked}
              tooMany={batch.tooMany}
              pending={batch.pending}
              onStart={(type) => void batch.run(type)}
            />
          ) : undefined
        }
        emptyText={list.hasFilter ? t('list.emptyFiltered') : t('list.empty')}
      />
      {batch.started && <DocumentBatchDialog started={batch.started} onClose={batch.close} />}
      {importing && (
        <RevenueImportDialog
          onClose={() => setImporting(false)}
          onApplied={() => queryClient.invalidateQueries({ queryKey: orderKeys.all })}
        />
      )}
    </ListPage>
  );
}

export default OrderListScreen;
