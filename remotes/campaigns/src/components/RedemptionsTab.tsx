import { Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { RESOURCES, type CampaignRedemption } from '@esim/contracts';
import { usePermission } from '@esim/platform';
import { DataTable, initialTableState, type DataTableColumn, type DataTableState } from '@esim/ui';
import { campaignRedemptionsQuery } from '../api';
import { useCampaignFormat } from '../format';
import { orderDetailPath } from '../paths';

/** The orders that used the campaign: order no (to the order), code, discount, date, partner. */
export function RedemptionsTab({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation('campaigns');
  const format = useCampaignFormat();
  const canSeeOrders = usePermission(RESOURCES.orders, 'GET');
  const [table, setTable] = useState<DataTableState>(() => initialTableState(null, 20));
  const result = useQuery(
    campaignRedemptionsQuery({ id: campaignId, page: table.page, pageSize: table.pageSize }),
  );

  const columns: DataTableColumn<CampaignRedemption>[] = [
    {
      key: 'orderNo',
      title: t('fields.orderNo'),
      render: (_, row) =>
        canSeeOrders ? (
          <Link to={orderDetailPath(row.orderId)} data-testid="redemption-order">
            {row.orderNo}
          </Link>
        ) : (
          row.orderNo
        ),
    },
    { key: 'code', title: t('fields.code'), dataIndex: 'code' },
    {
      key: 'discount',
      title: t('fields.discount'),
      align: 'right',
      render: (_, row) => format.yen(row.discount),
    },
    {
      key: 'redeemedAt',
      title: t('redemptions.redeemedAt'),
      render: (_, row) => (
        <>
          {format.dateTime(row.redeemedAt)}{' '}
          {row.releasedAt && (
            <Tag title={format.dateTime(row.releasedAt)} data-testid="redemption-released">
              {t('redemptions.released')}
            </Tag>
          )}
        </>
      ),
    },
    { key: 'partnerName', title: t('fields.partner'), dataIndex: 'partnerName' },
  ];

  return (
    <div data-testid="redemptions">
      <DataTable<CampaignRedemption>
        columns={columns}
        rows={result.data?.items ?? []}
        total={result.data?.total ?? 0}
        state={table}
        onChange={setTable}
        rowKey="id"
        loading={result.isFetching}
        error={result.isError ? result.error : undefined}
        onRetry={() => void result.refetch()}
        emptyText={t('redemptions.empty')}
        size="small"
      />
    </div>
  );
}
