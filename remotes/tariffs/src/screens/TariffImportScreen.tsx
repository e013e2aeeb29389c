import { Alert, Button, Card, Flex, Skeleton, Statistic, Table, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DetailLoadFailed, DetailMissing, isMissingRecordError } from '@esim/ui';
import {
  TARIFF_IMPORT_COLUMNS,
  type TariffImportResult,
  type TariffImportRow,
} from '@esim/contracts';
import { displayValue, formatNumber } from '@esim/utils';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { importPrices, relationQuery, tariffKeys } from '../api';
import { CsvFilePicker } from '../components/CsvFilePicker';
import { RowErrors } from '../components/RowErrors';

type Row = TariffImportRow & { row: number };

/** /tariff/import/detail?code=: manual prices from CSV, dry run first, then all-or-nothing. */
export function TariffImportScreen() {
  const { t } = useTranslation(['tariffs', 'common']);
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const queryClient = useQueryClient();
  const [csv, setCsv] = useState<string>();
  const [preview, setPreview] = useState<TariffImportResult>();
  const [applied, setApplied] = useState<number>();
  const codeLookup = useQuery({ ...relationQuery(code), enabled: code !== '' });
  const check = useMutation({ mutationFn: (text: string) => importPrices(code, text, true) });
  const apply = useMutation({ mutationFn: (text: string) => importPrices(code, text, false) });

  const onFile = async ({ text }: { text: string }) => {
    setCsv(text);
    setPreview(undefined);
    setApplied(undefined);
    setPreview(await check.mutateAsync(text).catch(() => undefined));
  };
  const onApply = async () => {
    if (!csv) return;
    const result = await apply.mutateAsync(csv).catch(() => undefined);
    if (!result) return;
    setApplied(result.imported);
    setPreview(undefined);
    setCsv(undefined);
    await queryClient.invalidateQueries({ queryKey: tariffKeys.all });
  };

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
  const hasErrors = (preview?.errors.length ?? 0) > 0;

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
        <Flex vertical gap="middle">
          <Typography.Paragraph>
            {t('import.help', { columns: TARIFF_IMPORT_COLUMNS.join(',') })}
          </Typography.Paragraph>
          <CsvFilePicker
            onFile={(file) => void onFile(file)}
            disabled={check.isPending || apply.isPending}
          />
          {applied !== undefined && (
            <Alert
              type="success"
              showIcon
              data-testid="import-applied"
              title={t('import.applied', { count: applied })}
            />
          )}
          {check.isError && <Alert type="error" showIcon title={check.error.message} />}
          {preview && (
            <>
              <Flex gap="large" wrap data-testid="import-summary">
                <Statistic title={t('import.summary.total')} value={preview.summary.total} />
                <Statistic title={t('import.summary.valid')} value={preview.summary.valid} />
                <Statistic title={t('import.summary.invalid')} value={preview.summary.invalid} />
                <Statistic title={t('import.summary.changed')} value={preview.summary.changed} />
              </Flex>
              <RowErrors errors={preview.errors} />
              <Table<Row>
                size="small"
                rowKey="row"
                columns={columns}
                dataSource={preview.rows}
                pagination={{ pageSize: 50, hideOnSinglePage: true }}
              />
              <Flex justify="flex-end" gap="small">
                <Button
                  type="primary"
                  disabled={hasErrors || preview.summary.valid === 0}
                  loading={apply.isPending}
                  onClick={() => void onApply()}
                  autoInsertSpace={false}
                >
                  {t('import.apply')}
                </Button>
              </Flex>
            </>
          )}
        </Flex>
      </Card>
      <Link to="/tariff">{t('import.back')}</Link>
    </Flex>
  );
}

export default TariffImportScreen;
