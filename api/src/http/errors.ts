import { ERROR_CODES, type ApiErrorBody, type ApiErrorItem } from '@esim/contracts';

type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** Texts the API answers with (English; the console shows errors[0].message). */
export const ERROR_MESSAGES = {
  default: 'Something went wrong. Please try again.',
  unauthenticated: 'Session expired, log in again.',
  forbidden: 'Access Denied',
  nameExists: 'Name already existed in the database.',
  staleVersion: 'This record was changed by someone else. Reload it and try again.',
  payloadTooLarge: 'The request is too large.',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  invalidRequest: 'The request is not valid.',
} as const;

/** An error the API answers with on purpose; anything else is a 500 with the default text. */
export class AppError extends Error {
  readonly errors: ApiErrorItem[];

  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    errors?: ApiErrorItem[],
  ) {
    super(message);
    this.name = new.target.name;
    this.errors = errors ?? [{ message, code }];
  }

  toBody(): ApiErrorBody {
    return { errors: this.errors, errorMessage: this.errors[0]?.message ?? this.message };
  }
}

export interface FieldError {
  message: string;
  field?: string;
}

/** 400: one entry per invalid field, messages already rendered in English. */
export class ValidationError extends AppError {
  constructor(errors: FieldError[]) {
    const items = errors.map((error) => ({
      message: error.message,
      code: ERROR_CODES.validation,
      ...(error.field ? { field: error.field } : {}),
    }));
    super(400, ERROR_CODES.validation, items[0]?.message ?? ERROR_MESSAGES.invalidRequest, items);
  }
}

/** 401: no token, an invalid or expired token, or a disabled account. */
export class UnauthenticatedError extends AppError {
  constructor(message: string = ERROR_MESSAGES.unauthenticated) {
    super(401, ERROR_CODES.unauthenticated, message);
  }
}

/** 403: signed in, but the role does not allow the action. */
export class ForbiddenError extends AppError {
  constructor(message: string = ERROR_MESSAGES.forbidden) {
    super(403, ERROR_CODES.forbidden, message);
  }
}

/** 404: '{name} not found'. */
export class NotFoundError extends AppError {
  constructor(name: string) {
    super(404, ERROR_CODES.notFound, `${name} not found`);
  }
}

/** 409: a unique value already taken, or an optimistic-concurrency version that is stale. */
export class ConflictError extends AppError {
  constructor(message: string, field?: string) {
    super(409, ERROR_CODES.conflict, message, [
      { message, code: ERROR_CODES.conflict, ...(field ? { field } : {}) },
    ]);
  }
}

export class NameExistsError extends ConflictError {
  constructor(field = 'name') {
    super(ERROR_MESSAGES.nameExists, field);
  }
}

export class StaleVersionError extends ConflictError {
  constructor() {
    super(ERROR_MESSAGES.staleVersion, 'version');
  }
}

/** 422: the request is well-formed but a business rule refuses it. */
export class BusinessRuleError extends AppError {
  constructor(message: string) {
    super(422, ERROR_CODES.businessRule, message);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor() {
    super(413, ERROR_CODES.payloadTooLarge, ERROR_MESSAGES.payloadTooLarge);
  }
}

export class RateLimitedError extends AppError {
  constructor() {
    super(429, ERROR_CODES.rateLimited, ERROR_MESSAGES.rateLimited);
  }
}

/** PostgreSQL unique_violation, for mapping a race that passed the pre-check to a 409. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let current: unknown = error;
  // Drizzle wraps driver errors (error.cause).
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505') {
      return constraint === undefined || candidate.constraint === constraint;
    }
    current = candidate.cause;
  }
  return false;
}
