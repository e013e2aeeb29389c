import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';

/** yyyy-MM-dd, the spec's date format and what list queries accept. */
export const DATE_FORMAT = 'YYYY-MM-DD';

export interface DateRange {
  from?: string;
  to?: string;
}

export interface DateRangeFilterProps extends DateRange {
  onChange: (range: DateRange) => void;
  disabled?: boolean;
}

function toDayjs(value?: string): Dayjs | null {
  if (!value) return null;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed : null;
}

/** From/to date filter where either end may be left empty. */
export function DateRangeFilter({ from, to, onChange, disabled }: DateRangeFilterProps) {
  const { t } = useTranslation('ui');
  return (
    <DatePicker.RangePicker
      aria-label={t('table.dateRange')}
      allowEmpty={[true, true]}
      format={DATE_FORMAT}
      placeholder={[t('table.from'), t('table.to')]}
      disabled={disabled}
      value={[toDayjs(from), toDayjs(to)]}
      onChange={(dates) => {
        const [start, end] = dates ?? [null, null];
        onChange({ from: start?.format(DATE_FORMAT), to: end?.format(DATE_FORMAT) });
      }}
    />
  );
}
