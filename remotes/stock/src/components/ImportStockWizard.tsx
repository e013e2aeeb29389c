import { Button, Drawer, Flex, Result, Steps, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { type StockImportResult } from '@esim/contracts';
import { confirm, CsvFilePicker, ImportJobProgress, toast, useCsvImport } from '@esim/ui';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { stockKeys } from '../api';
import { counted } from '../counted';
import {
  STOCK_IMPORT_LIMITS,
  applyCheckedStockImport,
  canApplyStockImport,
  sendStockCsv,
  stockApplyErrorText,
  stockImportJobs,
} from './import/stockCsvImport';
import { StockImportPreviewStep } from './import/StockImportPreviewStep';
import { StockImportProductStep, type ChosenProduct } from './import/StockImportProductStep';

const STEP_PRODUCT = 0;
const STEP_FILE = 1;
const STEP_PREVIEW = 2;
const STEP_IMPORT = 3;

export interface ImportStockWizardProps {
  onClose: () => void;
  /** Starts with this product chosen (the product's detail screen). */
  product?: { id: string; label: string };
}

/**
 * Stock CSV import (stock/csv): choose the product, upload a file, read the dry run (totals,
 * expired rows, row errors), then apply it as one transaction, or follow a background job for a
 * large file. Nothing is imported until Apply; a file with errors cannot be applied.
 */
export function ImportStockWizard({ onClose, product }: ImportStockWizardProps) {
  const { t } = useTranslation(['stock', 'validation', 'common']);
  const queryClient = useQueryClient();
  const [choosingProduct, setChoosingProduct] = useState(!product);
  const [chosen, setChosen] = useState<ChosenProduct | undefined>(product);
  const productId = chosen?.id;
  const send = useMemo(() => sendStockCsv(productId ?? ''), [productId]);

  const csvImport = useCsvImport<StockImportResult>({
    limits: STOCK_IMPORT_LIMITS,
    send,
    canApply: canApplyStockImport,
    applyChecked: applyCheckedStockImport,
    jobs: stockImportJobs,
    applyErrorText: (error) => stockApplyErrorText(t, error),
    onApplied: async (_result, { background }) => {
      toast.success(t('import.done'));
      await queryClient.invalidateQueries({ queryKey: stockKeys.all });
      if (!background) onClose();
    },
  });
  const { phase, preview } = csvImport;

  const step = choosingProduct
    ? STEP_PRODUCT
    : phase === 'preview' || phase === 'applying'
      ? STEP_PREVIEW
      : phase === 'running' || phase === 'done' || phase === 'failed'
        ? STEP_IMPORT
        : STEP_FILE;
  const finished = phase === 'done';
  const dirty =
    !finished && (csvImport.file !== undefined || (productId !== undefined && !product));

  const close = async () => {
    if (phase === 'applying') return;
    if (phase === 'running') {
      const leave = await confirm({
        title: t('import.leaveJob.title'),
        description: t('import.leaveJob.description'),
        confirmText: t('import.leaveJob.confirm'),
        danger: false,
      });
      if (leave) onClose();
      return;
    }
    if (dirty) {
      const discard = await confirm({
        title: t('import.discard.title'),
        description: t('import.discard.description'),
        confirmText: t('import.discard.confirm'),
      });
      if (!discard) return;
    }
    onClose();
  };

  // A disabled button says why, not a count it will not import.
  const applyLabel = csvImport.canApply
    ? t('import.apply', counted(preview?.validRows ?? 0))
    : preview && preview.errorRows > 0
      ? t('import.fixRows', counted(preview.errorRows))
      : t('import.nothingToImport');

  const fileStep = (
    <Flex vertical gap="middle">
      <Typography.Text>
        {t('import.productChosen')} <Typography.Text strong>{chosen?.label}</Typography.Text>
      </Typography.Text>
      <div data-testid="stock-import-file">
        <CsvFilePicker {...csvImport.picker} testId="file" />
      </div>
      <Typography.Text type="secondary">
        {t('import.columnsHelp', { columns: STOCK_IMPORT_LIMITS.columns.join(',') })}
      </Typography.Text>
      <Typography.Text type="secondary" data-testid="import-iccid-help">
        {t('import.iccidHelp')}
      </Typography.Text>
    </Flex>
  );

  const importedCount = csvImport.result?.imported ?? csvImport.job?.progress.done ?? 0;
  const importStep = (
    <ImportJobProgress
      job={csvImport.job}
      unreadable={csvImport.jobUnreadable}
      expectedTotal={preview?.validRows ?? 0}
      done={
        <Result
          status="success"
          title={t('import.done')}
          subTitle={t('import.importedCount', counted(importedCount))}
          data-testid="import-finished"
        />
      }
    />
  );

  const footer = (
    <Flex justify="space-between" gap="small" wrap>
      <Button onClick={() => void close()} disabled={phase === 'applying'} autoInsertSpace={false}>
        {finished || phase === 'failed' ? t('common:actions.ok') : t('common:actions.cancel')}
      </Button>
      <Flex gap="small">
        {step === STEP_FILE && (
          <Button onClick={() => setChoosingProduct(true)} autoInsertSpace={false}>
            {t('import.back')}
          </Button>
        )}
        {step === STEP_PRODUCT && (
          <Button
            type="primary"
            disabled={!productId}
            onClick={() => setChoosingProduct(false)}
            autoInsertSpace={false}
          >
            {t('import.next')}
          </Button>
        )}
        {step === STEP_PREVIEW && (
          <>
            <Button
              onClick={csvImport.reset}
              disabled={phase === 'applying'}
              autoInsertSpace={false}
            >
              {t('import.chooseAnother')}
            </Button>
            <Button
              type="primary"
              disabled={!csvImport.canApply}
              loading={phase === 'applying'}
              onClick={() => void csvImport.apply()}
              autoInsertSpace={false}
              data-testid="import-apply"
            >
              {applyLabel}
            </Button>
          </>
        )}
        {step === STEP_IMPORT && phase === 'failed' && (
          <Button type="primary" onClick={csvImport.reset} autoInsertSpace={false}>
            {t('import.chooseAnother')}
          </Button>
        )}
      </Flex>
    </Flex>
  );

  return (
    <Drawer
      open
      title={t('import.title')}
      size="large"
      onClose={() => void close()}
      footer={footer}
      maskClosable={false}
      destroyOnHidden
      data-testid="stock-import"
    >
      <Flex vertical gap="large" data-testid="stock-import-wizard">
        <Steps
          size="small"
          current={step}
          items={[
            { title: t('import.steps.product') },
            { title: t('import.steps.file') },
            { title: t('import.steps.preview') },
            { title: t('import.steps.import') },
          ]}
        />
        {step === STEP_PRODUCT && (
          <StockImportProductStep
            chosen={chosen}
            onChoose={(next) => {
              setChosen(next);
              csvImport.reset();
            }}
          />
        )}
        {step === STEP_FILE && fileStep}
        {step === STEP_PREVIEW && preview && (
          <StockImportPreviewStep
            preview={preview}
            productLabel={chosen?.label}
            applyError={csvImport.applyError}
          />
        )}
        {step === STEP_IMPORT && importStep}
      </Flex>
    </Drawer>
  );
}
