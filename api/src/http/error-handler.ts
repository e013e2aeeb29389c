import { ERROR_CODES } from '@esim/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  AppError,
  ERROR_MESSAGES,
  ForbiddenError,
  NotFoundError,
  PayloadTooLargeError,
  RateLimitedError,
  UnauthenticatedError,
  ValidationError,
  isInvalidValueError,
} from './errors';
import { csvFileTooLargeError, isCsvUpload } from '../csv/upload';

/** Maps what Fastify and its plugins throw (FST_ERR_*, 4xx) onto our error classes. */
function fromFrameworkError(error: FastifyError, request: FastifyRequest): AppError | null {
  const status = error.statusCode;
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
    // A CSV file over its own body limit: the spec's 'Files cannot be larger than {limit}MB.'
    return isCsvUpload(request.headers['content-type'])
      ? csvFileTooLargeError()
      : new PayloadTooLargeError();
  }
  if (status === undefined || status < 400 || status >= 500) return null;
  switch (status) {
    case 401:
      return new UnauthenticatedError();
    case 403:
      return new ForbiddenError();
    case 404:
      return new NotFoundError('Route');
    case 429:
      return new RateLimitedError();
    default:
      // Malformed JSON, unsupported content type, bad URL encoding...: the request is invalid.
      // Their texts can quote the payload, so they are logged, not echoed.
      return new ValidationError([{ message: ERROR_MESSAGES.invalidRequest }]);
  }
}

/**
 * The one error handler: every failure leaves as
 * { errors: [{message, code, field?, key, params?}], errorMessage, errorMessageKey, errorMessageParams? }.
 * Unexpected errors are logged with their stack (the log line carries the request id) and answered
 * with the default text: never a stack trace or SQL in a response.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(function handleError(
    error: unknown,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const known =
      error instanceof AppError ? error : fromFrameworkError(error as FastifyError, request);
    if (known) {
      if (!(error instanceof AppError)) {
        request.log.info({ err: error }, 'request rejected by the framework');
      }
      reply.code(known.statusCode).type('application/json; charset=utf-8');
      return known.toBody();
    }
    if (isInvalidValueError(error)) {
      // A contract gap (the value should have been refused by its schema): logged to be fixed,
      // answered as the invalid request it is. The database's text is not echoed.
      request.log.warn({ err: error }, 'database refused a request value');
      reply.code(400).type('application/json; charset=utf-8');
      return new ValidationError([{ message: ERROR_MESSAGES.invalidRequest }]).toBody();
    }
    request.log.error({ err: error }, 'unexpected error');
    reply.code(500).type('application/json; charset=utf-8');
    return new AppError(500, ERROR_CODES.internal, ERROR_MESSAGES.default).toBody();
  });

  app.setNotFoundHandler(function notFound(_request, reply) {
    reply.code(404).type('application/json; charset=utf-8');
    return new NotFoundError('Route').toBody();
  });
}
