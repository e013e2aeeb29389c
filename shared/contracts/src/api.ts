import * as v from 'valibot';
import { dateFilterField } from './calendar-date';
import { encodeMessage, type MessageParams } from './messages';
import { searchText } from './text-safety';

/**
 * Success envelope: data plus the text the console shows after POST/PUT/DELETE. `message` is the
 * English text (spec); `messageKey` + `messageParams` are what the console translates
 * (docs/decisions/0007). The API always sends a key with a message.
 */
export interface ApiSuccess<T> {
  data: T;
  message?: string;
  messageKey?: string;
  messageParams?: MessageParams;
}

/**
 * One error. `message` is the English text (spec); `key` + `params` are what the console
 * translates. This API always sends `key`; it is optional here for answers of an older API.
 */
export interface ApiErrorItem {
  message: string;
  code: string;
  field?: string;
  key?: string;
  params?: MessageParams;
}

/**
 * Error envelope: the console shows errors[0] (translated from its key), else errorMessage (from
 * errorMessageKey), else its default. errorMessage is the English text of errors[0].
 */
export interface ApiErrorBody {
  errors: ApiErrorItem[];
  errorMessage: string;
  errorMessageKey?: string;
  errorMessageParams?: MessageParams;
}

export const ERROR_CODES = {
  validation: 'VALIDATION_FAILED',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'ACCESS_DENIED',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  businessRule: 'BUSINESS_RULE',
  rateLimited: 'RATE_LIMITED',
  internal: 'INTERNAL_ERROR',
  supplierUnavailable: 'SUPPLIER_UNAVAILABLE',
} as const;

export const PAGE_SIZES = [10, 20, 30, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** The highest page a list accepts: beyond it OFFSET would overflow (and nobody pages that far). */
export const MAX_PAGE = 1_000_000;

/** A 1-based page number (a number or numeric text, as query strings carry it). */
export function pageField() {
  return v.optional(
    v.pipe(
      v.unknown(),
      v.transform(Number),
      v.integer(encodeMessage('integer', { name: 'page' })),
      v.minValue(1, encodeMessage('invalidFormat', { format: 'page' })),
      v.maxValue(MAX_PAGE, encodeMessage('invalidFormat', { format: 'page' })),
    ),
    1,
  );
}

/** A page size from PAGE_SIZES. */
export function pageSizeField<const D extends PageSize>(defaultSize: D) {
  return v.optional(
    v.pipe(
      v.unknown(),
      v.transform(Number),
      v.picklist(PAGE_SIZES, encodeMessage('invalidFormat', { format: 'pageSize' })),
    ),
    defaultSize,
  );
}

/**
 * Builds the list query schema of one list endpoint. `sortColumns` is the whitelist: anything
 * else is a validation error, never SQL.
 */
export function listQuerySchema<const C extends readonly [string, ...string[]]>(sortColumns: C) {
  return v.object({
    page: pageField(),
    pageSize: pageSizeField(10),
    sort: v.optional(v.picklist(sortColumns, encodeMessage('invalidFormat', { format: 'sort' }))),
    order: v.optional(
      v.picklist(SORT_DIRECTIONS, encodeMessage('invalidFormat', { format: 'order' })),
      'asc',
    ),
    search: searchText(100),
    from: v.optional(dateFilterField()),
    to: v.optional(dateFilterField()),
  });
}

export interface ListResult<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
