import { Form, Input } from 'antd';
import { useState, type ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { negativeNumberMessage, isNegativeNumberInput } from '@esim/utils';
import { toast, translateValidationMessage } from '@esim/ui';
import { minorToText, textToMinor } from '../format';

export interface MinorAmountFieldProps<TValues extends FieldValues> {
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
}

type Stored = number | null | undefined;

/**
 * An amount typed in major units of its currency (USD 3.50) and stored in minor units (350), as
 * the contract carries it. Decimals beyond the currency's places cannot be typed; a negative
 * number is refused with the spec's error toast.
 */
export function MinorAmountField<TValues extends FieldValues>(
  props: MinorAmountFieldProps<TValues>,
) {
  const { control, name, label, currency, minorUnits, required } = props;
  const { t } = useTranslation(['ui', 'validation', 'common']);
  const {
    field: { ref, value, onChange, onBlur },
    fieldState,
  } = useController({ control, name });
  const stored = value as Stored;
  const toText = (amount: Stored) =>
    amount === null || amount === undefined ? '' : minorToText(amount, minorUnits);
  const [text, setText] = useState(() => toText(stored));
  const [seen, setSeen] = useState<{ value: Stored; units: number }>({
    value: stored,
    units: minorUnits,
  });
  if (stored !== seen.value || minorUnits !== seen.units) {
    // The form (reset) or the currency changed the value's meaning: show the stored amount.
    setSeen({ value: stored, units: minorUnits });
    if (textToMinor(text, minorUnits) !== stored || minorUnits !== seen.units)
      setText(toText(stored));
  }

  const change = (raw: string) => {
    if (isNegativeNumberInput(raw)) {
      toast.error(translateValidationMessage(t, negativeNumberMessage(t('ui:form.numberFormat'))));
      return;
    }
    let clean = raw.replace(/[^\d.]/g, '');
    const [integer = '', ...rest] = clean.split('.');
    const fraction = rest.join('');
    clean =
      minorUnits > 0 && clean.includes('.')
        ? `${integer.replace(/^0+(?=\d)/, '')}.${fraction.slice(0, minorUnits)}`
        : integer.replace(/^0+(?=\d)/, '');
    const next = clean === '' ? undefined : textToMinor(clean, minorUnits);
    setText(clean);
    setSeen({ value: next, units: minorUnits });
    onChange(next);
  };

  const id = `field-${name}`;
  const help = fieldState.error?.message
    ? translateValidationMessage(t, fieldState.error.message)
    : undefined;
  return (
    <Form.Item
      label={label}
      htmlFor={id}
      required={required}
      validateStatus={help ? 'error' : undefined}
      help={help}
      extra={props.extra}
    >
      <Input
        id={id}
        ref={ref}
        name={name}
        inputMode={minorUnits > 0 ? 'decimal' : 'numeric'}
        value={text}
        onChange={(event) => change(event.target.value)}
        onBlur={onBlur}
        disabled={props.disabled}
        maxLength={14}
        suffix={currency}
        aria-required={required || undefined}
        aria-invalid={fieldState.invalid || undefined}
      />
    </Form.Item>
  );
}
