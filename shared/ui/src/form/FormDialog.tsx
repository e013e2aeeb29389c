import { Modal } from 'antd';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { FormFrameBody, FormFrameButtons, type FormFrameProps } from './FormFrameParts';
import { useFormSave } from './useFormSave';

export interface FormDialogProps<
  TFieldValues extends FieldValues,
  TOutput,
  TResult,
> extends FormFrameProps<TFieldValues, TOutput, TResult> {
  title: ReactNode;
  width?: number | string;
  /** Closing (Cancel, ×, Esc) after asking when something was changed; also after saving. */
  onClose: () => void;
}

/** A form in a modal dialog: see useFormSave for what it does around the fields. */
export function FormDialog<TFieldValues extends FieldValues, TOutput, TResult>(
  props: FormDialogProps<TFieldValues, TOutput, TResult>,
) {
  const state = useFormSave(props);
  return (
    <Modal
      open
      title={props.title}
      width={props.width}
      onCancel={() => void state.requestClose()}
      footer={<FormFrameButtons state={state} look={props} />}
      destroyOnHidden
    >
      <FormFrameBody state={state} look={props} />
    </Modal>
  );
}
