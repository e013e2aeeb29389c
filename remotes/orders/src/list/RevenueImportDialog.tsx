import {
  CSV_IMPORT_MAX_MB,
  REVENUE_IMPORT_COLUMNS,
  type RevenueImportResult,
  type RevenueImportRow,
} from '@esim/contracts';
import { csvUploader } from '@esim/platform';
import { CsvImportDialog, type CsvImportLimits } from '@esim/ui';
import { useTranslation } from 'react-i18next';
import { yen } from '../format';

export const REVENUE_IMPORT_LIMITS: CsvImportLimits = {
  extensions: ['.csv'],
  maxMb: CSV_IMPORT_MAX_MB,
  columns: REVENUE_IMPORT_COLUMNS,
};

/** POST order/revenue/import { csv, dryRun }: payment entries by order no. */
const sendRevenue = csvUploader<RevenueImportResult>({
  path: 'order/revenue/import',
  sendAs: 'text',
  notifyApplied: true,
});

/**
 * Revenue import: a CSV of payment entries (order no, amount, date, method, reference) checked
 * by a dry run first, applied only when every row is clean.
 */
export function RevenueImportDialog({
  onClose,
  onApplied,
}: {
  onClose: () => void;
  onApplied: () => Promise<void>;
}) {
  const { t } = useTranslation(['orders', 'common']);
  return (
    <CsvImportDialog<RevenueImportRow>
      title={t('revenue.importTitle')}
      applyText={t('revenue.apply')}
      limits={REVENUE_IMPORT_LIMITS}
      send={sendRevenue}
      areaNamespace="orders"
      testId="revenue-csv-file"
      previewTestId="revenue-preview"
      width={820}
      help={t('revenue.importHelp', { columns: REVENUE_IMPORT_COLUMNS.join(',') })}
      rowNoTitle={t('revenue.rowNo')}
      columns={[
        { key: 'orderNo', title: t('common:fields.orderNo'), dataIndex: 'orderNo' },
        {
          key: 'amount',
          title: t('common:fields.amount'),
          align: 'right',
          render: (_, row) => yen(row.amount),
        },
        { key: 'paidOn', title: t('common:fields.paidOn'), dataIndex: 'paidOn' },
        { key: 'method', title: t('common:fields.paymentMethod'), dataIndex: 'method' },
        {
          key: 'reference',
          title: t('common:fields.reference'),
          render: (_, row) => row.reference ?? '',
        },
      ]}
      onClose={onClose}
      onApplied={onApplied}
    />
  );
}
