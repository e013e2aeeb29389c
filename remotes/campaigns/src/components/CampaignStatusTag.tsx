import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CampaignStatus } from '@esim/contracts';

/** Active (green) or inactive. */
export function CampaignStatusTag({ status }: { status: CampaignStatus }) {
  const { t } = useTranslation('campaigns');
  return (
    <Tag color={status === 'active' ? 'green' : 'default'} data-testid="campaign-status">
      {t(`status.${status}`)}
    </Tag>
  );
}
