import { Button, Flex, Progress, Steps } from 'antd';
import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConfirmOptions } from '../confirm/ConfirmDialog';
import { confirm } from '../confirm/confirmStore';
import {
  ANTD_STEP_STATUS,
  wizardProgress,
  wizardStepStates,
  type WizardStepState,
} from './wizardState';

export interface WizardStep {
  key: string;
  /** Translated step name, shown in the step indicator. */
  title: ReactNode;
  content: ReactNode;
  /** false blocks Next (the step is not valid yet: empty basket, form with errors). Default true. */
  canProceed?: boolean;
  /** false hides Back on this step. Default true (always false from an irreversible step on). */
  canGoBack?: boolean;
  /**
   * Runs when the user presses Next (after the confirm dialog, if the next step is irreversible).
   * Throw, reject or resolve false to stay on the step; a throw or reject marks it error.
   */
  onNext?: () => unknown;
  /**
   * Entering this step cannot be undone (the purchase): the wizard asks first with confirm()
   * (these options, or a translated default), and there is no Back from this step on.
   */
  irreversible?: boolean | ConfirmOptions;
  /** Next button text on this step; defaults to a translated "Next". */
  nextLabel?: ReactNode;
  /** Marks the step failed from outside (e.g. the purchase answered with an error). */
  error?: boolean;
}

export interface WizardProps {
  steps: WizardStep[];
  /** Accessible name of the whole wizard, e.g. "Purchase order". */
  label: string;
  initialStep?: number;
  onStepChange?: (index: number, key: string) => void;
}

const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

/**
 * Step-by-step flow on antd Steps with the spec's step states and progress (0/25/50/75/100 for
 * five steps). Navigation is guarded: Next only when the step allows it, never skipping ahead;
 * Back unless the step forbids it or an irreversible step has been passed; a confirm dialog
 * before entering an irreversible step.
 */
export function Wizard({ steps, label, initialStep = 0, onStepChange }: WizardProps) {
  const { t } = useTranslation('ui');
  const [current, setCurrent] = useState(() =>
    Math.min(Math.max(initialStep, 0), steps.length - 1),
  );
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);
  const moved = useRef(false);

  useEffect(() => {
    // Keyboard and screen-reader users land on the new step, not on a button that moved away.
    if (moved.current) panelRef.current?.focus();
  }, [current]);

  const step = steps[current];
  const isLast = current === steps.length - 1;
  const next = steps[current + 1];
  const committed = steps.slice(1, current + 1).some((s) => s.irreversible);
  const canGoBack = current > 0 && !committed && step.canGoBack !== false && !busy;
  const canProceed = !isLast && step.canProceed !== false && !busy;
  const states = wizardStepStates(current, steps.length, failed || step.error === true);
  const progress = wizardProgress(current, steps.length);

  const go = (index: number) => {
    moved.current = true;
    setFailed(false);
    setCurrent(index);
    onStepChange?.(index, steps[index].key);
  };

  const onNext = async () => {
    if (!canProceed || !next) return;
    if (next.irreversible) {
      const options = typeof next.irreversible === 'object' ? next.irreversible : {};
      const confirmed = await confirm({
        title: t('wizard.confirmTitle'),
        description: t('wizard.confirmDescription'),
        confirmText: next.title,
        ...options,
      });
      if (!confirmed) return;
    }
    setBusy(true);
    try {
      const result = await step.onNext?.();
      setBusy(false);
      if (result === false) return;
      go(current + 1);
    } catch {
      setBusy(false);
      setFailed(true);
    }
  };

  return (
    <Flex vertical gap="middle" role="group" aria-label={label}>
      <Progress
        percent={progress}
        aria-label={t('wizard.progress', { current: current + 1, total: steps.length })}
      />
      <Steps
        current={current}
        items={steps.map((s, index) => ({
          key: s.key,
          className: `esim-wizard-step esim-wizard-step-${states[index]}`,
          status: ANTD_STEP_STATUS[states[index]],
          title: (
            <>
              {s.title}
              <span style={VISUALLY_HIDDEN}>{` (${t(`wizard.state.${states[index]}`)})`}</span>
            </>
          ),
        }))}
      />
      <div
        ref={panelRef}
        tabIndex={-1}
        role="region"
        aria-label={typeof step.title === 'string' ? step.title : undefined}
        style={{ outline: 'none' }}
      >
        {step.content}
      </div>
      <Flex gap="small" justify="flex-end">
        {current > 0 && !committed && step.canGoBack !== false && (
          <Button
            disabled={!canGoBack}
            onClick={() => go(current - 1)}
            autoInsertSpace={false}
            data-testid="wizard-back"
          >
            {t('wizard.back')}
          </Button>
        )}
        {!isLast && (
          // A test id: antd keeps the spinner's icon (named "loading") in the button until its
          // leave animation ends, so the accessible name is not always the label alone.
          <Button
            type="primary"
            disabled={!canProceed}
            loading={busy}
            onClick={onNext}
            // antd would space out a two-kanji label ('購入' as '購 入').
            autoInsertSpace={false}
            data-testid="wizard-next"
          >
            {step.nextLabel ?? t('wizard.next')}
          </Button>
        )}
      </Flex>
    </Flex>
  );
}

export type { WizardStepState };
