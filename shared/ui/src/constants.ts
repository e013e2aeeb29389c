/**
 * Constants of this package that the spec leaves open (section 4: "delay and maximum count
 * not shown"). The spec's own constants come from @esim/utils.
 */
/** How long a dismissed toast stays mounted for its exit animation. */
export const TOAST_REMOVE_DELAY_MS = 300;
/** Most toasts visible at once; older ones are dismissed. */
export const TOAST_LIMIT = 5;
