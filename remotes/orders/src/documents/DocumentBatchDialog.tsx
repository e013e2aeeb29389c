import { Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocumentBatch } from '@esim/contracts';
import { translateApiMessage } from '@esim/platform';
import { JobProgressDialog } from '@esim/ui';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { orderKeys } from '../api';
import { documentBatchQuery, isBatchFinished } from './api';

export interface DocumentBatchDialogProps {
  /** The batch as POST order/document/batch answered it. */
  started: DocumentBatch;
  onClose: () => void;
}

/**
 * A batch of invoices or receipts followed until it ends: how many were issued, which orders
 * could not be documented and why. The order list (and every document list) refreshes at the end.
 */
export function DocumentBatchDialog({ started, onClose }: DocumentBatchDialogProps) {
  const { t, i18n } = useTranslation('orders');
  const queryClient = useQueryClient();
  const query = useQuery({ ...documentBatchQuery(started.id), initialData: started });
  const batch = query.data;
  const finished = isBatchFinished(batch);

  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: orderKeys.all });
  }, [finished, queryClient]);

  return (
    <JobProgressDialog
      title={t(`documents.batch.progressTitle.${batch.type}`)}
      total={batch.total}
      done={batch.done}
      failed={batch.failed}
      status={finished ? (batch.status === 'failed' ? 'failed' : 'done') : 'running'}
      unreadable={query.failureCount > 0}
      errors={batch.errors.map((error) => ({
        key: error.orderId,
        label: error.orderNo,
        // The API's message in the user's language (its English text without a key).
        message: translateApiMessage(
          { text: error.message, key: error.messageKey, params: error.messageParams },
          i18n,
        ),
      }))}
      summary={
        <Typography.Text strong data-testid="document-batch-summary">
          {t(`documents.batch.summary.${batch.type}`, { count: batch.done })}
        </Typography.Text>
      }
      onClose={onClose}
      testId="document-batch"
    />
  );
}
