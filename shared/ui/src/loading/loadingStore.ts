import { create } from 'zustand';

interface CounterState {
  count: number;
}

/** Counts overlapping operations: shown while at least one show() has no matching hide(). */
export const useLoadingStore = create<CounterState>()(() => ({ count: 0 }));

export const loading = {
  show: () => useLoadingStore.setState((s) => ({ count: s.count + 1 })),
  hide: () => useLoadingStore.setState((s) => ({ count: Math.max(0, s.count - 1) })),
  /** Shows the overlay while the promise runs. */
  track: async <R>(work: Promise<R>): Promise<R> => {
    loading.show();
    try {
      return await work;
    } finally {
      loading.hide();
    }
  },
};
