import { Modal, Table } from 'antd';
import type { CsvImportResult, ExchangeRateImportRow } from '@esim/contracts';
import { CsvImportPanel, useCsvImport } from '@esim/ui';
import { useTranslation } from 'react-i18next';
import {
  EXCHANGE_RATE_IMPORT_LIMITS,
  canApplyCsvImport,
  sendExchangeRates,
} from '../import/tariffsCsvImport';
import { rateText } from './currencyOptions';
import type { RateDialogProps } from './RateDialogs';

export function ImportRatesDialog({ onClose, onSaved }: RateDialogProps) {
  const { t } = useTranslation(['tariffs', 'common']);
  const csvImport = useCsvImport<CsvImportResult<ExchangeRateImportRow>>({
    limits: EXCHANGE_RATE_IMPORT_LIMITS,
    send: sendExchangeRates,
    canApply: canApplyCsvImport,
    onApplied: async () => {
      await onSaved();
      onClose();
    },
  });
  return (
    <Modal
      open
      width={760}
      title={t('rates.import')}
      onCancel={onClose}
      okText={t('import.apply')}
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
        areaNamespace="tariffs"
        testId="rates-csv-file"
        help={t('rates.importHelp', { columns: EXCHANGE_RATE_IMPORT_LIMITS.columns.join(',') })}
        errorsOf={(preview) => ({ errors: preview.errors, errorCount: preview.errorCount })}
        rowTotals={(preview) => ({ shown: preview.rows.length, total: preview.rowCount })}
        rows={(preview) => (
          <Table<ExchangeRateImportRow & { row: number }>
            size="small"
            rowKey="row"
            dataSource={preview.rows}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            columns={[
              { key: 'row', title: t('import.rowNo'), dataIndex: 'row' },
              { key: 'currency', title: t('common:fields.currency'), dataIndex: 'currency' },
              {
                key: 'rate',
                title: t('common:fields.exchangeRate'),
                align: 'right',
                render: (_, r) => rateText(r.rate),
              },
              {
                key: 'effectiveDate',
                title: t('common:fields.effectiveDate'),
                dataIndex: 'effectiveDate',
              },
            ]}
          />
        )}
      />
    </Modal>
  );
}
