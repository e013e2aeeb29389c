import { FileTextOutlined } from '@esim/ui/icons';
import { Button, Tooltip, Typography } from 'antd';
import { DOCUMENT_BATCH_MAX_ORDERS } from '@esim/contracts';
import { useTranslation } from 'react-i18next';
import type { BatchType } from './useDocumentBatch';

export interface DocumentBatchButtonsProps {
  selected: number;
  blocked: boolean;
  tooMany: boolean;
  pending: boolean;
  onStart: (type: BatchType) => void;
}

/** The order list's "Issue invoices" / "Issue receipts" for the selected orders. */
export function DocumentBatchButtons({
  selected,
  blocked,
  tooMany,
  pending,
  onStart,
}: DocumentBatchButtonsProps) {
  const { t } = useTranslation('orders');
  const hint = tooMany
    ? t('documents.batch.tooMany', { max: DOCUMENT_BATCH_MAX_ORDERS })
    : selected === 0
      ? t('documents.batch.selectFirst')
      : undefined;
  const button = (type: BatchType) => (
    <Tooltip title={hint}>
      <span>
        <Button
          icon={<FileTextOutlined />}
          disabled={blocked}
          loading={pending}
          onClick={() => onStart(type)}
          autoInsertSpace={false}
          data-testid={type === 'invoice' ? 'batch-invoices' : 'batch-receipts'}
        >
          {t(type === 'invoice' ? 'documents.batch.invoices' : 'documents.batch.receipts')}
        </Button>
      </span>
    </Tooltip>
  );
  return (
    <>
      {selected > 0 && (
        <Typography.Text type="secondary" data-testid="batch-selected">
          {t('documents.batch.selected', { count: selected })}
        </Typography.Text>
      )}
      {button('invoice')}
      {button('receipt')}
    </>
  );
}
