import { create } from 'zustand';
import { TOAST_DURATION_MS } from '@esim/utils';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '../constants';

export type ToastType = 'success' | 'error' | 'info' | 'warning';

/** added/updated toasts are 'open'; a dismissed one plays its exit, then is removed. */
export type ToastStatus = 'open' | 'dismissed';

export interface ToastItem {
  id: string;
  type: ToastType;
  text: string;
  /** Milliseconds until it dismisses itself; 0 or Infinity keeps it until closed. */
  duration: number;
  status: ToastStatus;
}

export interface ToastInput {
  type: ToastType;
  text: string;
  duration?: number;
  /** Reusing an id updates that toast instead of adding another. */
  id?: string;
}

interface ToastState {
  toasts: ToastItem[];
  add: (input: ToastInput) => string;
  update: (id: string, patch: Partial<Pick<ToastItem, 'type' | 'text' | 'duration'>>) => void;
  dismiss: (id: string) => void;
  remove: (id: string) => void;
  /** Stops the auto-dismiss clock (hover / focus), resume restarts it with the time left. */
  pause: (id: string) => void;
  resume: (id: string) => void;
}

interface Clock {
  timer?: ReturnType<typeof setTimeout>;
  remaining: number;
  startedAt: number;
}

const clocks = new Map<string, Clock>();
const removals = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function stopClock(id: string) {
  const clock = clocks.get(id);
  if (clock?.timer) clearTimeout(clock.timer);
  clocks.delete(id);
}

/** The toast list and its lifecycle: added -> (updated) -> dismissed -> removed. */
export const useToastStore = create<ToastState>()((set, get) => {
  const startClock = (id: string, duration: number) => {
    stopClock(id);
    if (!Number.isFinite(duration) || duration <= 0) return;
    clocks.set(id, {
      remaining: duration,
      startedAt: Date.now(),
      timer: setTimeout(() => get().dismiss(id), duration),
    });
  };

  return {
    toasts: [],
    add: ({ type, text, duration = TOAST_DURATION_MS, id }) => {
      if (id && get().toasts.some((t) => t.id === id && t.status === 'open')) {
        get().update(id, { type, text, duration });
        return id;
      }
      const toastId = id ?? `toast-${++counter}`;
      set((s) => ({
        toasts: [
          ...s.toasts.filter((t) => t.id !== toastId),
          { id: toastId, type, text, duration, status: 'open' },
        ],
      }));
      startClock(toastId, duration);
      const open = get().toasts.filter((t) => t.status === 'open');
      open.slice(0, Math.max(0, open.length - TOAST_LIMIT)).forEach((t) => get().dismiss(t.id));
      return toastId;
    },
    update: (id, patch) => {
      const current = get().toasts.find((t) => t.id === id);
      if (!current || current.status !== 'open') return;
      set((s) => ({ toasts: s.toasts.map((t) => (t.id === id ? { ...t, ...patch } : t)) }));
      startClock(id, patch.duration ?? current.duration);
    },
    dismiss: (id) => {
      const current = get().toasts.find((t) => t.id === id);
      if (!current || current.status !== 'open') return;
      stopClock(id);
      set((s) => ({
        toasts: s.toasts.map((t) => (t.id === id ? { ...t, status: 'dismissed' } : t)),
      }));
      removals.set(
        id,
        setTimeout(() => get().remove(id), TOAST_REMOVE_DELAY_MS),
      );
    },
    remove: (id) => {
      stopClock(id);
      const removal = removals.get(id);
      if (removal) clearTimeout(removal);
      removals.delete(id);
      set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
    },
    pause: (id) => {
      const clock = clocks.get(id);
      if (!clock?.timer) return;
      clearTimeout(clock.timer);
      clocks.set(id, {
        remaining: clock.remaining - (Date.now() - clock.startedAt),
        startedAt: Date.now(),
      });
    },
    resume: (id) => {
      const clock = clocks.get(id);
      if (!clock || clock.timer) return;
      const remaining = Math.max(0, clock.remaining);
      clocks.set(id, {
        remaining,
        startedAt: Date.now(),
        timer: setTimeout(() => get().dismiss(id), remaining),
      });
    },
  };
});
