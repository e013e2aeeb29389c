import { Alert, Button, Flex, List, Modal, Progress, Typography } from 'antd';
import { formatNumber } from '@esim/utils';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DIALOG_WIDTH } from '../dialogWidth';

/** One unit of a job that failed: what it was (an order number) and why. */
export interface JobProgressError {
  key: string;
  label: ReactNode;
  message: ReactNode;
}

export interface JobProgressDialogProps {
  title: ReactNode;
  /** The units of work (orders, rows): all of them, those that succeeded, those that failed. */
  total: number;
  done: number;
  failed: number;
  /**
   * 'running' until the job ended; 'done' once every unit was handled (some may have failed,
   * listed in errors); 'failed' when the job itself stopped before the end.
   */
  status: 'running' | 'done' | 'failed';
  /** The progress could not be read lately (still trying). */
  unreadable?: boolean;
  /** The units that failed, each with its reason. */
  errors?: readonly JobProgressError[];
  /** Shown when the job ended (the area's words: "42 invoices issued."). */
  summary?: ReactNode;
  /** Closing never stops the job: it goes on in the background. */
  onClose: () => void;
  /** data-testid of the dialog's content (data-status holds the status). */
  testId?: string;
}

/**
 * A background job followed in a dialog: a bar of the units handled (done + failed) of the total,
 * the counts, the failures with their reasons, and Close at any time (the job goes on).
 */
export function JobProgressDialog({
  title,
  total,
  done,
  failed,
  status,
  unreadable = false,
  errors = [],
  summary,
  onClose,
  testId = 'job-progress',
}: JobProgressDialogProps) {
  const { t } = useTranslation('ui');
  const handled = done + failed;
  const percent = total > 0 ? Math.floor((handled / total) * 100) : status === 'running' ? 0 : 100;
  const running = status === 'running';
  return (
    <Modal
      open
      title={title}
      width={DIALOG_WIDTH}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button
          type="primary"
          onClick={onClose}
          autoInsertSpace={false}
          data-testid={`${testId}-close`}
        >
          {t('jobProgress.close')}
        </Button>
      }
    >
      <Flex vertical gap="middle" data-testid={testId} data-status={status}>
        {running && (
          <Typography.Text data-testid={`${testId}-running`}>
            {t('jobProgress.running', {
              handled: formatNumber(handled),
              total: formatNumber(total),
            })}
          </Typography.Text>
        )}
        {status === 'failed' && (
          <Alert type="error" showIcon role="alert" title={t('jobProgress.failed')} />
        )}
        {!running && summary}
        <Progress
          percent={percent}
          status={
            running
              ? unreadable
                ? 'exception'
                : 'active'
              : status === 'failed'
                ? 'exception'
                : 'normal'
          }
          aria-label={t('jobProgress.progressLabel')}
        />
        <Typography.Text data-testid={`${testId}-counts`}>
          {t('jobProgress.counts', {
            done: formatNumber(done),
            failed: formatNumber(failed),
            total: formatNumber(total),
          })}
        </Typography.Text>
        {unreadable && running && (
          <Alert type="warning" showIcon title={t('jobProgress.unreadable')} />
        )}
        {running && (
          <Typography.Text type="secondary">{t('jobProgress.runningHelp')}</Typography.Text>
        )}
        {errors.length > 0 && (
          <List
            size="small"
            bordered
            header={
              <Typography.Text strong>
                {t('jobProgress.errorsTitle', { n: formatNumber(errors.length) })}
              </Typography.Text>
            }
            dataSource={[...errors]}
            style={{ maxHeight: 240, overflowY: 'auto' }}
            renderItem={(error) => (
              <List.Item key={error.key} data-testid={`${testId}-error`}>
                <Typography.Text>
                  <Typography.Text strong>{error.label}</Typography.Text>
                  {': '}
                  {error.message}
                </Typography.Text>
              </List.Item>
            )}
          />
        )}
      </Flex>
    </Modal>
  );
}
