import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, type BlockerFunction } from 'react-router-dom';
import type { ConfirmOptions } from '../confirm/ConfirmDialog';
import { confirm } from '../confirm/confirmStore';

export interface UnsavedChangesPrompt {
  /** Lets the next navigation through without asking (e.g. right after a successful save). */
  allowNextNavigation: () => void;
}

/**
 * While `isDirty`, leaving the route asks for confirmation (react-router's useBlocker, so the
 * app needs a data router) and closing / reloading the tab triggers the browser's own prompt.
 * The question is shown through confirm(), so <ConfirmDialogHost/> must be mounted.
 */
export function useUnsavedChangesPrompt(
  isDirty: boolean,
  options: ConfirmOptions = {},
): UnsavedChangesPrompt {
  const { t } = useTranslation('ui');
  const allowOnce = useRef(false);
  const promptedFor = useRef<string | null>(null);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => {
      if (allowOnce.current) {
        allowOnce.current = false;
        return false;
      }
      return (
        isDirty &&
        (currentLocation.pathname !== nextLocation.pathname ||
          currentLocation.search !== nextLocation.search)
      );
    },
    [isDirty],
  );
  const blocker = useBlocker(shouldBlock);

  const { title, description, confirmText, cancelText, danger } = options;
  useEffect(() => {
    if (blocker.state !== 'blocked') {
      promptedFor.current = null;
      return;
    }
    if (promptedFor.current === blocker.location.key) return;
    promptedFor.current = blocker.location.key;
    void confirm({
      title: title ?? t('unsaved.title'),
      description: description ?? t('unsaved.description'),
      confirmText,
      cancelText,
      danger,
    }).then((leave) => (leave ? blocker.proceed() : blocker.reset()));
  }, [blocker, t, title, description, confirmText, cancelText, danger]);

  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers only prompt when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);

  return {
    allowNextNavigation: () => {
      allowOnce.current = true;
    },
  };
}
