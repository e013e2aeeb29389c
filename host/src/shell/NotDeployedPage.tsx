import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AreaId } from '../routes/route-table';

/** Shown while no release of an area is registered: never a blank page. */
export function NotDeployedPage({ area }: { area: AreaId }) {
  const { t } = useTranslation('common');
  return (
    <Result
      status="info"
      title={t('notDeployed.title')}
      subTitle={t('notDeployed.description', { area: t(`areas.${area}`) })}
      data-testid="area-not-deployed"
    />
  );
}
