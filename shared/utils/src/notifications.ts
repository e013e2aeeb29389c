/** Modal notification variants (spec section 2). */
export const NOTIFICATION_VARIANTS = ['success', 'error', 'warning'] as const;
export type NotificationVariant = (typeof NOTIFICATION_VARIANTS)[number];

/** A modal notification's title defaults to the uppercased variant ('error' -> 'ERROR'). */
export function notificationTitle(variant: NotificationVariant, title?: string): string {
  return title && title.trim() !== '' ? title : variant.toUpperCase();
}

/** Toasts: default duration 5000 ms, dismissed by swiping right past 50 px. */
export const TOAST_DURATION_MS = 5_000;
export const TOAST_SWIPE_THRESHOLD = 50;
export const SWIPE_DIRECTION = 'right';
