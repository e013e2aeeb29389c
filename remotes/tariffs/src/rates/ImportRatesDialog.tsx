import type { ExchangeRateImportRow } from '@esim/contracts';
import { CsvImportDialog } from '@esim/ui';
import { useTranslation } from 'react-i18next';
import { EXCHANGE_RATE_IMPORT_LIMITS, sendExchangeRates } from '../import/tariffsCsvImport';
import { rateText } from './currencyOptions';
import type { RateDialogProps } from './RateDialogs';

export function ImportRatesDialog({ onClose, onSaved }: RateDialogProps) {
  const { t } = useTranslation(['tariffs', 'common']);
  return (
    <CsvImportDialog<ExchangeRateImportRow>
      title={t('rates.import')}
      applyText={t('import.apply')}
      limits={EXCHANGE_RATE_IMPORT_LIMITS}
      send={sendExchangeRates}
      areaNamespace="tariffs"
      testId="rates-csv-file"
      width={760}
      help={t('rates.importHelp', { columns: EXCHANGE_RATE_IMPORT_LIMITS.columns.join(',') })}
      rowNoTitle={t('import.rowNo')}
      columns={[
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
      onClose={onClose}
      onApplied={onSaved}
    />
  );
}
