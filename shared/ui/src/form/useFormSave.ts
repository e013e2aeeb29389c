import { useId, useState, type FormEvent } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ConfirmOptions } from '../confirm/ConfirmDialog';
import { confirm } from '../confirm/confirmStore';
import { useUnsavedChangesPrompt } from '../unsaved/useUnsavedChangesPrompt';
import { useHasInputProblem } from './inputProblems';
import { handleSaveError } from './saveErrors';

/** A second, destructive way to save (e.g. 'Clear price'), always confirmed before it runs. */
export interface FormDangerAction<TResult> {
  label: string;
  run: () => Promise<TResult>;
  /** The question asked first; the kit's "Are you sure?" with the label as its button otherwise. */
  confirm?: ConfirmOptions;
  hidden?: boolean;
  testId?: string;
}

export interface FormSaveOptions<TFieldValues extends FieldValues, TOutput, TResult> {
  /** The form of useValibotForm. */
  form: UseFormReturn<TFieldValues, unknown, TOutput>;
  /** Saves the validated values: usually a mutation's mutateAsync (its options invalidate). */
  onSubmit: (values: TOutput) => Promise<TResult>;
  /** After a successful save, before the form closes (e.g. open the new record). */
  onSaved?: (result: TResult) => void | Promise<void>;
  /** The form goes away: after a successful save, and on Cancel unless onCancel is given. */
  onClose?: () => void;
  /** Cancel, after asking when something was changed (a form in the page leaves it). */
  onCancel?: () => void;
  /** The conflict alert's Reload: load the record as it is now and put it in the form. */
  onReload?: () => void | Promise<void>;
  /** Only these fields take the API's field errors (all named fields when left out). */
  serverFields?: readonly string[];
  /** Runs before validation, e.g. to turn an emptied number into the contract's null. */
  beforeValidate?: () => void;
  /** A check the schema cannot make; it sets its own field errors and returns false to stop. */
  validate?: (values: TOutput) => boolean;
  /** Asks before saving these values (e.g. pinning a release). */
  confirmSubmit?: (values: TOutput) => ConfirmOptions;
  /** The area's words for "Discard your changes?". */
  discard?: ConfirmOptions;
  dangerAction?: FormDangerAction<TResult>;
}

/**
 * What every form dialog, drawer and panel does around its fields: save, put the API's refusals
 * on the form (field errors on their fields, the rest as messages, a stale version as a
 * conflict), ask before dropping unsaved changes (Cancel and leaving the route).
 */
export function useFormSave<TFieldValues extends FieldValues, TOutput, TResult>({
  form,
  onSubmit,
  onSaved,
  onClose,
  onCancel = onClose,
  onReload,
  serverFields,
  beforeValidate,
  validate,
  confirmSubmit,
  discard,
  dangerAction,
}: FormSaveOptions<TFieldValues, TOutput, TResult>) {
  const { t } = useTranslation('ui');
  const formId = useId();
  const [pending, setPending] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [unplaced, setUnplaced] = useState<string[]>([]);
  const { isDirty } = form.formState;
  const prompt = useUnsavedChangesPrompt(isDirty);
  const inputRefused = useHasInputProblem(form.control);

  const save = async (run: () => Promise<TResult>) => {
    setConflict(false);
    setUnplaced([]);
    setPending(true);
    let result: TResult;
    try {
      result = await run();
    } catch (error) {
      const outcome = handleSaveError(error, form.setError, serverFields);
      setConflict(outcome.conflict);
      setUnplaced(outcome.unplaced);
      return;
    } finally {
      setPending(false);
    }
    form.reset(form.getValues());
    // onSaved / onClose may navigate before the form re-renders as saved.
    prompt.allowNextNavigation();
    await onSaved?.(result);
    onClose?.();
  };

  const submit = (event?: FormEvent) => {
    beforeValidate?.();
    return form.handleSubmit(async (values) => {
      if (validate && !validate(values)) return;
      if (confirmSubmit && !(await confirm(confirmSubmit(values)))) return;
      await save(() => onSubmit(values));
    })(event);
  };

  const requestClose = async () => {
    if (isDirty) {
      const leave = await confirm({
        title: t('form.discardTitle'),
        description: t('form.discardDescription'),
        ...discard,
      });
      if (!leave) return;
      prompt.allowNextNavigation();
    }
    onCancel?.();
  };

  const runDangerAction = async () => {
    if (!dangerAction) return;
    const go = await confirm({ confirmText: dangerAction.label, ...dangerAction.confirm });
    if (go) await save(dangerAction.run);
  };

  const reload = async () => {
    setReloading(true);
    try {
      await onReload?.();
      setConflict(false);
    } finally {
      setReloading(false);
    }
  };

  return {
    formId,
    pending,
    conflict,
    reloading,
    unplaced,
    /** Save is refused while a field holds text it cannot take or the record is stale. */
    saveBlocked: inputRefused || conflict,
    submit,
    requestClose,
    runDangerAction,
    reload,
  };
}

export type FormSaveState = ReturnType<typeof useFormSave>;
