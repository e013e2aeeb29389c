import { Tag } from 'antd';
import type { StockStatus } from '@esim/contracts';
import { useTranslation } from 'react-i18next';

/** One colour per stock status, used by every tag, count and filter of the area. */
export const STATUS_COLORS: Record<StockStatus, string> = {
  on_hand: 'green',
  holding: 'gold',
  assigned: 'blue',
  sold_out: 'purple',
  temporary_not_available: 'orange',
  not_available: 'default',
  wasted: 'red',
};

/** A stock status as a coloured, translated tag. */
export function StatusTag({ status }: { status: StockStatus }) {
  const { t } = useTranslation('stock');
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="stock-status" data-status={status}>
      {t(`status.${status}`)}
    </Tag>
  );
}
