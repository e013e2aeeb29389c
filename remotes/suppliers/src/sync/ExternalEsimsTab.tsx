import { ReloadOutlined } from '@esim/ui/icons';
import { Alert, Button, Flex, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExternalStockItem } from '@esim/contracts';
import { displayValue, formatDateTime } from '@esim/utils';
import { externalEsimsQuery } from './api';

const PAGE_SIZES = [10, 20, 30, 50];

/** Supplier detail tab 'eSIMs at supplier': the eSIMs held at the supplier, paged there. */
export function ExternalEsimsTab({ supplierId }: { supplierId: string }) {
  const { t, i18n } = useTranslation('suppliers');
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const query = useQuery(externalEsimsQuery(supplierId, paging.page, paging.pageSize));
  const date = (value: string | null) =>
    value ? formatDateTime(value, i18n.language) : displayValue(null);

  const columns: TableColumnsType<ExternalStockItem> = [
    {
      key: 'iccid',
      title: t('sync.esims.columns.iccid'),
      dataIndex: 'iccid',
      render: (value: string) => <Typography.Text copyable>{value}</Typography.Text>,
    },
    {
      key: 'status',
      title: t('sync.esims.columns.status'),
      render: (_v, item) => displayValue(item.status),
    },
    {
      key: 'bundle',
      title: t('sync.esims.columns.bundle'),
      render: (_v, item) => displayValue(item.bundle),
    },
    {
      key: 'customerRef',
      title: t('sync.esims.columns.customerRef'),
      render: (_v, item) => displayValue(item.customerRef),
    },
    {
      key: 'assignedDate',
      title: t('sync.esims.columns.assignedDate'),
      render: (_v, item) => date(item.assignedDate),
    },
    {
      key: 'actionDate',
      title: t('sync.esims.columns.actionDate'),
      render: (_v, item) => date(item.actionDate),
    },
    {
      key: 'activationCode',
      title: t('sync.esims.columns.activationCode'),
      render: (_v, item) => (
        <Typography.Text code>{displayValue(item.activationCodeMasked)}</Typography.Text>
      ),
    },
  ];

  if (query.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('sync.error.title')}
        description={<span data-testid="esims-error-message">{query.error.message}</span>}
        action={
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void query.refetch()}
            loading={query.isFetching}
            autoInsertSpace={false}
          >
            {t('actions.retry')}
          </Button>
        }
        data-testid="esims-error"
      />
    );
  }

  return (
    <Flex vertical gap="middle" data-testid="supplier-external-esims">
      <Typography.Text type="secondary">{t('sync.esims.description')}</Typography.Text>
      <Table<ExternalStockItem>
        rowKey="iccid"
        size="middle"
        columns={columns}
        dataSource={query.data?.items ?? []}
        loading={query.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: query.isPending ? ' ' : t('sync.esims.empty') }}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: query.data?.total ?? 0,
          pageSizeOptions: PAGE_SIZES,
          showSizeChanger: true,
          showTotal: (total) => t('sync.esims.total', { count: total }),
          onChange: (page, pageSize) =>
            setPaging((current) => ({
              page: pageSize === current.pageSize ? page : 1,
              pageSize,
            })),
        }}
      />
    </Flex>
  );
}
