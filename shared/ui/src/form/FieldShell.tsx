import { Form } from 'antd';
import type { ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';
import { useErrorText } from './useErrorText';

export interface FieldShellProps {
  id: string;
  label?: ReactNode;
  required?: boolean;
  error?: FieldError;
  extra?: ReactNode;
  children: ReactNode;
}

/** antd Form.Item look (label, required mark, red help text) for a react-hook-form field. */
export function FieldShell({ id, label, required, error, extra, children }: FieldShellProps) {
  const help = useErrorText(error);
  return (
    <Form.Item
      label={label}
      htmlFor={id}
      required={required}
      validateStatus={help ? 'error' : undefined}
      help={help}
      extra={extra}
    >
      {children}
    </Form.Item>
  );
}
