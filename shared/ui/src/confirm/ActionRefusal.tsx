import { Alert } from 'antd';
import type { ReactNode } from 'react';

export interface ActionRefusalProps {
  /** The refusal of useConfirmedAction (nothing is shown while null). */
  refusal: string | null;
  /** What was refused ("The branch could not be deleted"). */
  title: ReactNode;
  onClose: () => void;
  testId?: string;
}

/** Why an action was refused, under the screen's header, until the user closes it. */
export function ActionRefusal({ refusal, title, onClose, testId }: ActionRefusalProps) {
  if (!refusal) return null;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      closable={{ onClose }}
      title={title}
      description={refusal}
      data-testid={testId}
    />
  );
}
