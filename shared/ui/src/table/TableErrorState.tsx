import { ReloadOutlined } from '../icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

export interface TableErrorStateProps {
  onRetry?: () => void;
}

/** What a list shows instead of rows when loading failed. */
export function TableErrorState({ onRetry }: TableErrorStateProps) {
  const { t } = useTranslation('ui');
  return (
    <Result
      status="error"
      title={t('table.loadError')}
      extra={
        onRetry ? (
          <Button icon={<ReloadOutlined />} onClick={onRetry}>
            {t('table.retry')}
          </Button>
        ) : undefined
      }
    />
  );
}
