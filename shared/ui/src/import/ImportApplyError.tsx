import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

/** Why an apply was refused; nothing was imported. */
export function ImportApplyError({ message }: { message: string | undefined }) {
  const { t } = useTranslation('ui');
  if (!message) return null;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      data-testid="import-apply-error"
      title={t('csvImport.applyFailed')}
      description={message}
    />
  );
}
