import { negativeNumberMessage, readNumericInput } from '@esim/utils';
import { Input } from 'antd';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translateValidationMessage } from '../i18n/translateValidationMessage';
import { toast } from '../toast/toast';

export interface NumberInputProps {
  id?: string;
  /** null when empty. */
  value: number | null;
  onChange: (value: number | null) => void;
  /** Most decimal places (0: whole numbers); more are not taken. Unset: any. */
  decimals?: number;
  /** The field key messages name (common:fields.<key>). */
  messageName: string;
  maxLength?: number;
  suffix?: ReactNode;
  'aria-label'?: string;
  style?: CSSProperties;
}

/**
 * A number outside a form (a sample value, a quantity in a toolbar) with the same typing rules as
 * the form fields: leading zeros stripped, a negative number refused with the error toast and
 * never silently turned into something else.
 */
export function NumberInput({ value, onChange, decimals, messageName, ...rest }: NumberInputProps) {
  const { t } = useTranslation(['ui', 'validation', 'common']);
  const [text, setText] = useState(value === null ? '' : String(value));
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if ((text === '' ? null : Number(text)) !== value) setText(value === null ? '' : String(value));
  }
  const change = (raw: string) => {
    const reading = readNumericInput(raw, decimals, messageName);
    if (reading.negative) {
      toast.error(translateValidationMessage(t, negativeNumberMessage(t('ui:form.numberFormat'))));
      return;
    }
    if (reading.refusedMessage) {
      toast.error(translateValidationMessage(t, reading.refusedMessage));
      return;
    }
    const next = reading.text === '' || reading.text === '.' ? null : Number(reading.text);
    setText(reading.text);
    setSeen(next);
    onChange(next);
  };
  return (
    <Input
      {...rest}
      inputMode={decimals === 0 ? 'numeric' : 'decimal'}
      value={text}
      onChange={(event) => change(event.target.value)}
    />
  );
}
