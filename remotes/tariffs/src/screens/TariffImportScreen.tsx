import { Alert, Card, Flex, Skeleton, Statistic, Table, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CsvImportPanel,
  DetailLoadFailed,
  DetailMissing,
  isMissingRecordError,
  useCsvImport,
} from '@esim/ui';
import type { TariffImportResult, TariffImportRow } from '@esim/contracts';
import { displayValue, formatNumber } from '@esim/utils';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { relationQuery, tariffKeys } from '../api';
import { TARIFF_IMPORT_LIMITS, sendTariffPrices } from '../import/tariffsCsvImport';

type Row = TariffImportRow & { row: number };

/** All or nothing: a dry run without row errors and with valid rows. */
const canApplyPrices = (preview: TariffImportResult) =>
  preview.errors.length === 0 && preview.summary.valid > 0;

/** /tariff/import/detail?code=: manual prices from CSV, dry run first, then all-or-nothing. */
export function TariffImportScreen() {
  const { t } = useTranslation(['tariffs', 'common']);
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const queryClient = useQueryClient();
  const codeLookup = useQuery({ ...relationQuery(code), enabled: code !== '' });
  const send = useMemo(() => sendTariffPrices(code), [code]);
  const csvImport = useCsvImport<TariffImportResult>({
    limits: TARIFF_IMPORT_LIMITS,
    send,
    canApply: canApplyPrices,
    onApplied: () => queryClient.invalidateQueries({ queryKey: tariffKeys.all }),
  });

  const columns = [
    { key: 'row', title: t('import.rowNo'), dataIndex: 'row' },
    { key: 'productCode', title: t('common:fields.productCode'), dataIndex: 'productCode' },
    {
      key: 'productName',
      title: t('common:fields.name'),
      render: (_: unknown, r: Row) => displayValue(r.productName),
    },
    {
      key: 'costJpy',
      title: t('common:fields.costJpy'),
      align: 'right' as const,
      render: (_: unknown, r: Row) => displayValue(formatNumber(r.costJpy) || null),
    },
    {
      key: 'currentPrice',
      title: t('import.currentPrice'),
      align: 'right' as const,
      render: (_: unknown, r: Row) => displayValue(formatNumber(r.currentPrice) || null),
    },
    {
      key: 'sellingPriceJpy',
      title: t('common:fields.sellingPriceJpy'),
      align: 'right' as const,
      render: (_: unknown, r: Row) => displayValue(formatNumber(r.sellingPriceJpy) || null),
    },
    {
      key: 'action',
      title: t('import.action'),
      render: (_: unknown, r: Row) => (
        <Tag color={r.action === 'error' ? 'red' : r.action === 'set' ? 'blue' : 'default'}>
          {t(`import.actions.${r.action}`)}
        </Tag>
      ),
    },
  ];

  const missing = code === '' || (codeLookup.isError && isMissingRecordError(codeLookup.error));
  if (missing || codeLookup.isError)
    return (
      <div data-testid="area-screen" data-screen="tariff-import-missing">
        {missing ? (
          <DetailMissing
            name={t('entity.code')}
            id={code}
            backTo="/tariff"
            backLabel={t('import.back')}
          />
        ) : (
          <DetailLoadFailed
            name={t('entity.code')}
            onRetry={() => void codeLookup.refetch()}
            backTo="/tariff"
            backLabel={t('import.back')}
          />
        )}
      </div>
    );
  if (codeLookup.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;

  return (
    <Flex vertical gap="large" data-testid="area-screen" data-screen="tariff-import">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('import.title', { code })}
      </Typography.Title>
      <Card>
        <CsvImportPanel
          csvImport={csvImport}
          areaNamespace="tariffs"
          help={t('import.help', { columns: TARIFF_IMPORT_LIMITS.columns.join(',') })}
          errorsOf={(preview) => ({ errors: preview.errors, errorCount: preview.errorCount })}
          rowTotals={(preview) => ({ shown: preview.rows.length, total: preview.rowCount })}
          summary={(preview) => (
            <Flex gap="large" wrap data-testid="import-summary">
              <Statistic title={t('import.summary.total')} value={preview.summary.total} />
              <Statistic title={t('import.summary.valid')} value={preview.summary.valid} />
              <Statistic title={t('import.summary.invalid')} value={preview.summary.invalid} />
              <Statistic title={t('import.summary.changed')} value={preview.summary.changed} />
            </Flex>
          )}
          rows={(preview) => (
            <Table<Row>
              size="small"
              rowKey="row"
              columns={columns}
              dataSource={preview.rows}
              pagination={{ pageSize: 50, hideOnSinglePage: true }}
            />
          )}
          applyLabel={t('import.apply')}
          done={(result) => (
            <Alert
              type="success"
              showIcon
              data-testid="import-applied"
              title={t('import.applied', { count: result.imported })}
            />
          )}
        />
      </Card>
      <Link to="/tariff">{t('import.back')}</Link>
    </Flex>
  );
}

export default TariffImportScreen;
