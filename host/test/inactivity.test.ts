import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  INACTIVITY_TIMEOUT_MS,
  LAST_ACTIVITY_KEY,
  startInactivityTimer,
} from '../src/session/inactivity';

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
});
afterEach(() => vi.useRealTimers());

describe('inactivity logout', () => {
  it('is 30 minutes', () => {
    expect(INACTIVITY_TIMEOUT_MS).toBe(30 * 60 * 1000);
  });

  it('fires once after 30 minutes without input', () => {
    const onTimeout = vi.fn();
    const stop = startInactivityTimer({ timeoutMs: INACTIVITY_TIMEOUT_MS, onTimeout });
    vi.advanceTimersByTime(INACTIVITY_TIMEOUT_MS - 60_000);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(120_000);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(INACTIVITY_TIMEOUT_MS * 2);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    stop();
  });

  it('input restarts the clock', () => {
    const onTimeout = vi.fn();
    const stop = startInactivityTimer({ timeoutMs: INACTIVITY_TIMEOUT_MS, onTimeout });
    vi.advanceTimersByTime(20 * 60_000);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    vi.advanceTimersByTime(20 * 60_000);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(11 * 60_000);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    stop();
  });

  it('counts input in another tab (shared through localStorage)', () => {
    const onTimeout = vi.fn();
    const stop = startInactivityTimer({ timeoutMs: INACTIVITY_TIMEOUT_MS, onTimeout });
    vi.advanceTimersByTime(25 * 60_000);
    localStorage.setItem(LAST_ACTIVITY_KEY, String(Date.now()));
    vi.advanceTimersByTime(25 * 60_000);
    expect(onTimeout).not.toHaveBeenCalled();
    stop();
  });

  it('stops listening when stopped', () => {
    const onTimeout = vi.fn();
    startInactivityTimer({ timeoutMs: INACTIVITY_TIMEOUT_MS, onTimeout })();
    vi.advanceTimersByTime(INACTIVITY_TIMEOUT_MS * 2);
    expect(onTimeout).not.toHaveBeenCalled();
  });
});
