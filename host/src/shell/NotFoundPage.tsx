import { useEffect } from 'react';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { HOME_PATH } from '../routes/paths';

/** Any path that is not a console route (spec: "Any other path shows a not-found page"). */
export function NotFoundPage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  useEffect(() => {
    document.title = `${t('notFound.title')} | ${t('appName')}`;
  }, [t]);
  return (
    <Result
      status="404"
      title={t('notFound.title')}
      subTitle={t('notFound.description')}
      data-testid="not-found"
      extra={
        <Button type="primary" onClick={() => navigate(HOME_PATH)}>
          {t('actions.backHome')}
        </Button>
      }
    />
  );
}
