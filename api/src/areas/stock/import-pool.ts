/**
 * The stock CSV check runs in a worker thread (import-worker.ts): parse, row checks, seal and
 * mask off the event loop. Measured on a 100,000-row file: the parse + check alone allocated
 * about 150 MB on the server's heap and, even paced in 10 ms slices, its scavenges and
 * mark-compact steps held the loop 20-46 ms at a time, so /healthz answered in 75-156 ms on a
 * busy machine; in a thread the loop only copies the answer in.
 */
import { createWorkerPool } from '../../workers/pool';
import type { StockFileCheck } from './import-check';
import type { StockFileTask } from './import-worker';

const pool = createWorkerPool<StockFileTask, StockFileCheck>({
  source: new URL('./import-worker.ts', import.meta.url),
  bundled: 'stock-import-worker.mjs',
  caller: import.meta.url,
});

/** Files from this size on are moved to the thread rather than copied. */
const MOVE_BYTES = 64 * 1024;

/**
 * Checks (and, when the file has no row error and a key is given, seals) a stock file. A large
 * upload that owns its whole ArrayBuffer (Fastify's body of a large request does) is moved to
 * the thread: `task.bytes` is unusable afterwards.
 */
export function checkStockFileInWorker(task: StockFileTask): Promise<StockFileCheck> {
  const { bytes } = task;
  const movable =
    bytes.byteLength >= MOVE_BYTES &&
    bytes.byteOffset === 0 &&
    bytes.byteLength === bytes.buffer.byteLength &&
    bytes.buffer instanceof ArrayBuffer;
  return pool.run(task, movable ? [bytes.buffer as ArrayBuffer] : undefined);
}

/** Ends the check threads (they also end by themselves after 30 s idle). */
export function closeStockFilePool(): Promise<void> {
  return pool.close();
}
