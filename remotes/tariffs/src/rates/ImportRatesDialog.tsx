import { Alert, Flex, Modal, Table, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import {
  EXCHANGE_RATE_CSV_COLUMNS,
  type CsvImportResult,
  type ExchangeRateImportRow,
} from '@esim/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { importRates } from '../api';
import { CsvFilePicker } from '../components/CsvFilePicker';
import { RowErrors } from '../components/RowErrors';
import { rateText } from './currencyOptions';
import type { RateDialogProps } from './RateDialogs';

export function ImportRatesDialog({ onClose, onSaved }: RateDialogProps) {
  const { t } = useTranslation(['tariffs', 'common']);
  const [csv, setCsv] = useState<string>();
  const [preview, setPreview] = useState<CsvImportResult<ExchangeRateImportRow>>();
  const check = useMutation({ mutationFn: (text: string) => importRates(text, true) });
  const apply = useMutation({ mutationFn: (text: string) => importRates(text, false) });
  const hasErrors = (preview?.errors.length ?? 0) > 0;
  return (
    <Modal
      open
      width={760}
      title={t('rates.import')}
      onCancel={onClose}
      okText={t('import.apply')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{
        disabled: !preview || hasErrors || preview.rows.length === 0,
        loading: apply.isPending,
        autoInsertSpace: false,
      }}
      cancelButtonProps={{ autoInsertSpace: false }}
      onOk={async () => {
        if (!csv) return;
        const result = await apply.mutateAsync(csv).catch(() => undefined);
        if (!result) return;
        await onSaved();
        onClose();
      }}
      destroyOnHidden
    >
      <Flex vertical gap="middle">
        <Typography.Paragraph>
          {t('rates.importHelp', { columns: EXCHANGE_RATE_CSV_COLUMNS.join(',') })}
        </Typography.Paragraph>
        <CsvFilePicker
          testId="rates-csv-file"
          onFile={async ({ text }) => {
            setCsv(text);
            setPreview(await check.mutateAsync(text).catch(() => undefined));
          }}
        />
        {check.isError && <Alert type="error" showIcon title={check.error.message} />}
        {preview && (
          <>
            <RowErrors errors={preview.errors} />
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
          </>
        )}
      </Flex>
    </Modal>
  );
}
