import { Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { displayValue } from '@esim/utils';
import { yen } from '../format';

/** A special price with its badge when it applies today. */
export function SpecialPrice({
  price,
  active,
  period,
}: {
  price: number | null;
  active: boolean;
  period: string;
}) {
  const { t } = useTranslation('products');
  if (price === null) return <>{displayValue(null)}</>;
  return (
    <Tooltip title={period}>
      <Space size={4}>
        <span>{yen(price)}</span>
        {active ? (
          <Tag color="magenta" data-testid="special-active">
            {t('special.badge')}
          </Tag>
        ) : (
          <Tag>{t('special.notToday')}</Tag>
        )}
      </Space>
    </Tooltip>
  );
}
