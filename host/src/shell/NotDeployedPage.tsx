import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown while no release of an area is registered: never a blank page. */
export function NotDeployedPage({ area }: { area: string }) {
  const { t } = useTranslation('common');
  return (
    <Result
      status="info"
      title={t('notDeployed.title')}
      subTitle={t('notDeployed.description', { area: t(`areas.${area}`, { defaultValue: area }) })}
      data-testid="area-not-deployed"
    />
  );
}
