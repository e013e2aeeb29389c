import {
  ERROR_CODES,
  defineApiMessages,
  type ApiErrorBody,
  type ApiErrorItem,
  type ApiMessage,
} from '@esim/contracts';

type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** Texts the API answers with (English; the console translates them by key, apiMessages:errors.*). */
export const ERROR_MESSAGES = defineApiMessages('errors', {
  default: 'Something went wrong. Please try again.',
  unauthenticated: 'Session expired, log in again.',
  forbidden: 'Access Denied',
  nameExists: 'Name already existed in the database.',
  staleVersion: 'This record was changed by someone else. Reload it and try again.',
  payloadTooLarge: 'The request is too large.',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  invalidRequest: 'The request is not valid.',
  accountDisabled: 'Account disabled, contact the administrator',
});

/** '{name} not found': one key per thing (apiMessages:notFound.*). */
export const NOT_FOUND_MESSAGES = defineApiMessages('notFound', {
  product: 'Product not found',
  supplier: 'Supplier not found',
  supplierProduct: 'Supplier product not found',
  tariff: 'Tariff not found',
  tariffProfile: 'Tariff profile not found',
  tariffCode: 'Tariff code not found',
  role: 'Role not found',
  user: 'User not found',
  currency: 'Currency not found',
  exchangeRate: 'Exchange rate not found',
  stockItem: 'Stock item not found',
  importJob: 'Import job not found',
  file: 'File not found',
  route: 'Route not found',
  branch: 'Branch not found',
  issuer: 'Issuer not found',
  partner: 'Partner not found',
  order: 'Order not found',
  orderItem: 'Order item not found',
  payment: 'Payment not found',
  document: 'Document not found',
  documentBatch: 'Document batch not found',
});

/** The names NotFoundError takes, with their message. */
const NOT_FOUND_BY_NAME = {
  Product: NOT_FOUND_MESSAGES.product,
  Supplier: NOT_FOUND_MESSAGES.supplier,
  'Supplier product': NOT_FOUND_MESSAGES.supplierProduct,
  Tariff: NOT_FOUND_MESSAGES.tariff,
  'Tariff profile': NOT_FOUND_MESSAGES.tariffProfile,
  'Tariff code': NOT_FOUND_MESSAGES.tariffCode,
  Role: NOT_FOUND_MESSAGES.role,
  User: NOT_FOUND_MESSAGES.user,
  Currency: NOT_FOUND_MESSAGES.currency,
  'Exchange rate': NOT_FOUND_MESSAGES.exchangeRate,
  'Stock item': NOT_FOUND_MESSAGES.stockItem,
  'Import job': NOT_FOUND_MESSAGES.importJob,
  File: NOT_FOUND_MESSAGES.file,
  Route: NOT_FOUND_MESSAGES.route,
  Branch: NOT_FOUND_MESSAGES.branch,
  Issuer: NOT_FOUND_MESSAGES.issuer,
  Partner: NOT_FOUND_MESSAGES.partner,
  Order: NOT_FOUND_MESSAGES.order,
  'Order item': NOT_FOUND_MESSAGES.orderItem,
  Payment: NOT_FOUND_MESSAGES.payment,
  Document: NOT_FOUND_MESSAGES.document,
  'Document batch': NOT_FOUND_MESSAGES.documentBatch,
} as const satisfies Record<string, ApiMessage>;
export type NotFoundName = keyof typeof NOT_FOUND_BY_NAME;

/** An error item as this API sends it: always with its key. */
export type SentErrorItem = ApiErrorItem & { key: string };

/** The wire form of a message in an error item. */
export function errorItem(message: ApiMessage, code: string, field?: string): SentErrorItem {
  return {
    message: message.text,
    code,
    ...(field ? { field } : {}),
    key: message.key,
    ...(message.params ? { params: message.params } : {}),
  };
}

