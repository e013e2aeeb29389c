import type { ApiErrorBody } from '@esim/contracts';
import type { ApiMessageRef } from './api-message-translator';

/** The spec's default error text (common:errors.default). */
export const DEFAULT_ERROR_MESSAGE = 'Something went wrong. Please try again.';

/**
 * A failed API call. `message` is the text shown to the user (errors[0], else errorMessage,
 * translated from its key; else the default); status 0 means no HTTP answer (network error,
 * timeout).
 */
export class ApiError extends Error {
  readonly status: number;
  /** The parsed response body (the error envelope when the API sent one, as sent: English). */
  readonly body: unknown;
  readonly #translate: ((message: ApiMessageRef) => string) | undefined;

  constructor(
    message: string,
    status: number,
    body: unknown,
    options?: {
      cause?: unknown;
      /** Puts the items' messages in the user's language (the api client's translateMessage). */
      translate?: (message: ApiMessageRef) => string;
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
   * the user's language (from each item's key and params) when the client translates them.
   */
  get errors(): ApiErrorBody['errors'] {
    const errors = (this.body as Partial<ApiErrorBody> | null)?.errors;
    if (!Array.isArray(errors)) return [];
    const translate = this.#translate;
    if (!translate) return errors;
    return errors.map((item) =>
      typeof item.message === 'string'
        ? {
            ...item,
            message: translate({ text: item.message, key: item.key, params: item.params }),
          }
        : item,
    );
  }

  /** The stable key of the first error (errors[0].key, else errorMessageKey), if the API sent one. */
  get key(): string | undefined {
    return errorFromBody(this.body)?.key;
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

/**
 * The message to show of an error body, with its key and params: errors[0], else errorMessage
 * (+ errorMessageKey), else undefined (the caller supplies the default).
 */
export function errorFromBody(body: unknown): ApiMessageRef | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const envelope = body as Partial<ApiErrorBody>;
  const first = Array.isArray(envelope.errors) ? envelope.errors[0] : undefined;
  const firstText = nonEmpty(first?.message);
  if (first && firstText !== undefined) {
    return { text: firstText, key: nonEmpty(first.key), params: paramsOf(first.params) };
  }
  const text = nonEmpty(envelope.errorMessage);
  if (text === undefined) return undefined;
  return {
    text,
    key: nonEmpty(envelope.errorMessageKey),
    params: paramsOf(envelope.errorMessageParams),
  };
}

function paramsOf(value: unknown): ApiMessageRef['params'] {
  return value && typeof value === 'object' ? (value as ApiMessageRef['params']) : undefined;
}

/** errors[0].message, else errorMessage (English, as sent), else undefined. */
export function errorMessageFromBody(body: unknown): string | undefined {
  return errorFromBody(body)?.text;
}
