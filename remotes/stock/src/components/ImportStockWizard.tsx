import { FileTextOutlined, InboxOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Drawer,
  Flex,
  Progress,
  Result,
  Select,
  Statistic,
  Steps,
  Typography,
  Upload,
} from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  STOCK_IMPORT_COLUMNS,
  STOCK_IMPORT_EXTENSIONS,
  STOCK_IMPORT_MAX_MB,
  STOCK_API_MESSAGES,
  encodeMessage,
  type StockImportResult,
} from '@esim/contracts';
import { isApiError } from '@esim/platform';
import { confirm, toast, translateValidationMessage, ImportRowErrors } from '@esim/ui';
import {
  formatExtensionList,
  formatNumber,
  hasAllowedExtension,
  isWithinSizeLimit,
} from '@esim/utils';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { counted } from '../counted';
import { importJobQuery, importStockCsv, stockKeys, stockProductOptionsQuery } from '../api';

const STEP_PRODUCT = 0;
const STEP_FILE = 1;
const STEP_PREVIEW = 2;
const STEP_IMPORT = 3;

export interface ImportStockWizardProps {
  onClose: () => void;
  /** Starts with this product chosen (the product's detail screen). */
  product?: { id: string; label: string };
}

/** Waits `ms` after the last change of `value`. */
function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * Stock CSV import (stock/csv): choose the product, upload a file, read the dry run (totals,
 * expired rows, row errors), then apply it as one transaction, or follow a background job for a
 * large file. Nothing is imported until Apply; a file with errors cannot be applied.
 */
