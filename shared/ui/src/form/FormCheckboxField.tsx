import { Checkbox } from 'antd';
import type { ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { FieldShell } from './FieldShell';

export interface FormCheckboxFieldProps<TValues extends FieldValues> {
  control: Control<TValues>;
  name: FieldPath<TValues>;
  /** The label above the box (the form's column of labels). */
  label?: ReactNode;
  /** The text beside the box (clicking it toggles the box). */
  text?: ReactNode;
  disabled?: boolean;
  extra?: ReactNode;
}

/**
 * A yes/no value bound to a react-hook-form field (true / false; an unset value shows unticked).
 * Space toggles it from the keyboard; the error text comes from the schema like any field's.
 */
export function FormCheckboxField<TValues extends FieldValues>(
  props: FormCheckboxFieldProps<TValues>,
) {
  const { control, name, label, text, disabled, extra } = props;
  const {
    field: { ref, value, onChange, onBlur },
    fieldState,
  } = useController({ control, name });
  const id = `field-${name}`;
  return (
    <FieldShell id={id} label={label} error={fieldState.error} extra={extra}>
      <Checkbox
        id={id}
        ref={ref}
        checked={value === true}
        onChange={(event) => onChange(event.target.checked)}
        onBlur={onBlur}
        disabled={disabled}
        aria-invalid={fieldState.invalid || undefined}
      >
        {text}
      </Checkbox>
    </FieldShell>
  );
}
