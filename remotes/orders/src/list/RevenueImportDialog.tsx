import { Modal, Table } from 'antd';
import {
  CSV_IMPORT_MAX_MB,
  REVENUE_IMPORT_COLUMNS,
  type RevenueImportResult,
  type RevenueImportRow,
} from '@esim/contracts';
import { csvUploader } from '@esim/platform';
import { CsvImportPanel, useCsvImport, type CsvImportLimits } from '@esim/ui';
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

/** All or nothing: only a dry run without row errors and with rows may be applied. */
export const canApplyRevenue = (preview: RevenueImportResult) =>
  preview.errors.length === 0 && preview.rows.length > 0;

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
  const csvImport = useCsvImport<RevenueImportResult>({
    limits: REVENUE_IMPORT_LIMITS,
    send: sendRevenue,
    canApply: canApplyRevenue,
    onApplied: async () => {
      await onApplied();
      onClose();
    },
  });
  return (
    <Modal
      open
      width={820}
      title={t('revenue.importTitle')}
      onCancel={onClose}
      okText={t('revenue.apply')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{
        disabled: !csvImport.canApply,
        loading: csvImport.phase === 'applying',
        autoInsertSpace: false,
      }}
      cancelButtonProps={{ autoInsertSpace: false }}
      onOk={() => void csvImport.apply()}
      destroyOnHidden
    >
      <CsvImportPanel
        csvImport={csvImport}
        areaNamespace="orders"
        testId="revenue-csv-file"
        help={t('revenue.importHelp', { columns: REVENUE_IMPORT_COLUMNS.join(',') })}
        errorsOf={(preview) => ({ errors: preview.errors, errorCount: preview.errorCount })}
        rowTotals={(preview) => ({ shown: preview.rows.length, total: preview.rowCount })}
        rows={(preview) => (
          <Table<RevenueImportRow & { row: number }>
            size="small"
            rowKey="row"
            dataSource={preview.rows}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            data-testid="revenue-preview"
            columns={[
              { key: 'row', title: t('revenue.rowNo'), dataIndex: 'row' },
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
          />
        )}
      />
    </Modal>
  );
}
