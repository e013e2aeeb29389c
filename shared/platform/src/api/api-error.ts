import type { ApiErrorBody } from '@esim/contracts';

/** The spec's default error text (common:errors.default). */
export const DEFAULT_ERROR_MESSAGE = 'Something went wrong. Please try again.';

/**
 * A failed API call. `message` is the text shown to the user (errors[0].message, else
 * errorMessage, else the default); status 0 means no HTTP answer (network error, timeout).
 */
export class ApiError extends Error {
  readonly status: number;
  /** The parsed response body (the error envelope when the API sent one, as sent: English). */
  readonly body: unknown;
  readonly #translate: ((text: string) => string) | undefined;

  constructor(
    message: string,
    status: number,
    body: unknown,
    options?: {
      cause?: unknown;
      /** Puts the items' messages in the user's language (the api client's translateMessage). */
      translate?: (text: string) => string;
    },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.#translate = options?.translate;
  }

  /**
   * The API's error items (field errors on 400), empty when the body has none; their messages in
   * the user's language when the client translates them.
   */
  get errors(): ApiErrorBody['errors'] {
    const errors = (this.body as Partial<ApiErrorBody> | null)?.errors;
    if (!Array.isArray(errors)) return [];
    const translate = this.#translate;
    if (!translate) return errors;
    return errors.map((item) =>
      typeof item.message === 'string' ? { ...item, message: translate(item.message) } : item,
    );
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
