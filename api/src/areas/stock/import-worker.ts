/**
 * Worker-thread side of the stock CSV check (piscina runs this file; import-pool.ts sends the
 * tasks). Everything a 100,000-row file allocates (the text, csv-parse's records, the row objects,
 * the sealed codes) lives and is collected on this thread's heap: the server's event loop only
 * receives the answer (a few counts, at most 200 errors and the staged rows as a handful of long
 * strings). Built into api/dist/stock-import-worker.mjs by api/build.mjs.
 */
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { bulkSealer } from '../../secrets';
import { checkStockText, stagedBuffers, type StockFileCheck } from './import-check';

export interface StockFileTask {
  /** The uploaded file (UTF-8, already checked by the body parser). */
  bytes: Uint8Array;
  /** yyyy-MM-dd (Asia/Tokyo): rows expiring before it are skipped. */
  today: string;
  /** The derived key of 'stock-activation-code' (api/src/secrets); null: check only. */
  sealKey: Uint8Array | null;
}

export default async function checkStockFile(task: StockFileTask): Promise<StockFileCheck> {
  const text = Buffer.from(
    task.bytes.buffer,
    task.bytes.byteOffset,
    task.bytes.byteLength,
  ).toString('utf8');
  const seal = task.sealKey ? bulkSealer(Buffer.from(task.sealKey)) : undefined;
  const checked = await checkStockText(text, task.today, seal);
  // The staged rows' bytes are moved to the server thread, not copied.
  return move({
    [transferableSymbol]: stagedBuffers(checked.chunks),
    [valueSymbol]: checked,
  }) as unknown as StockFileCheck;
}
