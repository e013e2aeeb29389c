import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { DATE_FORMAT } from '../table/DateRangeFilter';
import { FieldShell } from './FieldShell';

export interface FormDateFieldProps<TValues extends FieldValues> {
  control: Control<TValues>;
  /** A field holding a calendar date as yyyy-MM-dd text (null when empty). */
  name: FieldPath<TValues>;
  label?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** Days that cannot be picked (e.g. the future for a payment date). */
  disabledDate?: (day: Dayjs) => boolean;
  extra?: ReactNode;
}

/** A calendar date (yyyy-MM-dd, as the contracts carry it) picked or typed, bound to a form. */
export function FormDateField<TValues extends FieldValues>(props: FormDateFieldProps<TValues>) {
  const { control, name, label, required, disabled, disabledDate, extra } = props;
  const {
    field: { ref, value, onChange, onBlur },
    fieldState,
  } = useController({ control, name });
  const id = `field-${name}`;
  const text = typeof value === 'string' && value !== '' ? value : null;
  return (
    <FieldShell id={id} label={label} required={required} error={fieldState.error} extra={extra}>
      <DatePicker
        id={id}
        ref={ref}
        format={DATE_FORMAT}
        value={text ? dayjs(text) : null}
        onChange={(day) => onChange(day ? day.format(DATE_FORMAT) : null)}
        onBlur={onBlur}
        disabled={disabled}
        disabledDate={disabledDate}
        status={fieldState.invalid ? 'error' : undefined}
        aria-required={required || undefined}
        aria-invalid={fieldState.invalid || undefined}
        style={{ width: 200 }}
      />
    </FieldShell>
  );
}
