import { Input } from 'antd';
import type { ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { FieldShell } from './FieldShell';

export interface FormTextFieldProps<TValues extends FieldValues> {
  control: Control<TValues>;
  name: FieldPath<TValues>;
  label?: ReactNode;
  maxLength?: number;
  required?: boolean;
  placeholder?: string;
  disabled?: boolean;
  type?: 'text' | 'email' | 'tel' | 'url' | 'password';
  /** Multi-line text area with this many rows. */
  rows?: number;
  autoComplete?: string;
  extra?: ReactNode;
}

/** Text input bound to a react-hook-form field; shows the translated validation message. */
export function FormTextField<TValues extends FieldValues>(props: FormTextFieldProps<TValues>) {
  const {
    control,
    name,
    label,
    maxLength,
    required,
    placeholder,
    disabled,
    type = 'text',
    rows,
  } = props;
  const {
    field: { ref, value, onChange, onBlur, name: fieldName },
    fieldState,
  } = useController({ control, name });
  const id = `field-${name}`;
  const common = {
    id,
    name: fieldName,
    value: (value as string | undefined | null) ?? '',
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
    onBlur,
    maxLength,
    placeholder,
    disabled,
    autoComplete: props.autoComplete,
    'aria-required': required || undefined,
    'aria-invalid': fieldState.invalid || undefined,
  };
  return (
    <FieldShell
      id={id}
      label={label}
      required={required}
      error={fieldState.error}
      extra={props.extra}
    >
      {rows ? (
        <Input.TextArea {...common} ref={ref} rows={rows} showCount={Boolean(maxLength)} />
      ) : type === 'password' ? (
        <Input.Password {...common} ref={ref} />
      ) : (
        <Input {...common} ref={ref} type={type} />
      )}
    </FieldShell>
  );
}
