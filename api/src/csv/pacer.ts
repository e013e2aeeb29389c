import { performance } from 'node:perf_hooks';
import { setImmediate as nextMacrotask } from 'node:timers/promises';

/** How long a CSV loop may hold the event loop before it lets other requests run. */
export const CSV_SLICE_MS = 10;

/**
 * Keeps a long loop (100,000 rows) from stalling the server: `if (pacer.due()) await pacer.pause()`
 * once per row hands the event loop over every CSV_SLICE_MS (setImmediate, so I/O callbacks run;
 * a resolved promise would not let them).
 */
export class Pacer {
  private since = performance.now();

  constructor(private readonly sliceMs = CSV_SLICE_MS) {}

  due(): boolean {
    return performance.now() - this.since >= this.sliceMs;
  }

  async pause(): Promise<void> {
    await nextMacrotask();
    this.since = performance.now();
  }
}
