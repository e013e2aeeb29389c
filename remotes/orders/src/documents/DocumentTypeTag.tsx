import { Tag } from 'antd';
import type { OrderDocumentType } from '@esim/contracts';
import { useTranslation } from 'react-i18next';

export const DOCUMENT_TYPE_COLORS: Record<OrderDocumentType, string> = {
  invoice: 'blue',
  receipt: 'green',
  credit_note: 'volcano',
};

/** A document's type as a coloured, translated tag. */
export function DocumentTypeTag({ type }: { type: OrderDocumentType }) {
  const { t } = useTranslation('orders');
  return (
    <Tag color={DOCUMENT_TYPE_COLORS[type]} data-testid="document-type" data-type={type}>
      {t(`documents.types.${type}`)}
    </Tag>
  );
}
