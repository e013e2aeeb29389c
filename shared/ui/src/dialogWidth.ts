import { DIALOG_MAX_WIDTH_PX } from '@esim/utils';

/** Dialog width: the spec's 600px content maximum, never wider than a small screen. */
export const DIALOG_WIDTH = `min(${DIALOG_MAX_WIDTH_PX}px, calc(100vw - 32px))`;
