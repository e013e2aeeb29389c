import { minorToText, textToMinor } from '@esim/utils';
import { Input } from 'antd';
import type { ReactNode } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FieldShell } from './FieldShell';
import { useNumericInput } from './useNumericInput';

export interface FormMoneyFieldProps<TValues extends FieldValues> {
  control: Control<TValues>;
  /** The field holding the amount in minor units (e.g. costMinor). */
  name: FieldPath<TValues>;
  label: ReactNode;
  currency: string;
  /** Decimal places of the currency (USD 2, JPY 0). */
  minorUnits: number;
  required?: boolean;
  disabled?: boolean;
  extra?: ReactNode;
  /** The field key messages name (common:fields.<key>); defaults to the last part of `name`. */
  messageName?: string;
}

type Stored = number | string | null | undefined;

/**
 * An amount typed in major units of its currency (USD 3.50) and stored in minor units (350), as
 * the contracts carry it. More decimals than the currency has are refused with the spec's
 * message ('... cannot exceed 2 decimal places', JPY '... must be a number with no decimal').
 */
export function FormMoneyField<TValues extends FieldValues>(props: FormMoneyFieldProps<TValues>) {
  const { name, label, currency, minorUnits, required } = props;
  const { inputProps, error } = useNumericInput({
    control: props.control,
    name,
    decimals: minorUnits,
    messageName: props.messageName,
    toText: (value: Stored) => (typeof value === 'number' ? minorToText(value, minorUnits) : ''),
    toValue: (clean) => textToMinor(clean, minorUnits),
    clearWhenRefused: true,
    meaning: minorUnits,
  });
  const id = `field-${name}`;
  return (
    <FieldShell id={id} label={label} required={required} error={error} extra={props.extra}>
      <Input
        {...inputProps}
        id={id}
        inputMode={minorUnits > 0 ? 'decimal' : 'numeric'}
        disabled={props.disabled}
        maxLength={14}
        suffix={currency}
        aria-required={required || undefined}
      />
    </FieldShell>
  );
}
