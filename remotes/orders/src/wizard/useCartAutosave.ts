import type { CartInput } from '@esim/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { saveCart } from '../api';

/** saved: the server has the draft · pending: a save waits for typing to pause · saving · failed. */
export type CartSaveState = 'saved' | 'pending' | 'saving' | 'failed';

const SAVE_DELAY_MS = 700;

/**
 * Saves the wizard's draft to the server (PUT cart) a moment after the last change, so a reload
 * or another tab finds it. Saves run one after the other, never two at once (the last one wins);
 * a change still waiting when the screen goes away is saved then.
 */
export function useCartAutosave(draft: () => CartInput, delayMs = SAVE_DELAY_MS) {
  const [state, setState] = useState<CartSaveState>('saved');
  const latest = useRef(draft);
  useEffect(() => {
    latest.current = draft;
  });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  // Each change counts up; a save only reports 'saved' when no change came after it.
  const changes = useRef(0);

  /** Runs after every save already queued (a DELETE must not be overtaken by an older PUT). */
  const enqueue = useCallback(<T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.current.then(work, work);
    queue.current = next.catch(() => undefined);
    return next;
  }, []);

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const change = changes.current;
    const input = latest.current();
    setState('saving');
    try {
      await enqueue(() => saveCart(input));
      if (change === changes.current) setState('saved');
    } catch {
      if (change === changes.current) setState('failed');
    }
  }, [enqueue]);

  const schedule = useCallback(() => {
    changes.current += 1;
    clearTimeout(timer.current);
    setState('pending');
    timer.current = setTimeout(() => void flush(), delayMs);
  }, [flush, delayMs]);

  /** Forgets a waiting save (the cart is about to be emptied). */
  const cancel = useCallback(() => {
    changes.current += 1;
    clearTimeout(timer.current);
    timer.current = undefined;
    setState('saved');
  }, []);

  useEffect(
    () => () => {
      if (timer.current === undefined) return;
      clearTimeout(timer.current);
      const input = latest.current();
      void enqueue(() => saveCart(input)).catch(() => undefined);
    },
    [enqueue],
  );

  return { state, schedule, flush, cancel, enqueue };
}
