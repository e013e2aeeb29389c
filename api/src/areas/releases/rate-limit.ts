/** A per-key fixed-window counter in this process (error beacons per user). */
export function createRateLimiter(max: number, windowMs: number, now: () => number = Date.now) {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    /** Counts one event of `key`; false when the window's allowance is used up. */
    take(key: string): boolean {
      const at = now();
      const current = windows.get(key);
      if (!current || at - current.start >= windowMs) {
        // Forget finished windows now and then, so the map holds only active keys.
        if (windows.size > 10_000) {
          for (const [other, window] of windows)
            if (at - window.start >= windowMs) windows.delete(other);
        }
        windows.set(key, { start: at, count: 1 });
        return true;
      }
      current.count += 1;
      return current.count <= max;
    },
  };
}
