import { useState } from 'react';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

export interface AreaFailedPageProps {
  area: string;
  /** Loads the area again; the page shows a spinner on the button meanwhile. */
  onRetry: () => void | Promise<void>;
}

/**
 * One area could not be loaded or stopped working (its remote's manifest or chunks failed, or
 * its screen threw): said plainly, with a retry. The menu, the other areas and the session
 * are not affected.
 */
export function AreaFailedPage({ area, onRetry }: AreaFailedPageProps) {
  const { t } = useTranslation('common');
  const [retrying, setRetrying] = useState(false);
  const retry = async () => {
    setRetrying(true);
    try {
      await onRetry();
    } finally {
      setRetrying(false);
    }
  };
  return (
    <Result
      status="error"
      title={t('areaFailed.title')}
      subTitle={t('areaFailed.description', { area: t(`areas.${area}`, { defaultValue: area }) })}
      data-testid="area-failed"
      data-area={area}
      extra={
        <Button
          type="primary"
          loading={retrying}
          onClick={() => void retry()}
          data-testid="area-retry"
        >
          {t('actions.retry')}
        </Button>
      }
    />
  );
}
