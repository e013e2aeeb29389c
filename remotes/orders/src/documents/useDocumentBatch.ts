import { DOCUMENT_BATCH_MAX_ORDERS, type DocumentBatch } from '@esim/contracts';
import { useConfirmedAction } from '@esim/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { startDocumentBatch } from './api';

export type BatchType = DocumentBatch['type'];

/**
 * Issuing one invoice or receipt per selected order: asked first (the numbers are permanent),
 * then started as a job whose progress the caller shows (DocumentBatchDialog with `started`).
 */
export function useDocumentBatch(orderIds: readonly string[], onStarted: () => void) {
  const { t } = useTranslation('orders');
  const [started, setStarted] = useState<DocumentBatch | null>(null);
  const action = useConfirmedAction<BatchType, DocumentBatch>({
    question: (type) => ({
      title: t(`documents.batch.confirmTitle.${type}`, { count: orderIds.length }),
      description: t('documents.batch.confirmDescription'),
      confirmText: t('documents.issue'),
      danger: false,
    }),
    action: (type) => startDocumentBatch({ orderIds: [...orderIds], type }),
    onDone: (batch) => {
      setStarted(batch);
      onStarted();
    },
  });
  const tooMany = orderIds.length > DOCUMENT_BATCH_MAX_ORDERS;
  return {
    ...action,
    /** Nothing selected, or more than one batch takes. */
    blocked: orderIds.length === 0 || tooMany,
    tooMany,
    started,
    close: () => setStarted(null),
  };
}
