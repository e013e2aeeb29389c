import { isNegativeNumberInput, negativeNumberMessage, sanitizeNumericInput } from '@esim/utils';
import { Input } from 'antd';
import { useState, type ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateValidationMessage } from '../i18n/translateValidationMessage';
import { toast } from '../toast/toast';
import { FieldShell } from './FieldShell';

export interface FormNumberFieldProps<TValues extends FieldValues> {
  control: Control<TValues>;
  name: FieldPath<TValues>;
  label?: ReactNode;
  required?: boolean;
  placeholder?: string;
  disabled?: boolean;
  /** 'number' (default) stores a number (undefined when empty); 'string' stores the cleaned text. */
  valueAs?: 'number' | 'string';
  /** false strips the decimal point: whole numbers only. */
  allowDecimal?: boolean;
  maxLength?: number;
  /** Text before / after the input, e.g. a currency or '%'. */
  prefix?: ReactNode;
  suffix?: ReactNode;
  extra?: ReactNode;
}

type Stored = number | string | undefined | null;

function toText(value: Stored): string {
  return value === undefined || value === null ? '' : String(value);
}

function toValue(text: string, valueAs: 'number' | 'string'): number | string | undefined {
  if (valueAs === 'string') return text;
  return text === '' ? undefined : Number(text);
}

/**
 * Numeric text input: strips leading zeros, keeps a trailing dot while typing, and rejects a
 * negative number with an error toast ("Invalid number format.").
 */
export function FormNumberField<TValues extends FieldValues>(props: FormNumberFieldProps<TValues>) {
  const { control, name, label, required, valueAs = 'number', allowDecimal = true } = props;
  const { t } = useTranslation(['ui', 'validation', 'common']);
  const {
    field: { ref, value: fieldValue, onChange: setFieldValue, onBlur, name: fieldName },
    fieldState,
  } = useController({ control, name });
  const value = fieldValue as Stored;
  const [text, setText] = useState(() => toText(value));
  const [seen, setSeen] = useState<Stored>(value);
  if (value !== seen) {
    // The form changed the value (reset, setValue): show it unless it is what we typed.
    setSeen(value);
    if (toValue(text, valueAs) !== value) setText(toText(value));
  }

  const onChange = (raw: string) => {
    if (isNegativeNumberInput(raw)) {
      toast.error(translateValidationMessage(t, negativeNumberMessage(t('ui:form.numberFormat'))));
      return;
    }
    const clean = sanitizeNumericInput(allowDecimal ? raw : raw.replace(/[.\uFF0E]/g, ''));
    const next = toValue(clean, valueAs);
    setText(clean);
    setSeen(next);
    setFieldValue(next);
  };

  const id = `field-${name}`;
  return (
    <FieldShell
      id={id}
      label={label}
      required={required}
      error={fieldState.error}
      extra={props.extra}
    >
      <Input
        id={id}
        ref={ref}
        name={fieldName}
        inputMode={allowDecimal ? 'decimal' : 'numeric'}
        value={text}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        placeholder={props.placeholder}
        disabled={props.disabled}
        maxLength={props.maxLength}
        prefix={props.prefix}
        suffix={props.suffix}
        aria-required={required || undefined}
        aria-invalid={fieldState.invalid || undefined}
      />
    </FieldShell>
  );
}
