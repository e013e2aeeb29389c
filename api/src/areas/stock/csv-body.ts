/**
 * The raw `text/csv` body of POST stock/csv (files up to STOCK_IMPORT_MAX_MB, above the API's
 * JSON body limit). Registered once on the app (app.ts). Anything larger is a 413 with
 * 'Files cannot be larger than {limit}MB.' as soon as the size is known.
 */
import { ERROR_CODES, STOCK_IMPORT_MAX_BYTES, STOCK_IMPORT_MAX_MB } from '@esim/contracts';
import type { FastifyInstance } from 'fastify';
import { keyedMessage } from '../../csv';
import { AppError } from '../../http/errors';

export function fileTooLargeError(): AppError {
  return new AppError(
    413,
    ERROR_CODES.payloadTooLarge,
    keyedMessage('fileTooLarge', { limit: STOCK_IMPORT_MAX_MB }),
  );
}

export function registerCsvBodyParser(app: FastifyInstance): void {
  app.addContentTypeParser('text/csv', (request, payload, done) => {
    const declared = Number(request.headers['content-length']);
    if (declared > STOCK_IMPORT_MAX_BYTES) {
      payload.resume();
      done(fileTooLargeError(), undefined);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    payload.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > STOCK_IMPORT_MAX_BYTES) {
        failed = true;
        done(fileTooLargeError(), undefined);
        return;
      }
      chunks.push(chunk);
    });
    payload.on('end', () => {
      if (!failed) done(null, Buffer.concat(chunks).toString('utf8'));
    });
    payload.on('error', (error) => {
      if (!failed) {
        failed = true;
        done(error, undefined);
      }
    });
  });
}
