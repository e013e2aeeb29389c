import type { FilePurpose } from '@esim/contracts';
import type { ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { FileUploadField, type FileUploadFieldProps } from '../files/FileUploadField';
import { FieldShell } from './FieldShell';

export interface FormFileFieldProps<TValues extends FieldValues> {
  control: Control<TValues>;
  /** The field holding the stored file's key (null when none). */
  name: FieldPath<TValues>;
  purpose: FilePurpose;
  label?: ReactNode;
  disabled?: boolean;
  extra?: ReactNode;
  /** The upload itself (tests pass their own). */
  upload?: FileUploadFieldProps['upload'];
}

/** A file (its stored key) bound to a react-hook-form field: upload, see, remove. */
export function FormFileField<TValues extends FieldValues>(props: FormFileFieldProps<TValues>) {
  const { control, name, purpose, label, disabled, extra, upload } = props;
  const {
    field: { value, onChange },
    fieldState,
  } = useController({ control, name });
  const id = `field-${name}`;
  return (
    <FieldShell id={id} label={label} error={fieldState.error} extra={extra}>
      <FileUploadField
        purpose={purpose}
        value={(value as string | null | undefined) ?? null}
        onChange={(key) => onChange(key)}
        disabled={disabled}
        testId={id}
        {...(upload ? { upload } : {})}
      />
    </FieldShell>
  );
}
