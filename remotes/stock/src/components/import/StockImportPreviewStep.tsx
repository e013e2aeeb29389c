import { FileTextOutlined } from '@esim/ui/icons';
import { Alert, Flex, Statistic, Typography } from 'antd';
import type { StockImportResult } from '@esim/contracts';
import { CsvImportErrors, ImportApplyError } from '@esim/ui';
import { useTranslation } from 'react-i18next';
import { counted } from '../../counted';

/** The dry run: totals, expired rows, row errors, and whether it can be imported. */
export function StockImportPreviewStep({
  preview,
  productLabel,
  applyError,
}: {
  preview: StockImportResult;
  productLabel: string | undefined;
  applyError: string | undefined;
}) {
  const { t } = useTranslation('stock');
  return (
    <Flex vertical gap="middle">
      <Typography.Text>
        <FileTextOutlined /> <Typography.Text strong>{preview.fileName}</Typography.Text> ·{' '}
        {productLabel}
      </Typography.Text>
      <Flex gap="large" wrap data-testid="import-summary">
        <Statistic
          title={t('import.summary.total')}
          value={preview.totalRows}
          data-testid="summary-total"
        />
        <Statistic
          title={t('import.summary.valid')}
          value={preview.validRows}
          data-testid="summary-valid"
          styles={{ content: { color: preview.validRows > 0 ? '#389e0d' : undefined } }}
        />
        <Statistic
          title={t('import.summary.expired')}
          value={preview.expiredRows}
          data-testid="summary-expired"
        />
        <Statistic
          title={t('import.summary.errors')}
          value={preview.errorRows}
          data-testid="summary-errors"
          styles={{ content: { color: preview.errorRows > 0 ? '#cf1322' : undefined } }}
        />
      </Flex>
      {preview.allExpired && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          data-testid="import-all-expired"
          title={t('import.allExpired')}
        />
      )}
      {preview.expiredRows > 0 && !preview.allExpired && (
        <Alert
          type="info"
          showIcon
          title={t('import.expiredSkipped', counted(preview.expiredRows))}
        />
      )}
      <CsvImportErrors
        errors={preview.errors}
        errorCount={preview.errorCount}
        areaNamespace="stock"
      />
      {preview.errorCount === 0 && !preview.allExpired && (
        <Alert
          type="success"
          showIcon
          data-testid="import-ready"
          title={t('import.ready', counted(preview.validRows))}
        />
      )}
      <ImportApplyError message={applyError} />
    </Flex>
  );
}
