import { describe, expect, it } from 'vitest';
import {
  NOTIFICATION_VARIANTS,
  SWIPE_DIRECTION,
  TOAST_DURATION_MS,
  TOAST_SWIPE_THRESHOLD,
  notificationTitle,
} from '../src';

describe('notifications', () => {
  it('modal variants are success, error and warning; the title defaults to the uppercased variant', () => {
    expect(NOTIFICATION_VARIANTS).toEqual(['success', 'error', 'warning']);
    expect(notificationTitle('error')).toBe('ERROR');
    expect(notificationTitle('warning', '')).toBe('WARNING');
    expect(notificationTitle('success', 'Saved')).toBe('Saved');
  });

  it('toasts last 5000 ms and are swiped right past 50', () => {
    expect(TOAST_DURATION_MS).toBe(5_000);
    expect(SWIPE_DIRECTION).toBe('right');
    expect(TOAST_SWIPE_THRESHOLD).toBe(50);
  });
});
