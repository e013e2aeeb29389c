import { create } from 'zustand';

export const PROGRESS_TRICKLE_MS = 200;
export const PROGRESS_FINISH_MS = 300;

interface ProgressState {
  /** Operations started and not done yet. */
  active: number;
  /** Bar width in percent; null when hidden. */
  value: number | null;
}

export const useProgressStore = create<ProgressState>()(() => ({ active: 0, value: null }));

let trickle: ReturnType<typeof setInterval> | undefined;
let finish: ReturnType<typeof setTimeout> | undefined;

function stopTimers() {
  clearInterval(trickle);
  clearTimeout(finish);
  trickle = undefined;
  finish = undefined;
}

/** Thin top bar for navigations and background work: start() ... done(); creeps towards 90%. */
export const progress = {
  start: () => {
    const { active, value } = useProgressStore.getState();
    useProgressStore.setState({
      active: active + 1,
      value: value === null || value >= 100 ? 8 : value,
    });
    if (active > 0) return;
    stopTimers();
    trickle = setInterval(() => {
      useProgressStore.setState((s) => ({
        value: s.value === null ? 8 : s.value + (90 - s.value) * 0.1,
      }));
    }, PROGRESS_TRICKLE_MS);
  },
  done: () => {
    const active = Math.max(0, useProgressStore.getState().active - 1);
    useProgressStore.setState({ active });
    if (active > 0) return;
    stopTimers();
    useProgressStore.setState((s) => ({ value: s.value === null ? null : 100 }));
    finish = setTimeout(() => useProgressStore.setState({ value: null }), PROGRESS_FINISH_MS);
  },
};
