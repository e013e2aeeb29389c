import type { FieldValues } from 'react-hook-form';
import { FormFrameBody, FormFrameButtons, type FormFrameProps } from './FormFrameParts';
import { useFormSave } from './useFormSave';

export type FormPanelProps<TFieldValues extends FieldValues, TOutput, TResult> = Omit<
  FormFrameProps<TFieldValues, TOutput, TResult>,
  'onClose'
>;

/**
 * A form in the page (an edit form in a detail screen, a create screen): the buttons under the
 * fields, Cancel only with onCancel; where to go after saving is onSaved's business. See
 * useFormSave for what it does around the fields.
 */
export function FormPanel<TFieldValues extends FieldValues, TOutput, TResult>(
  props: FormPanelProps<TFieldValues, TOutput, TResult>,
) {
  const state = useFormSave(props);
  return (
    <>
      <FormFrameBody state={state} look={props} />
      <FormFrameButtons state={state} look={props} />
    </>
  );
}
