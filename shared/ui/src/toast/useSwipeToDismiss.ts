import { useRef, useState, type PointerEvent } from 'react';
import { TOAST_SWIPE_THRESHOLD } from '@esim/utils';

export interface SwipeHandlers {
  onPointerDown: (event: PointerEvent<HTMLElement>) => void;
  onPointerMove: (event: PointerEvent<HTMLElement>) => void;
  onPointerUp: (event: PointerEvent<HTMLElement>) => void;
  onPointerCancel: () => void;
}

/** Drag right by more than `threshold` px and release to dismiss; shorter drags snap back. */
export function useSwipeToDismiss(onDismiss: () => void, threshold = TOAST_SWIPE_THRESHOLD) {
  const start = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);

  const handlers: SwipeHandlers = {
    onPointerDown: (event) => {
      if (event.button !== 0) return;
      start.current = event.clientX;
      event.currentTarget.setPointerCapture?.(event.pointerId);
    },
    onPointerMove: (event) => {
      if (start.current === null) return;
      setOffset(Math.max(0, event.clientX - start.current));
    },
    onPointerUp: (event) => {
      if (start.current === null) return;
      const distance = event.clientX - start.current;
      start.current = null;
      if (distance > threshold) {
        onDismiss();
      } else {
        setOffset(0);
      }
    },
    onPointerCancel: () => {
      start.current = null;
      setOffset(0);
    },
  };

  return { offset, dragging: offset > 0, handlers };
}
