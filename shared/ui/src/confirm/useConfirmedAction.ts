import { isApiError } from '@esim/platform';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConfirmOptions } from './ConfirmDialog';
import { confirm } from './confirmStore';

export interface ConfirmedActionOptions<TArg, TResult> {
  /** What is asked first; a function of the argument to name the record ("Delete 'Tokyo'?"). */
  question: ConfirmOptions | ((arg: TArg) => ConfirmOptions);
  /** The action once confirmed: usually a mutation's mutateAsync (its options invalidate). */
  action: (arg: TArg) => Promise<TResult>;
  /** After the action succeeded: leave the deleted record, toast, close a dialog. */
  onDone?: (result: TResult, arg: TArg) => void | Promise<void>;
}

export interface ConfirmedAction<TArg> {
  /** Asks, then runs the action; true when it ran and succeeded, false otherwise. */
  run: (arg: TArg) => Promise<boolean>;
  /** The action is on its way (spin its button). */
  pending: boolean;
  /** Why the last attempt was refused (the API's message, translated), shown with <ActionRefusal/>. */
  refusal: string | null;
  clearRefusal: () => void;
}

/**
 * An action that asks first (the kit's confirm dialog) and keeps the API's refusal to show:
 * the delete / remove / retry buttons of detail screens. A refusal (409 changed meanwhile, 422
 * still in use) is the API's own words; anything else the default error text.
 */
export function useConfirmedAction<TArg = void, TResult = unknown>(
  options: ConfirmedActionOptions<TArg, TResult>,
): ConfirmedAction<TArg> {
  const { t } = useTranslation('common');
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const run = useCallback(
    async (arg: TArg) => {
      setRefusal(null);
      const { question } = latest.current;
      const confirmed = await confirm(typeof question === 'function' ? question(arg) : question);
      if (!confirmed) return false;
      setPending(true);
      let result: TResult;
      try {
        result = await latest.current.action(arg);
      } catch (error) {
        setRefusal(isApiError(error) ? error.message : t('errors.default'));
        return false;
      } finally {
        setPending(false);
      }
      await latest.current.onDone?.(result, arg);
      return true;
    },
    [t],
  );

  const clearRefusal = useCallback(() => setRefusal(null), []);
  return { run, pending, refusal, clearRefusal };
}

/**
 * useConfirmedAction for removing a record: the question is danger-red and its button says
 * "Delete" unless the area words it otherwise.
 */
export function useConfirmedDelete<TArg = void, TResult = unknown>(
  options: ConfirmedActionOptions<TArg, TResult>,
): ConfirmedAction<TArg> {
  const { t } = useTranslation('ui');
  const { question } = options;
  return useConfirmedAction({
    ...options,
    question: (arg: TArg) => ({
      confirmText: t('confirm.delete'),
      danger: true,
      ...(typeof question === 'function' ? question(arg) : question),
    }),
  });
}
