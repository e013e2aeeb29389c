import { Input } from 'antd';
import type { ReactNode } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FieldShell } from './FieldShell';
import { useNumericInput } from './useNumericInput';

export interface FormNumberFieldProps<TValues extends FieldValues> {
  control: Control<TValues>;
  name: FieldPath<TValues>;
  label?: ReactNode;
  required?: boolean;
  placeholder?: string;
  disabled?: boolean;
  /** 'number' (default) stores a number (undefined when empty); 'string' stores the cleaned text. */
  valueAs?: 'number' | 'string';
  /**
   * Most decimal places accepted (0: whole numbers, e.g. JPY). More are kept on screen and refused
   * with the spec's message, never cut or joined to the digits. Unset: any.
   */
  decimals?: number;
  /** The field key messages name (common:fields.<key>); defaults to the last part of `name`. */
  messageName?: string;
  maxLength?: number;
  /** Text before / after the input, e.g. a currency or '%'. */
  prefix?: ReactNode;
  suffix?: ReactNode;
  extra?: ReactNode;
}

type Stored = number | string | undefined | null;

const toText = (value: Stored) => (value === undefined || value === null ? '' : String(value));

/** A number typed as text with the console's numeric input rules (useNumericInput). */
export function FormNumberField<TValues extends FieldValues>(props: FormNumberFieldProps<TValues>) {
  const { name, label, required, valueAs = 'number', decimals } = props;
  const { inputProps, error } = useNumericInput({
    control: props.control,
    name,
    decimals,
    messageName: props.messageName,
    toText,
    toValue: (clean) =>
      valueAs === 'string' ? clean : clean === '' || clean === '.' ? undefined : Number(clean),
    clearWhenRefused: valueAs === 'number',
  });
  const id = `field-${name}`;
  return (
    <FieldShell id={id} label={label} required={required} error={error} extra={props.extra}>
      <Input
        {...inputProps}
        id={id}
        inputMode={decimals === 0 ? 'numeric' : 'decimal'}
        placeholder={props.placeholder}
        disabled={props.disabled}
        maxLength={props.maxLength}
        prefix={props.prefix}
        suffix={props.suffix}
        aria-required={required || undefined}
      />
    </FieldShell>
  );
}
