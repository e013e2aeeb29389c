/** The spec's step indicator states (section "Order wizard"). */
export type WizardStepState = 'active' | 'inactive' | 'success' | 'error';

/** antd Steps' word for each of the spec's states. */
export const ANTD_STEP_STATUS = {
  active: 'process',
  inactive: 'wait',
  success: 'finish',
  error: 'error',
} as const satisfies Record<WizardStepState, 'wait' | 'process' | 'finish' | 'error'>;

/**
 * Progress of the step at `index` out of `count`, evenly from 0 (first) to 100 (last): five steps
 * give the spec's 0, 25, 50, 75, 100.
 */
export function wizardProgress(index: number, count: number): number {
  if (count <= 1) return 100;
  return Math.round((Math.min(Math.max(index, 0), count - 1) / (count - 1)) * 100);
}

/**
 * State of every step: those before the current one succeeded, the current one is active (or
 * error when its last attempt failed), those after it are inactive. The last step is a result
 * page, so reaching it marks it success.
 */
export function wizardStepStates(
  current: number,
  count: number,
  failed: boolean = false,
): WizardStepState[] {
  return Array.from({ length: count }, (_, index) => {
    if (index < current) return 'success';
    if (index > current) return 'inactive';
    if (failed) return 'error';
    return index === count - 1 ? 'success' : 'active';
  });
}
