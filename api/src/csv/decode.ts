import { isUtf8 } from 'node:buffer';
import { Pacer } from './pacer';

/** The bytes are not UTF-8 (a CSV saved as Shift_JIS, a binary file renamed .csv...). */
export class CsvEncodingError extends Error {
  constructor() {
    super('CSV file is not UTF-8');
    this.name = 'CsvEncodingError';
  }
}

const DECODE_CHUNK = 512 * 1024;

/** Where a chunk may end: not inside a multi-byte character (before a continuation byte). */
function boundary(bytes: Uint8Array, end: number): number {
  let at = Math.min(end, bytes.length);
  while (at < bytes.length && at > 0 && (bytes[at]! & 0xc0) === 0x80) at -= 1;
  return at;
}

/** Refuses bytes that are not UTF-8 (simdutf: under a millisecond for 20 MB). */
export function assertUtf8(bytes: Uint8Array): void {
  if (!isUtf8(bytes)) throw new CsvEncodingError();
}

/**
 * The text of an uploaded file, refusing invalid UTF-8 (CsvEncodingError) instead of turning it
 * into U+FFFD. The whole file is validated first (simdutf, under a millisecond for 20 MB; the
 * same verdict as `new TextDecoder('utf-8', { fatal: true })` at a tenth of its time), then
 * decoded half a megabyte at a time, pausing between, so a 20 MB file does not hold the event loop.
 */
export async function decodeUtf8(bytes: Uint8Array): Promise<string> {
  assertUtf8(bytes);
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const pacer = new Pacer();
  const parts: string[] = [];
  for (let start = 0; start < buffer.length;) {
    const end = boundary(buffer, start + DECODE_CHUNK);
    parts.push(buffer.toString('utf8', start, end));
    start = end;
    if (pacer.due()) await pacer.pause();
  }
  return parts.join('');
}
