import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { TIME_ZONE_HEADER, resolveTimeZone } from './timestamps';
import { csvChunks, type CsvValue } from './writer';

/** 'suppliers-2026-11-21.csv' (the date in UTC, only safe characters). */
export function csvFileName(base: string, now: Date = new Date()): string {
  const safe = base.replace(/[^A-Za-z0-9_-]+/g, '-');
  return `${safe}-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * Sends a CSV export as a stream: text/csv; charset=utf-8, attachment with the file name, BOM,
 * CRLF, formula-safe cells, instants in the time zone the console sent (X-Time-Zone). Return its
 * result from a rawRoute handler.
 *
 *   handler: async ({ query, reply }) =>
 *     sendCsv(reply, { fileName: csvFileName('suppliers'), header, rows: service.exportRows(query) }),
 */
export function sendCsv(
  reply: FastifyReply,
  options: {
    fileName: string;
    header: readonly string[];
    rows: AsyncIterable<readonly CsvValue[]> | Iterable<readonly CsvValue[]>;
  },
): FastifyReply {
  const fileName = options.fileName.replace(/["\\\r\n]/g, '_');
  reply
    .code(200)
    .header('content-type', 'text/csv; charset=utf-8')
    .header(
      'content-disposition',
      `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    )
    .header('cache-control', 'no-store');
  const timeZone = resolveTimeZone(reply.request.headers[TIME_ZONE_HEADER]);
  return reply.send(Readable.from(csvChunks(options.header, options.rows, { timeZone })));
}
