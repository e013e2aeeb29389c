import type { ReactNode } from 'react';
import {
  useController,
  type Control,
  type FieldError,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form';
import { OptionSelect } from '../options/OptionSelect';
import type { OptionItem } from '../options/types';
import { FieldShell } from './FieldShell';

export interface FormSelectFieldProps<TValues extends FieldValues> {
  control: Control<TValues>;
  name: FieldPath<TValues>;
  options: readonly OptionItem[];
  label?: ReactNode;
  required?: boolean;
  placeholder?: ReactNode;
  disabled?: boolean;
  includeAll?: boolean;
  allLabel?: string;
  /** Several options ('multiple'), or several values typed by the user as well ('tags'). */
  mode?: 'multiple' | 'tags';
  /** 'tags': characters that end a typed value (pasting 'a@x.jp, b@y.jp' gives two). */
  tokenSeparators?: string[];
  allowClear?: boolean;
  showSearch?: boolean;
  loading?: boolean;
  /** Searches the options on the server as the user types (the options follow the answer). */
  onSearch?: (text: string) => void;
  extra?: ReactNode;
}

/**
 * The error to show for the field: its own, else (a list of values) the first of its values'
 * errors, e.g. the second typed e-mail is not one.
 */
export function firstFieldError(error: unknown): FieldError | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  if (typeof (error as FieldError).message === 'string') return error as FieldError;
  // The values' errors by index; `ref` (the input element) is no error to look into.
  const items = Array.isArray(error)
    ? (error as unknown[])
    : Object.entries(error)
        .filter(([key]) => /^\d+$/.test(key))
        .map(([, item]) => item as unknown);
  for (const item of items) {
    const found = firstFieldError(item);
    if (found) return found;
  }
  return undefined;
}

/** Option list bound to a react-hook-form field. */
export function FormSelectField<TValues extends FieldValues>(props: FormSelectFieldProps<TValues>) {
  const { control, name, label, required, extra, onSearch, ...selectProps } = props;
  const {
    field: { ref, value, onChange, onBlur },
    fieldState,
  } = useController({ control, name });
  const id = `field-${name}`;
  return (
    <FieldShell
      id={id}
      label={label}
      required={required}
      error={firstFieldError(fieldState.error)}
      extra={extra}
    >
      <OptionSelect
        {...selectProps}
        {...(onSearch ? { onSearch, showSearch: true, filterOption: false } : {})}
        id={id}
        ref={ref}
        value={value ?? undefined}
        onChange={(next) => onChange(next ?? null)}
        onBlur={onBlur}
        status={fieldState.invalid ? 'error' : undefined}
        aria-required={required || undefined}
        aria-invalid={fieldState.invalid || undefined}
      />
    </FieldShell>
  );
}
