import { ArrowLeftOutlined, ReloadOutlined } from '../icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** The link from a detail screen back to its list. */
export function BackLink({ to, label, testId }: { to: string; label: string; testId?: string }) {
  return (
    <Link to={to} data-testid={testId}>
      <ArrowLeftOutlined /> {label}
    </Link>
  );
}

export interface DetailMissingProps {
  /** What was looked for, translated ('Tariff profile'): the title is '{name} not found'. */
  name: string;
  /** The id or code from the URL; empty when the URL had none. */
  id: string;
  /** Where the back link goes (the area's list) and what it says. */
  backTo: string;
  backLabel: string;
}

/**
 * What every detail route answers for a missing or unknown id: '{name} not found' (spec section
 * 8), why, and the way back to the list. Inside the area screen, so the menu stays usable.
 */
export function DetailMissing({ name, id, backTo, backLabel }: DetailMissingProps) {
  const { t } = useTranslation('ui');
  return (
    <div data-testid="detail-missing">
      <Result
        status="404"
        title={t('detail.notFound', { name })}
        subTitle={id ? t('detail.notFoundId', { id }) : t('detail.noId')}
        extra={<BackLink to={backTo} label={backLabel} testId="detail-back" />}
      />
    </div>
  );
}

export interface DetailLoadFailedProps {
  name: string;
  onRetry: () => void;
  backTo: string;
  backLabel: string;
}

/** A detail that could not be loaded for another reason: retry, or go back. */
export function DetailLoadFailed({ name, onRetry, backTo, backLabel }: DetailLoadFailedProps) {
  const { t } = useTranslation('ui');
  return (
    <div data-testid="detail-load-failed">
      <Result
        status="error"
        title={t('detail.loadFailed', { name })}
        extra={[
          <Button key="retry" type="primary" icon={<ReloadOutlined />} onClick={onRetry}>
            {t('detail.retry')}
          </Button>,
          <Link key="back" to={backTo}>
            {backLabel}
          </Link>,
        ]}
      />
    </div>
  );
}
