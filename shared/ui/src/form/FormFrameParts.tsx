import { Button, Flex } from 'antd';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormLayout } from './FormLayout';
import { ConflictAlert, ServerErrors } from './saveErrors';
import type { FormSaveOptions, FormSaveState } from './useFormSave';

/** What FormDialog, FormDrawer and FormPanel share: the save behaviour and the buttons. */
export interface FormFrameProps<
  TFieldValues extends FieldValues,
  TOutput,
  TResult,
> extends FormSaveOptions<TFieldValues, TOutput, TResult> {
  /** Defaults to the kit's "Save" / "Cancel". */
  submitText?: string;
  cancelText?: string;
  /** A red Save for a destructive save (e.g. a rollback). */
  submitDanger?: boolean;
  submitDisabled?: boolean;
  submitTestId?: string;
  /** The area's words (and test id) for the version conflict; the kit's otherwise. */
  conflictAlert?: { title?: string; description?: string; testId?: string };
  /** data-testid around the form's content. */
  testId?: string;
  children: ReactNode;
  /** Shown under the fields but not part of the form (Enter there does not save), e.g. a preview. */
  below?: ReactNode;
  /** More buttons beside Save, before it (e.g. "Preview"); they do not submit the form. */
  footerExtra?: ReactNode;
}

type FrameLook = Pick<
  FormFrameProps<FieldValues, unknown, unknown>,
  | 'submitText'
  | 'cancelText'
  | 'submitDanger'
  | 'submitDisabled'
  | 'submitTestId'
  | 'conflictAlert'
  | 'testId'
  | 'children'
  | 'below'
  | 'footerExtra'
  | 'onClose'
  | 'onCancel'
> & { dangerAction?: { label: string; hidden?: boolean; testId?: string } };

/** The refusals of the last save, then the fields. */
export function FormFrameBody({ state, look }: { state: FormSaveState; look: FrameLook }) {
  return (
    <div data-testid={look.testId}>
      {state.conflict && (
        <div style={{ marginBottom: 16 }}>
          <ConflictAlert
            {...look.conflictAlert}
            onReload={() => void state.reload()}
            reloading={state.reloading}
          />
        </div>
      )}
      <ServerErrors messages={state.unplaced} />
      <FormLayout id={state.formId} onSubmit={(event) => void state.submit(event)}>
        {look.children}
      </FormLayout>
      {look.below}
    </div>
  );
}

/** Cancel, the optional danger action and Save (bound to the form by its id). */
export function FormFrameButtons({ state, look }: { state: FormSaveState; look: FrameLook }) {
  const { t } = useTranslation('ui');
  const { dangerAction } = look;
  return (
    <Flex justify="flex-end" gap="small" wrap>
      {(look.onCancel ?? look.onClose) && (
        <Button onClick={() => void state.requestClose()} autoInsertSpace={false}>
          {look.cancelText ?? t('form.cancel')}
        </Button>
      )}
      {dangerAction && !dangerAction.hidden && (
        <Button
          danger
          onClick={() => void state.runDangerAction()}
          disabled={state.conflict || state.pending}
          autoInsertSpace={false}
          data-testid={dangerAction.testId}
        >
          {dangerAction.label}
        </Button>
      )}
      {look.footerExtra}
      <Button
        type="primary"
        htmlType="submit"
        form={state.formId}
        danger={look.submitDanger}
        loading={state.pending}
        disabled={state.saveBlocked || look.submitDisabled}
        autoInsertSpace={false}
        data-testid={look.submitTestId}
      >
        {look.submitText ?? t('form.save')}
      </Button>
    </Flex>
  );
}
