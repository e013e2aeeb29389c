import { Alert, Flex, Progress, Result, Typography } from 'antd';
import type { BackgroundJob } from '@esim/platform';
import { formatNumber } from '@esim/utils';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ImportJobProgressProps {
  job: BackgroundJob<unknown> | undefined;
  /** The job could not be read lately (still retrying). */
  unreadable?: boolean;
  /** Rows to import, shown until the job reports its own total. */
  expectedTotal?: number;
  /** What to show once the job succeeded (the area's words and count). */
  done: ReactNode;
}

/** A background import: a progress bar while it runs, then done, or failed with the reason. */
export function ImportJobProgress({
  job,
  unreadable = false,
  expectedTotal = 0,
  done,
}: ImportJobProgressProps) {
  const { t } = useTranslation(['ui', 'common']);
  const progress = job?.progress;
  const percent =
    progress && progress.total > 0 ? Math.floor((progress.done / progress.total) * 100) : 0;
  return (
    <Flex vertical gap="middle" data-testid="import-progress">
      {job?.status === 'failed' ? (
        <Result
          status="error"
          title={t('ui:csvImport.jobFailed')}
          subTitle={
            <span data-testid="import-job-error">
              {job.error ?? t('common:errors.default')} {t('ui:csvImport.nothingImported')}
            </span>
          }
        />
      ) : job?.status === 'succeeded' ? (
        done
      ) : (
        <>
          <Typography.Text>
            {t('ui:csvImport.running', {
              done: formatNumber(progress?.done ?? 0),
              total: formatNumber(progress?.total ?? expectedTotal),
            })}
          </Typography.Text>
          <Progress
            percent={percent}
            status={unreadable ? 'exception' : 'active'}
            aria-label={t('ui:csvImport.progressLabel')}
          />
          {unreadable && <Alert type="warning" showIcon title={t('ui:csvImport.jobUnknown')} />}
          <Typography.Text type="secondary">{t('ui:csvImport.runningHelp')}</Typography.Text>
        </>
      )}
    </Flex>
  );
}
