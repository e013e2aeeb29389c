/**
 * Business constants and limits from spec section 9 that the console uses. Constants with a
 * home of their own live beside their helper (query.ts, languages.ts, notifications.ts,
 * numbers.ts, dates.ts, strings.ts).
 */
import { PAGE_SIZES } from '@esim/contracts';

/** Page size options (10, 20, 30, 50, 100), re-exported from @esim/contracts. */
export { PAGE_SIZES };
export const DEFAULT_PAGE_SIZE = PAGE_SIZES[0];
/** Page numbers start at 1. */
export const FIRST_PAGE = 1;

/** Every API call times out after 60 s. */
export const HTTP_TIMEOUT_MS = 60_000;

/** Sign-in: a wrong OTP may be retried this many times before the sign-in starts over. */
export const INITIAL_OTP_ATTEMPTS = 2;
/** Sign-out gives up after 3 s ('Signout timeout fail'). */
export const SIGNOUT_TIMEOUT_MS = 3_000;
/** Browser storage key of the last sign-in date; sign-out removes it. */
export const LAST_LOGIN_DATE_KEY = 'lastLoginDate';
/** Auto sign-in after sign-up polls every 5 s for up to 3 minutes. */
export const AUTO_SIGN_IN_POLL_MS = 5_000;
export const AUTO_SIGN_IN_TIMEOUT_MS = 180_000;
/** Identity service region (runtime config may override it). */
export const DEFAULT_IDENTITY_REGION = 'ap-northeast-1';

/** Translation loader: up to 5 retries, 10 parallel reads. */
export const TRANSLATION_LOAD_MAX_RETRIES = 5;
export const TRANSLATION_LOAD_MAX_PARALLEL_READS = 10;

/** Business defaults. */
export const DEFAULT_CURRENCY = 'JPY';
export const DEFAULT_PHONE_CODE = '81';
export const DEFAULT_BRANCH_LOCATION = 'JP';
export const DEFAULT_STATUS = 'active';
export const STATUSES = ['active', 'inactive'] as const;
export const DEFAULT_TARIFF_BASE = 'cost';
export const DEFAULT_TARIFF_LOGIC = { logic1: 40, logic2: 0, logic3: 0 } as const;
export const DEFAULT_THROTTLING_SPEED = 128;
export const DEFAULT_TAX_TYPE = 'VAT';
export const DEFAULT_INVOICE_TITLE = 'Invoice';
export const DEFAULT_RECEIPT_TITLE = 'Receipt';

/** Markup percentage options: 100 down to 0 in steps of 5, then -5 to -50. */
export const MARKUP_PERCENT_OPTIONS: readonly number[] = Object.freeze(
  Array.from({ length: 31 }, (_, index) => 100 - index * 5),
);
/** Max/min choice values. */
export const MAX_MIN_CHOICE = { max: 1, min: 0 } as const;

/** Layout. */
export const DIALOG_MAX_WIDTH_PX = 600;
export const ALERT_HEADER_MAX_HEIGHT_PX = 500;
export const SCROLL_HIDE_DELAY_MS = 600;

/** Order wizard: five steps, their progress values and the step indicator states. */
export const WIZARD_STEPS = [
  'selectBundle',
  'orderInformation',
  'orderPreview',
  'purchase',
  'completed',
] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];
export const WIZARD_PROGRESS = [0, 25, 50, 75, 100] as const;
export const WIZARD_STEP_STATES = ['active', 'inactive', 'success', 'error'] as const;
export type WizardStepState = (typeof WIZARD_STEP_STATES)[number];

/** Progress (0..100) of a wizard step. */
export function wizardProgress(step: WizardStep): number {
  return WIZARD_PROGRESS[WIZARD_STEPS.indexOf(step)] ?? 0;
}
