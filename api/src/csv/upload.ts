/**
 * Raw text/csv uploads (stock/csv): the size limit Fastify enforces for the content type, and the
 * 413 it answers with the spec's message (the error handler maps FST_ERR_CTP_BODY_TOO_LARGE here).
 */
import { ERROR_CODES, STOCK_IMPORT_MAX_BYTES, STOCK_IMPORT_MAX_MB } from '@esim/contracts';
import { AppError } from '../http/errors';
import { keyedMessage } from './render';

export const CSV_UPLOAD_TYPE = 'text/csv';
export const CSV_UPLOAD_MAX_BYTES = STOCK_IMPORT_MAX_BYTES;

/** 413 'Files cannot be larger than 20MB.' */
export function csvFileTooLargeError(): AppError {
  return new AppError(
    413,
    ERROR_CODES.payloadTooLarge,
    keyedMessage('fileTooLarge', { limit: STOCK_IMPORT_MAX_MB }),
  );
}

/** Whether a request's body is a CSV upload (Content-Type text/csv, any parameters). */
export function isCsvUpload(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase() === CSV_UPLOAD_TYPE;
}
