import { negativeNumberMessage, readNumericInput } from '@esim/utils';
import { useEffect, useState } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateValidationMessage } from '../i18n/translateValidationMessage';
import { toast } from '../toast/toast';
import { setInputProblem } from './inputProblems';

type Stored = number | string | undefined | null;

export interface NumericInputOptions<TValues extends FieldValues> {
  control: Control<TValues>;
  name: FieldPath<TValues>;
  /** Most decimal places accepted (0: whole numbers); more are refused, never cut. Unset: any. */
  decimals: number | undefined;
  /** The field key messages name (common:fields.<key>); defaults to the last part of `name`. */
  messageName?: string | undefined;
  /** Clean text -> the stored value (undefined when empty). */
  toValue: (text: string) => Stored;
  /** Stored value -> text for the input. */
  toText: (value: Stored) => string;
  /** Refused text stores nothing (true) or its value all the same (false: the schema checks it). */
  clearWhenRefused: boolean;
  /** What gives the stored value its meaning (a currency's decimals): a change re-reads it. */
  meaning?: unknown;
}

/**
 * The typing rules every numeric field shares (spec section 5): leading zeros stripped, a trailing
 * dot kept, a negative number refused with an error toast, more decimals than allowed kept on
 * screen and refused with the field's error (recorded for the form's resolver: inputProblems).
 */
export function useNumericInput<TValues extends FieldValues>(
  options: NumericInputOptions<TValues>,
) {
  const { control, name, decimals, toValue, toText } = options;
  const messageName = options.messageName ?? name.split('.').at(-1) ?? name;
  const { t } = useTranslation(['ui', 'validation', 'common']);
  const {
    field: { ref, value: fieldValue, onChange: setFieldValue, onBlur, name: fieldName },
    fieldState,
  } = useController({ control, name });
  const value = fieldValue as Stored;
  const [text, setText] = useState(() => toText(value));
  const [problem, setProblem] = useState<string | null>(null);
  const [seen, setSeen] = useState<{ value: Stored; meaning: unknown }>({
    value,
    meaning: options.meaning,
  });
  if (value !== seen.value || options.meaning !== seen.meaning) {
    // The form changed the value (reset, setValue) or its meaning: show it unless it is ours.
    setSeen({ value, meaning: options.meaning });
    if (toValue(text) !== value || options.meaning !== seen.meaning) {
      setText(toText(value));
      setProblem(null);
    }
  }
  useEffect(() => setInputProblem(control, name, problem), [control, name, problem]);
  useEffect(() => () => setInputProblem(control, name, null), [control, name]);

  const onChange = (raw: string) => {
    const reading = readNumericInput(raw, decimals, messageName);
    if (reading.negative) {
      toast.error(translateValidationMessage(t, negativeNumberMessage(t('ui:form.numberFormat'))));
      return;
    }
    const { text: clean, refusedMessage: refused } = reading;
    // Refused text holds null, not undefined: react-hook-form would show a default value instead.
    const next = refused && options.clearWhenRefused ? null : toValue(clean);
    setText(clean);
    setProblem(refused);
    setSeen({ value: next, meaning: options.meaning });
    setFieldValue(next);
  };

  const error = problem ? { type: 'input', message: problem } : fieldState.error;
  /** Spread onto the text input. */
  const inputProps = {
    ref,
    name: fieldName,
    value: text,
    onBlur,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
    'aria-invalid': Boolean(error) || undefined,
  };
  return { inputProps, error };
}
