/** Signed-in users are signed out after 30 minutes without input (spec: inactivity logout). */
export const INACTIVITY_TIMEOUT_MS = 30 * 60 * 1000;
/** How often the timer looks at the clock (a sleeping laptop wakes up to a due check). */
export const INACTIVITY_CHECK_MS = 15 * 1000;
/** Input is written to storage at most this often, so other tabs see it without flooding. */
export const ACTIVITY_WRITE_THROTTLE_MS = 5 * 1000;
/** localStorage: the last input in any tab (a sign-out in one tab signs out all of them). */
export const LAST_ACTIVITY_KEY = 'esim.lastActivityAt';

export const ACTIVITY_EVENTS = [
  'pointerdown',
  'pointermove',
  'keydown',
  'wheel',
  'touchstart',
  'scroll',
] as const;

export interface InactivityOptions {
  timeoutMs: number;
  onTimeout: () => void;
  checkEveryMs?: number;
  now?: () => number;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
}

function safeStorage(): Pick<Storage, 'getItem' | 'setItem'> | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/**
 * Calls onTimeout once when no input happened in any tab for timeoutMs. Returns a stop function.
 */
export function startInactivityTimer({
  timeoutMs,
  onTimeout,
  checkEveryMs = INACTIVITY_CHECK_MS,
  now = Date.now,
  target = window,
  storage = safeStorage(),
}: InactivityOptions): () => void {
  let lastLocal = now();
  let lastWritten = 0;
  let fired = false;

  const write = (time: number) => {
    lastWritten = time;
    try {
      storage?.setItem(LAST_ACTIVITY_KEY, String(time));
    } catch {
      /* storage full or unavailable: this tab still counts its own input */
    }
  };
  const lastActivity = () => {
    const stored = Number(storage?.getItem(LAST_ACTIVITY_KEY) ?? 0);
    return Math.max(lastLocal, Number.isFinite(stored) ? stored : 0);
  };
  const onActivity = () => {
    lastLocal = now();
    if (lastLocal - lastWritten >= ACTIVITY_WRITE_THROTTLE_MS) write(lastLocal);
  };
  const check = () => {
    if (fired || now() - lastActivity() < timeoutMs) return;
    fired = true;
    stop();
    onTimeout();
  };

  write(lastLocal);
  for (const event of ACTIVITY_EVENTS)
    target.addEventListener(event, onActivity, { passive: true, capture: true });
  const interval = setInterval(check, checkEveryMs);
  function stop() {
    clearInterval(interval);
    for (const event of ACTIVITY_EVENTS)
      target.removeEventListener(event, onActivity, { capture: true });
  }
  return stop;
}
