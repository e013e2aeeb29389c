import type { ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
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
  mode?: 'multiple';
  allowClear?: boolean;
  showSearch?: boolean;
  loading?: boolean;
  /** Searches the options on the server as the user types (the options follow the answer). */
  onSearch?: (text: string) => void;
  extra?: ReactNode;
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
    <FieldShell id={id} label={label} required={required} error={fieldState.error} extra={extra}>
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
