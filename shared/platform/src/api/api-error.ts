import type { ApiErrorBody } from '@esim/contracts';

/** The spec's default error text (common:errors.default). */
export const DEFAULT_ERROR_MESSAGE = 'Something went wrong. Please try again.';

/**
 * A failed API call. `message` is the text shown to the user (errors[0].message, else
 * errorMessage, else the default); status 0 means no HTTP answer (network error, timeout).
 */
export class ApiError extends Error {
  readonly status: number;
  /** The parsed response body (the error envelope when the API sent one). */
  readonly body: unknown;

  constructor(message: string, status: number, body: unknown, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** The API's error items (field errors on 400), empty when the body has none. */
  get errors(): ApiErrorBody['errors'] {
    const errors = (this.body as Partial<ApiErrorBody> | null)?.errors;
    return Array.isArray(errors) ? errors : [];
  }

  /** The first error code (contracts ERROR_CODES), if any. */
  get code(): string | undefined {
    return this.errors[0]?.code;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** errors[0].message, else errorMessage, else undefined (the caller supplies the default). */
export function errorMessageFromBody(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const envelope = body as Partial<ApiErrorBody>;
  const first = Array.isArray(envelope.errors) ? envelope.errors[0] : undefined;
  return nonEmpty(first?.message) ?? nonEmpty(envelope.errorMessage);
}
