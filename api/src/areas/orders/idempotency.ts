import { createHash } from 'node:crypto';
import {
  IDEMPOTENCY_KEY_HEADER,
  ORDER_MESSAGES,
  isIdempotencyKey,
  type OrderRequest,
} from '@esim/contracts';
import type { FastifyRequest } from 'fastify';
import { ValidationError } from '../../http/errors';

/*
 * The purchase's Idempotency-Key (decision 0021): minted once per wizard run (the cart's key) and
 * sent as a header. The order keeps the key and a hash of the request it came with, so the same
 * key answers the same order, and the same key with another request is refused (409).
 */

/** The request's Idempotency-Key; missing or malformed is a 400. */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const value = request.headers[IDEMPOTENCY_KEY_HEADER];
  const key = Array.isArray(value) ? undefined : value?.trim();
  if (!key || !isIdempotencyKey(key)) {
    throw new ValidationError([
      { message: ORDER_MESSAGES.idempotencyKeyRequired, field: 'Idempotency-Key' },
    ]);
  }
  return key;
}

/** Key-order-independent JSON. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * sha256 (hex) of the caller and the request as validated (trimmed, upper-cased countries, ...),
 * with ids lower-cased, lines in product order and absent fields as null: two requests that
 * would place the same order hash alike.
 */
export function requestHash(userId: string, request: OrderRequest): string {
  const canonical = canonicalJson({
    userId: userId.toLowerCase(),
    partnerId: request.partnerId.toLowerCase(),
    lines: request.lines
      .map((line) => ({ productId: line.productId.toLowerCase(), quantity: line.quantity }))
      .sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0)),
    customerName: request.customerName,
    useCountries: request.useCountries,
    notes: request.notes || null,
    campaignCode: request.campaignCode || null,
  });
  return createHash('sha256').update(canonical).digest('hex');
}
