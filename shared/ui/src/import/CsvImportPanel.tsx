import { Button, Flex, Typography } from 'antd';
import type { CsvRowError } from '@esim/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@esim/utils';
import { CsvFilePicker } from './CsvFilePicker';
import { CsvImportErrors } from './CsvImportErrors';
import { ImportApplyError } from './ImportApplyError';
import { ImportJobProgress } from './ImportJobProgress';
import type { CsvImport } from './useCsvImport';

export interface CsvImportPanelProps<Result> {
  csvImport: CsvImport<Result>;
  /** The area's namespace, for its own row error keys. */
  areaNamespace: string;
  /** What the file holds (columns, formats). */
  help?: ReactNode;
  /** The file input's test id (see CsvFilePicker). */
  testId?: string;
  /** The dry run's row errors (and their total when the API listed only the first ones). */
  errorsOf: (preview: Result) => { errors: readonly CsvRowError[]; errorCount?: number };
  /** Totals of the dry run, above its errors. */
  summary?: (preview: Result) => ReactNode;
  /** The rows as the dry run read them. */
  rows?: (preview: Result) => ReactNode;
  /** How many rows `rows` shows and how many the file holds (the API lists only the first ones). */
  rowTotals?: (preview: Result) => { shown: number; total: number };
  /** The apply button's label; without one the container applies (a dialog's OK button). */
  applyLabel?: string;
  /** Shown once imported. */
  done?: (result: Result) => ReactNode;
}

/** One import on one screen: help, file, dry run (totals, row errors, rows), apply, progress. */
export function CsvImportPanel<Result>({
  csvImport,
  areaNamespace,
  help,
  testId,
  errorsOf,
  summary,
  rows,
  rowTotals,
  applyLabel,
  done,
}: CsvImportPanelProps<Result>) {
  const { phase, preview, result } = csvImport;
  const showPreview = preview !== undefined && (phase === 'preview' || phase === 'applying');
  const doneView = result !== undefined && done ? done(result) : null;
  return (
    <Flex vertical gap="middle">
      {help && <Typography.Paragraph style={{ margin: 0 }}>{help}</Typography.Paragraph>}
      <CsvFilePicker {...csvImport.picker} {...(testId ? { testId } : {})} />
      {phase === 'done' && csvImport.job === undefined && doneView}
      {(phase === 'running' || phase === 'failed' || (phase === 'done' && csvImport.job)) && (
        <ImportJobProgress
          job={csvImport.job}
          unreadable={csvImport.jobUnreadable}
          done={doneView}
        />
      )}
      {showPreview && (
        <>
          {summary?.(preview)}
          <CsvImportErrors {...errorsOf(preview)} areaNamespace={areaNamespace} />
          {rows?.(preview)}
          {rowTotals && <MoreRowsNote {...rowTotals(preview)} />}
          <ImportApplyError message={csvImport.applyError} />
          {applyLabel && (
            <Flex justify="flex-end" gap="small">
              <Button
                type="primary"
                data-testid="import-apply"
                disabled={!csvImport.canApply}
                loading={phase === 'applying'}
                onClick={() => void csvImport.apply()}
                autoInsertSpace={false}
              >
                {applyLabel}
              </Button>
            </Flex>
          )}
        </>
      )}
    </Flex>
  );
}

function MoreRowsNote({ shown, total }: { shown: number; total: number }) {
  const { t } = useTranslation('ui');
  if (total <= shown) return null;
  return (
    <Typography.Text type="secondary" data-testid="import-rows-more">
      {t('csvImport.rowsMore', {
        count: total,
        shown: formatNumber(shown),
        n: formatNumber(total),
      })}
    </Typography.Text>
  );
}
