import { Col, DatePicker, Row } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import {
  useController,
  useWatch,
  type Control,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldShell } from './FieldShell';

/** How a moment is shown and typed: the user's own clock, to the minute. */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';

export interface FormDateTimeRangeFieldProps<TValues extends FieldValues> {
  control: Control<TValues>;
  /** The start: an ISO date-time text (UTC, as the contracts carry instants), null when empty. */
  fromName: FieldPath<TValues>;
  /** The end: an ISO date-time text, null when empty (open-ended when `openEnd`). */
  toName: FieldPath<TValues>;
  fromLabel: ReactNode;
  toLabel: ReactNode;
  /** The start must be given (marked required). */
  required?: boolean;
  /** The end may be left empty: the period does not end; the picker says so. */
  openEnd?: boolean;
  disabled?: boolean;
  fromExtra?: ReactNode;
  toExtra?: ReactNode;
}

function toDayjs(value: unknown): Dayjs | null {
  if (typeof value !== 'string' || value === '') return null;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed : null;
}

/** The picked moment as ISO text, to the minute (the picker shows no seconds). */
function toIso(day: Dayjs | null): string | null {
  return day ? day.second(0).millisecond(0).toDate().toISOString() : null;
}

interface MomentFieldProps<TValues extends FieldValues> {
  control: Control<TValues>;
  name: FieldPath<TValues>;
  label: ReactNode;
  required?: boolean;
  disabled?: boolean;
  extra?: ReactNode;
  disabledDate?: (day: Dayjs) => boolean;
  placeholder?: string;
}

/** One moment of the period, picked in the user's time zone, stored as ISO text. */
function MomentField<TValues extends FieldValues>(props: MomentFieldProps<TValues>) {
  const { control, name, label, required, disabled, extra, disabledDate, placeholder } = props;
  const {
    field: { ref, value, onChange, onBlur },
    fieldState,
  } = useController({ control, name });
  const id = `field-${name}`;
  return (
    <FieldShell id={id} label={label} required={required} error={fieldState.error} extra={extra}>
      <DatePicker
        id={id}
        ref={ref}
        showTime={{ format: 'HH:mm' }}
        format={DATE_TIME_FORMAT}
        value={toDayjs(value)}
        onChange={(day) => onChange(toIso(day))}
        onBlur={onBlur}
        disabled={disabled}
        disabledDate={disabledDate}
        placeholder={placeholder}
        allowClear
        status={fieldState.invalid ? 'error' : undefined}
        aria-required={required || undefined}
        aria-invalid={fieldState.invalid || undefined}
        style={{ width: '100%' }}
      />
    </FieldShell>
  );
}

/**
 * A period between two moments (a notice's validity): two date-time pickers in the user's time
 * zone, bound to two form fields holding ISO text. Days before the start cannot be picked as the
 * end. The order of the two is the schema's rule, so its message lands on the end field.
 */
export function FormDateTimeRangeField<TValues extends FieldValues>(
  props: FormDateTimeRangeFieldProps<TValues>,
) {
  const { control, fromName, toName, fromLabel, toLabel, required, openEnd, disabled } = props;
  const { t } = useTranslation('ui');
  const start = toDayjs(useWatch({ control, name: fromName }));
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <MomentField
          control={control}
          name={fromName}
          label={fromLabel}
          required={required}
          disabled={disabled}
          extra={props.fromExtra}
        />
      </Col>
      <Col xs={24} md={12}>
        <MomentField
          control={control}
          name={toName}
          label={toLabel}
          required={!openEnd && required}
          disabled={disabled}
          extra={props.toExtra}
          disabledDate={start ? (day) => day.isBefore(start, 'day') : undefined}
          placeholder={openEnd ? t('dateTimeRange.openEnd') : undefined}
        />
      </Col>
    </Row>
  );
}
