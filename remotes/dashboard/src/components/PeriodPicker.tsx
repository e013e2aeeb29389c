import { Flex, Segmented, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_MAX_PERIOD_DAYS } from '@esim/contracts';
import { DateRangeFilter } from '@esim/ui';
import { PERIOD_KINDS, periodProblem, type DashboardPeriod, type PeriodKind } from '../period';

export interface PeriodPickerProps {
  period: DashboardPeriod;
  onChange: (period: DashboardPeriod) => void;
  /** yyyy-MM-dd, business time zone. */
  today: string;
}

/**
 * The period of sales, users by country and the plan ratio: the last 7 days, 30 days, 12 months
 * or a custom range picked with the kit's date range. A new period starts from its own buckets.
 */
export function PeriodPicker({ period, onChange, today }: PeriodPickerProps) {
  const { t } = useTranslation('dashboard');
  const problem = periodProblem(period, today);
  return (
    <Flex wrap gap="small" align="center" role="group" aria-label={t('period.label')}>
      <Segmented<PeriodKind>
        value={period.kind}
        onChange={(kind) => onChange({ kind })}
        options={PERIOD_KINDS.map((kind) => ({
          value: kind,
          label: <span data-testid={`period-${kind}`}>{t(`period.${kind}`)}</span>,
        }))}
        aria-label={t('period.label')}
      />
      {period.kind === 'custom' && (
        <DateRangeFilter
          from={period.from}
          to={period.to}
          onChange={(range) => onChange({ kind: 'custom', ...range })}
        />
      )}
      {problem === 'tooLong' && (
        <Typography.Text type="warning" role="status" data-testid="period-too-long">
          {t('period.tooLong', { days: DASHBOARD_MAX_PERIOD_DAYS })}
        </Typography.Text>
      )}
    </Flex>
  );
}
