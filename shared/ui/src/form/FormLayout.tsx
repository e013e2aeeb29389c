import { Form, type FormProps } from 'antd';
import type { FormEventHandler, ReactNode } from 'react';

export interface FormLayoutProps {
  /** Usually react-hook-form's handleSubmit(onValid). */
  onSubmit: FormEventHandler<HTMLFormElement>;
  layout?: FormProps['layout'];
  disabled?: boolean;
  id?: string;
  children: ReactNode;
}

/** A native <form> with antd's form layout around the Form*Field components. */
export function FormLayout({
  onSubmit,
  layout = 'vertical',
  disabled,
  id,
  children,
}: FormLayoutProps) {
  return (
    <form id={id} onSubmit={onSubmit} noValidate>
      <Form component={false} layout={layout} disabled={disabled}>
        {children}
      </Form>
    </form>
  );
}
