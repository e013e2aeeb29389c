import { Alert, Button, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  CAMPAIGN_CODE_STATUSES,
  type CampaignCodeStatus,
  type CampaignGenerateResult,
  type CampaignVoucherCode,
} from '@esim/contracts';
import {
  DataTable,
  ListSection,
  OptionSelect,
  initialTableState,
  useExport,
  type DataTableColumn,
  type DataTableState,
} from '@esim/ui';
import { ALL_VALUE, displayValue } from '@esim/utils';
import { PlusOutlined } from '@esim/ui/icons';
import { campaignCodesQuery, exportCampaignCodes } from '../api';
import { useCampaignFormat } from '../format';
import { orderDetailPath } from '../paths';
import { GenerateCodesDialog } from './GenerateCodesDialog';

export interface VoucherCodesTabProps {
  campaignId: string;
  /** The user may generate codes (POST on campaigns). */
  canGenerate: boolean;
}

/** The campaign's generated single-use codes, by status; generate more; export them. */
export function VoucherCodesTab({ campaignId, canGenerate }: VoucherCodesTabProps) {
  const { t } = useTranslation('campaigns');
  const format = useCampaignFormat();
  const [table, setTable] = useState<DataTableState>(() => initialTableState(null, 20));
  const [status, setStatus] = useState<CampaignCodeStatus | undefined>();
  const [generating, setGenerating] = useState(false);
  const [generated, setGenerated] = useState<CampaignGenerateResult | null>(null);
  const result = useQuery(
    campaignCodesQuery({
      id: campaignId,
      page: table.page,
      pageSize: table.pageSize,
      ...(status ? { status } : {}),
    }),
  );
  const { exporting, runExport } = useExport(
    useCallback(() => exportCampaignCodes(campaignId), [campaignId]),
    t('codes.exportSuccess'),
  );

  const columns: DataTableColumn<CampaignVoucherCode>[] = [
    {
      key: 'code',
      title: t('fields.code'),
      render: (_, row) => <span data-testid="voucher-code">{row.code}</span>,
    },
    {
      key: 'status',
      title: t('fields.status'),
      render: (_, row) => (
        <Tag color={row.status === 'used' ? 'blue' : 'default'}>
          {t(`codeStatus.${row.status}`)}
        </Tag>
      ),
    },
    { key: 'usedAt', title: t('codes.usedAt'), render: (_, row) => format.dateTime(row.usedAt) },
    {
      key: 'orderNo',
      title: t('fields.orderNo'),
      render: (_, row) =>
        row.orderId ? (
          <Link to={orderDetailPath(row.orderId)}>{row.orderNo}</Link>
        ) : (
          displayValue(null)
        ),
    },
    {
      key: 'createdDate',
      title: t('fields.createdDate'),
      render: (_, row) => format.dateTime(row.createdDate),
    },
  ];

  return (
    <ListSection
      testId="voucher-codes"
      exportAction={{ label: t('codes.export'), exporting, run: () => void runExport() }}
      headerExtra={
        canGenerate ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setGenerating(true)}
            autoInsertSpace={false}
            data-testid="generate-codes"
          >
            {t('codes.generate')}
          </Button>
        ) : undefined
      }
      filters={
        <OptionSelect
          aria-label={t('fields.status')}
          data-testid="filter-code-status"
          includeAll
          allLabel={t('list.allStatuses')}
          options={CAMPAIGN_CODE_STATUSES.map((value) => ({
            value,
            label: t(`codeStatus.${value}`),
          }))}
          value={status ?? ALL_VALUE}
          onChange={(value: unknown) => {
            setStatus(value === ALL_VALUE ? undefined : (value as CampaignCodeStatus));
            setTable((current) => ({ ...current, page: 1 }));
          }}
          style={{ minWidth: 160 }}
        />
      }
    >
      {generated && (
        <Alert
          type="success"
          showIcon
          closable={{ onClose: () => setGenerated(null) }}
          title={t('codes.generated', { count: generated.count })}
          description={t('codes.generatedQuantity', { count: generated.useQuantity })}
          data-testid="generate-result"
        />
      )}
      <DataTable<CampaignVoucherCode>
        columns={columns}
        rows={result.data?.items ?? []}
        total={result.data?.total ?? 0}
        state={table}
        onChange={setTable}
        rowKey="id"
        loading={result.isFetching}
        error={result.isError ? result.error : undefined}
        onRetry={() => void result.refetch()}
        emptyText={status ? t('codes.emptyFiltered') : t('codes.empty')}
        size="small"
      />
      {generating && (
        <GenerateCodesDialog
          campaignId={campaignId}
          onClose={() => setGenerating(false)}
          onGenerated={setGenerated}
        />
      )}
    </ListSection>
  );
}
