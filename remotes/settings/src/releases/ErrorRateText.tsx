import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReleaseErrorRate } from '@esim/contracts';
import { getFormatters } from '@esim/platform';

/** The share of failed loads and renders of a version over the last 24 h, with the counts. */
export function ErrorRateText({
  errorRate,
  testId,
}: {
  errorRate: ReleaseErrorRate;
  testId?: string;
}) {
  const { t, i18n } = useTranslation(['settings']);
  const format = getFormatters(i18n.language);
  const { rate, failures, loads } = errorRate;
  if (rate === null) {
    return (
      <Typography.Text type="secondary" data-testid={testId} data-rate="">
        {t('releases.errorRate.none')}
      </Typography.Text>
    );
  }
  return (
    <Typography.Text
      type={failures > 0 ? 'danger' : undefined}
      data-testid={testId}
      data-rate={String(rate)}
    >
      {t('releases.errorRate.value', {
        rate: format.number(rate, { style: 'percent', maximumFractionDigits: 1 }),
        failures: format.number(failures),
        total: format.number(loads + failures),
      })}
    </Typography.Text>
  );
}