export function ImportStockWizard({ onClose, product }: ImportStockWizardProps) {
  const { t } = useTranslation(['stock', 'validation', 'common']);
  const queryClient = useQueryClient();
  const [step, setStep] = useState(product ? STEP_FILE : STEP_PRODUCT);
  const [productId, setProductId] = useState<string | undefined>(product?.id);
  const [productLabel, setProductLabel] = useState<string | undefined>(product?.label);
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebounced(search.trim(), 300);
  const [file, setFile] = useState<File>();
  const [fileError, setFileError] = useState<string>();
  const [preview, setPreview] = useState<StockImportResult>();
  const [applyError, setApplyError] = useState<string>();
  const [jobId, setJobId] = useState<string>();
  const [imported, setImported] = useState<number>();
  const abort = useRef<AbortController | null>(null);

  const products = useQuery({
    ...stockProductOptionsQuery(debouncedSearch),
    enabled: step === STEP_PRODUCT,
  });
  const productOptions = (products.data?.items ?? []).map((item) => ({
    value: item.productId,
    label: `${item.productName} (${item.productCode}) · ${item.supplierName}`,
  }));
  if (productId && productLabel && !productOptions.some((item) => item.value === productId)) {
    productOptions.unshift({ value: productId, label: productLabel });
  }

  const dryRun = useMutation({
    mutationFn: ({ id, chosen }: { id: string; chosen: File }) => {
      abort.current?.abort();
      abort.current = new AbortController();
      return importStockCsv(id, chosen, chosen.name, true, abort.current.signal);
    },
  });
  const apply = useMutation({
    mutationFn: ({ id, chosen }: { id: string; chosen: File }) =>
      importStockCsv(id, chosen, chosen.name, false),
  });
  const job = useQuery({ ...importJobQuery(jobId ?? ''), enabled: jobId !== undefined });
  const jobStatus = job.data?.status;

  useEffect(() => () => abort.current?.abort(), []);

  // A background import ended: say so once and refresh the counts.
  const announced = useRef<string | null>(null);
  useEffect(() => {
    if (!jobId || announced.current === jobId || jobStatus !== 'succeeded') return;
    announced.current = jobId;
    toast.success(t('import.done'));
    void queryClient.invalidateQueries({ queryKey: stockKeys.all });
  }, [jobId, jobStatus, queryClient, t]);

  const jobImported =
    jobStatus === 'succeeded'
      ? (job.data?.result?.imported ?? job.data?.progress.done ?? 0)
      : undefined;
  const importedCount = imported ?? jobImported;
  const finished = importedCount !== undefined;
  const jobRunning = jobId !== undefined && jobStatus !== 'succeeded' && jobStatus !== 'failed';
  const dirty = !finished && (file !== undefined || (productId !== undefined && !product));

  const close = async () => {
    if (apply.isPending) return;
    if (jobRunning) {
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

  const checkFile = (chosen: File): string | undefined => {
    const extensions = STOCK_IMPORT_EXTENSIONS.map((extension) => extension.replace(/^\./, ''));
    if (!hasAllowedExtension(chosen.name, extensions))
      return encodeMessage('fileExtension', { extensions: formatExtensionList(extensions) });
    if (!isWithinSizeLimit(chosen.size, STOCK_IMPORT_MAX_MB))
      return encodeMessage('fileTooLarge', { limit: STOCK_IMPORT_MAX_MB });
    if (chosen.size === 0) return encodeMessage('fileEmpty');
    return undefined;
  };

  const onFile = async (chosen: File) => {
    setFileError(undefined);
    setApplyError(undefined);
    setPreview(undefined);
    const problem = checkFile(chosen);
    if (problem) {
      setFile(undefined);
      setFileError(translateValidationMessage(t, problem));
      return;
    }
    if (!productId) return;
    setFile(chosen);
    try {
      const result = await dryRun.mutateAsync({ id: productId, chosen });
      setPreview(result);
      setStep(STEP_PREVIEW);
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') return;
      setFileError(
        // The client translated the API's answer from its key (File is empty, columns, size).
        isApiError(error) ? error.message : t('common:errors.default'),
      );
    }
  };

  const onApply = async () => {
    if (!productId || !file) return;
    setApplyError(undefined);
    try {
      const result = await apply.mutateAsync({ id: productId, chosen: file });
      setStep(STEP_IMPORT);
      if (result.jobId) {
        setJobId(result.jobId);
        return;
      }
      setImported(result.imported);
      toast.success(t('import.done'));
      await queryClient.invalidateQueries({ queryKey: stockKeys.all });
      onClose();
    } catch (error) {
      if (!isApiError(error)) setApplyError(t('common:errors.default'));
      else if (error.key === STOCK_API_MESSAGES.allExpired.key)
        setApplyError(t('import.allExpired'));
      else if (error.key === STOCK_API_MESSAGES.notStockProduct.key)
        setApplyError(t('import.productHelp'));
      else setApplyError(error.message);
    }
  };

  const chooseAnotherFile = () => {
    setFile(undefined);
    setPreview(undefined);
    setApplyError(undefined);
    setFileError(undefined);
    setJobId(undefined);
    setStep(STEP_FILE);
  };

  const canApply =
    preview !== undefined &&
    preview.errorCount === 0 &&
    !preview.allExpired &&
    preview.validRows > 0;
  // A disabled button says why, not a count it will not import.
  const applyLabel = canApply
    ? t('import.apply', counted(preview.validRows))
    : preview && preview.errorRows > 0
      ? t('import.fixRows', counted(preview.errorRows))
      : t('import.nothingToImport');

  const productStep = (
    <Flex vertical gap="small">
      <label htmlFor="stock-import-product">
        <Typography.Text strong>{t('common:fields.productId')}</Typography.Text>
      </label>
      <Select
        id="stock-import-product"
        data-testid="stock-import-product"
        showSearch={{ filterOption: false, onSearch: setSearch }}
        placeholder={t('import.productPlaceholder')}
        value={productId}
        options={productOptions}
        loading={products.isFetching}
        notFoundContent={products.isFetching ? t('common:loading') : t('import.noProducts')}
        onChange={(value: string, option) => {
          setProductId(value);
          const chosen = Array.isArray(option) ? option[0] : option;
          setProductLabel(typeof chosen?.label === 'string' ? chosen.label : undefined);
        }}
        style={{ width: '100%' }}
        autoFocus
      />
      <Typography.Text type="secondary">{t('import.productHelp')}</Typography.Text>
    </Flex>
  );

  const fileStep = (
    <Flex vertical gap="middle">
      <Typography.Text>
        {t('import.productChosen')} <Typography.Text strong>{productLabel}</Typography.Text>
      </Typography.Text>
      <div data-testid="stock-import-file">
        <Upload.Dragger
          accept=".csv,text/csv"
          multiple={false}
          showUploadList={false}
          disabled={dryRun.isPending}
          beforeUpload={(chosen) => {
            void onFile(chosen);
            return Upload.LIST_IGNORE;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('import.dropText')}</p>
          <p className="ant-upload-hint">
            {t('import.dropHint', {
              extensions: formatExtensionList(STOCK_IMPORT_EXTENSIONS),
              limit: STOCK_IMPORT_MAX_MB,
            })}
          </p>
        </Upload.Dragger>
      </div>
      <Typography.Text type="secondary">
        {t('import.columnsHelp', { columns: STOCK_IMPORT_COLUMNS.join(',') })}
      </Typography.Text>
      <Typography.Text type="secondary" data-testid="import-iccid-help">
        {t('import.iccidHelp')}
      </Typography.Text>
      {dryRun.isPending && (
        <Alert type="info" showIcon title={t('import.checking', { file: file?.name ?? '' })} />
      )}
      {fileError && (
        <Alert type="error" showIcon role="alert" data-testid="file-error" title={fileError} />
      )}
    </Flex>
  );

  const previewStep = preview && (
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
      {preview.errorCount > 0 && (
        <Alert
          type="error"
          showIcon
          data-testid="import-has-errors"
          title={t('import.hasErrors', counted(preview.errorCount))}
        />
      )}
      <ImportRowErrors
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
      {applyError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          data-testid="import-apply-error"
          title={t('import.applyFailed')}
          description={applyError}
        />
      )}
    </Flex>
  );

  const progress = job.data?.progress;
  const percent =
    progress && progress.total > 0 ? Math.floor((progress.done / progress.total) * 100) : 0;
  const importStep = (
    <Flex vertical gap="middle" data-testid="import-progress">
      {jobStatus === 'failed' ? (
        <Result
          status="error"
          title={t('import.jobFailed')}
          subTitle={
            <span data-testid="import-job-error">
              {job.data?.error ?? t('common:errors.default')} {t('import.nothingImported')}
            </span>
          }
        />
      ) : finished ? (
        <Result
          status="success"
          title={t('import.done')}
          subTitle={t('import.importedCount', counted(importedCount ?? 0))}
          data-testid="import-finished"
        />
      ) : (
        <>
          <Typography.Text>
            {t('import.running', {
              done: formatNumber(progress?.done ?? 0),
              total: formatNumber(progress?.total ?? preview?.validRows ?? 0),
            })}
          </Typography.Text>
          <Progress
            percent={percent}
            status={job.isError ? 'exception' : 'active'}
            aria-label={t('import.progressLabel')}
          />
          {job.isError && <Alert type="warning" showIcon title={t('import.jobUnknown')} />}
          <Typography.Text type="secondary">{t('import.runningHelp')}</Typography.Text>
        </>
      )}
    </Flex>
  );

  const footer = (
    <Flex justify="space-between" gap="small" wrap>
      <Button onClick={() => void close()} disabled={apply.isPending} autoInsertSpace={false}>
        {finished || jobStatus === 'failed' ? t('common:actions.ok') : t('common:actions.cancel')}
      </Button>
      <Flex gap="small">
        {step === STEP_FILE && (
          <Button onClick={() => setStep(STEP_PRODUCT)} autoInsertSpace={false}>
            {t('import.back')}
          </Button>
        )}
        {step === STEP_PRODUCT && (
          <Button
            type="primary"
            disabled={!productId}
            onClick={() => setStep(STEP_FILE)}
            autoInsertSpace={false}
          >
            {t('import.next')}
          </Button>
        )}
        {step === STEP_PREVIEW && (
          <>
            <Button onClick={chooseAnotherFile} disabled={apply.isPending} autoInsertSpace={false}>
              {t('import.chooseAnother')}
            </Button>
            <Button
              type="primary"
              disabled={!canApply}
              loading={apply.isPending}
              onClick={() => void onApply()}
              autoInsertSpace={false}
              data-testid="import-apply"
            >
              {applyLabel}
            </Button>
          </>
        )}
        {step === STEP_IMPORT && jobStatus === 'failed' && (
          <Button type="primary" onClick={chooseAnotherFile} autoInsertSpace={false}>
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
        {step === STEP_PRODUCT && productStep}
        {step === STEP_FILE && fileStep}
        {step === STEP_PREVIEW && previewStep}
        {step === STEP_IMPORT && importStep}
      </Flex>
    </Drawer>
  );
}
