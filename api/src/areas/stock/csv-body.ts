/**
 * The raw `text/csv` body of POST stock/csv (files up to STOCK_IMPORT_MAX_MB, above the API's
 * JSON body limit). Fastify reads it under that limit (a 413 'Files cannot be larger than
 * {limit}MB.' from the error handler, as soon as the size is known); the bytes must be UTF-8.
 * The body stays bytes: the worker thread that checks the file decodes it (import-worker.ts), so
 * the event loop never holds the file as a JavaScript string.
 */
import type { FastifyInstance } from 'fastify';
import {
  CSV_UPLOAD_MAX_BYTES,
  CSV_UPLOAD_TYPE,
  CsvEncodingError,
  assertUtf8,
  keyedMessage,
} from '../../csv';
import { ValidationError } from '../../http/errors';

export function registerCsvBodyParser(app: FastifyInstance): void {
  app.addContentTypeParser(
    CSV_UPLOAD_TYPE,
    { parseAs: 'buffer', bodyLimit: CSV_UPLOAD_MAX_BYTES },
    async (_request: unknown, body: Buffer) => {
      try {
        assertUtf8(body);
        return body;
      } catch (error) {
        if (!(error instanceof CsvEncodingError)) throw error;
        throw new ValidationError([
          { field: 'file', message: keyedMessage('invalidFormat', { format: 'UTF-8' }) },
        ]);
      }
    },
  );
}