/** An error the API answers with on purpose; anything else is a 500 with the default text. */
export class AppError extends Error {
  readonly errors: SentErrorItem[];

  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly apiMessage: ApiMessage,
    errors?: SentErrorItem[],
  ) {
    super(apiMessage.text);
    this.name = new.target.name;
    this.errors = errors ?? [errorItem(apiMessage, code)];
  }

  toBody(): ApiErrorBody {
    const first = this.errors[0];
    const key = first?.key ?? this.apiMessage.key;
    const params = first ? first.params : this.apiMessage.params;
    return {
      errors: this.errors,
      errorMessage: first?.message ?? this.message,
      errorMessageKey: key,
      ...(params ? { errorMessageParams: params } : {}),
    };
  }
}

export interface FieldError {
  message: ApiMessage;
  field?: string;
}

/** 400: one entry per invalid field, each with its key and English text. */
export class ValidationError extends AppError {
  constructor(errors: FieldError[]) {
    const items = errors.map((error) =>
      errorItem(error.message, ERROR_CODES.validation, error.field),
    );
    super(400, ERROR_CODES.validation, errors[0]?.message ?? ERROR_MESSAGES.invalidRequest, items);
  }
}

/** 401: no token, an invalid or expired token, or a disabled account. */
export class UnauthenticatedError extends AppError {
  constructor(message: ApiMessage = ERROR_MESSAGES.unauthenticated) {
    super(401, ERROR_CODES.unauthenticated, message);
  }
}

/** 403: signed in, but the role does not allow the action. */
export class ForbiddenError extends AppError {
  constructor(message: ApiMessage = ERROR_MESSAGES.forbidden) {
    super(403, ERROR_CODES.forbidden, message);
  }
}

/** 404: '{name} not found'. */
export class NotFoundError extends AppError {
  constructor(name: NotFoundName) {
    super(404, ERROR_CODES.notFound, NOT_FOUND_BY_NAME[name]);
  }
}

/** 409: a unique value already taken, or an optimistic-concurrency version that is stale. */
export class ConflictError extends AppError {
  constructor(message: ApiMessage, field?: string) {
    super(409, ERROR_CODES.conflict, message, [errorItem(message, ERROR_CODES.conflict, field)]);
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
  constructor(message: ApiMessage) {
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

interface DatabaseErrorShape {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

/** The error, or one it wraps (drizzle wraps driver errors in error.cause), that `matches`. */
function findInChain(
  error: unknown,
  matches: (candidate: DatabaseErrorShape) => boolean,
): DatabaseErrorShape | null {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as DatabaseErrorShape;
    if (matches(candidate)) return candidate;
    current = candidate.cause;
  }
  return null;
}

/** PostgreSQL unique_violation, for mapping a race that passed the pre-check to a 409. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = findInChain(error, (candidate) => candidate.code === '23505');
  return found !== null && (constraint === undefined || found.constraint === constraint);
}

/**
 * SQLSTATEs of a value PostgreSQL cannot take: a request value the contract let through (an
 * impossible date, a number out of range, NUL, a bad LIKE escape). The request is invalid, not
 * the server: 400.
 */
const INVALID_VALUE_CODES = new Set([
  '22001', // string_data_right_truncation
  '22003', // numeric_value_out_of_range
  '22007', // invalid_datetime_format
  '22008', // datetime_field_overflow
  '22009', // invalid_time_zone_displacement_value
  '2201B', // invalid_regular_expression
  '22019', // invalid_escape_character
  '22021', // character_not_in_repertoire (NUL, bad UTF-8)
  '22025', // invalid_escape_sequence
  '22P02', // invalid_text_representation (not a uuid, not a number)
  '22P05', // untranslatable_character
]);

/** A database error caused by a value that cannot be stored or compared (see INVALID_VALUE_CODES). */
export function isInvalidValueError(error: unknown): boolean {
  return (
    findInChain(
      error,
      (candidate) => typeof candidate.code === 'string' && INVALID_VALUE_CODES.has(candidate.code),
    ) !== null
  );
}
