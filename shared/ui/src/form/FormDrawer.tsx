import { Drawer, type DrawerProps } from 'antd';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { FormFrameBody, FormFrameButtons, type FormFrameProps } from './FormFrameParts';
import { useFormSave } from './useFormSave';

export interface FormDrawerProps<
  TFieldValues extends FieldValues,
  TOutput,
  TResult,
> extends FormFrameProps<TFieldValues, TOutput, TResult> {
  title: ReactNode;
  size?: DrawerProps['size'];
  /** Closing (Cancel, ×, Esc) after asking when something was changed; also after saving. */
  onClose: () => void;
}

/** A form in a side drawer: see useFormSave for what it does around the fields. */
export function FormDrawer<TFieldValues extends FieldValues, TOutput, TResult>(
  props: FormDrawerProps<TFieldValues, TOutput, TResult>,
) {
  const state = useFormSave(props);
  return (
    <Drawer
      open
      title={props.title}
      size={props.size ?? 'large'}
      onClose={() => void state.requestClose()}
      footer={<FormFrameButtons state={state} look={props} />}
      destroyOnHidden
    >
      <FormFrameBody state={state} look={props} />
    </Drawer>
  );
}
