/**
 * Supplier connectors (docs/supplier-sync.md): one interface for every wholesale API a supplier
 * with delivery type 'api' speaks. A connector only reads and writes at the supplier; it never
 * touches our database. Every failure is a SupplierError with a fixed, readable message: never
 * the supplier's own text (it could echo a URL or a key) and never the API key.
 */
import { defineApiMessages, type ApiMessage } from '@esim/contracts';

/** One product of the supplier's catalogue, normalised to our units. */
export interface SupplierBundle {
  /** The supplier's unique name of the product (eSIM Go: the bundle name). */
  ref: string;
  description: string;
  /** Data in MB; null = unlimited. */
  dataMb: number | null;
  durationDays: number;
  /** ISO 3166-1 alpha-2 codes, upper case, sorted, unique. */
  countries: string[];
  /** Price as the supplier states it (a decimal in the organisation's currency). */
  price: number;
  /** The currency of `price` when the supplier says it; null = the account's currency. */
  currency: string | null;
}

/** One eSIM held at the supplier. */
export interface SupplierEsim {
  iccid: string;
  /** What the supplier says last happened / the profile state (eSIM Go: lastAction). */
  status: string | null;
  /** The bundle on it, when the supplier says. */
  bundle: string | null;
  customerRef: string | null;
  assignedDate: string | null;
  actionDate: string | null;
  physical: boolean;
  /** LPA activation code (LPA:1$<SM-DP+>$<matching id>) when the supplier gives one: a secret. */
  activationCode: string | null;
}

export interface SupplierPage<T> {
  items: T[];
  page: number;
  pageCount: number;
  /** Total rows at the supplier, when it says. */
  rows: number | null;
}

export interface SupplierOrderLine {
  bundle: string;
  quantity: number;
}

export interface SupplierOrderOptions {
  /** 'validate' only: prices the order, buys nothing. */
  validateOnly?: boolean;
  /**
   * Our reference of the purchase (the order's Idempotency-Key): a supplier that keeps it answers
   * a repeated transaction with the order it already placed instead of a second one.
   */
  reference?: string;
}

/** One eSIM a transaction assigned, with the bundle it carries. */
export interface SupplierOrderEsim {
  bundle: string;
  iccid: string;
}

export interface SupplierOrderResult {
  orderReference: string;
  status: string;
  total: number;
  currency: string | null;
  /** The eSIMs the transaction assigned, per bundle; empty while the supplier still processes. */
  esims: SupplierOrderEsim[];
}

export interface SupplierAssignment {
  iccid: string;
  smdpAddress: string;
  matchingId: string;
  /** LPA:1$<smdpAddress>$<matchingId>. */
  activationCode: string;
}

export interface SupplierConnector {
  readonly kind: string;
  /** The whole catalogue (every page). */
  listCatalogue(): Promise<SupplierBundle[]>;
  /** One product by its reference; null when the supplier does not know it (404). */
  getBundle(ref: string): Promise<SupplierBundle | null>;
  /** One page (1-based) of the eSIMs held at the supplier. */
  listEsims(page: number, perPage: number): Promise<SupplierPage<SupplierEsim>>;
  /** Places an order (the orders issue uses it): 'validate' only prices it. */
  createOrder(
    lines: SupplierOrderLine[],
    options?: SupplierOrderOptions,
  ): Promise<SupplierOrderResult>;
  /**
   * Install details of an order's eSIMs; fewer than ordered (or none) while the supplier still
   * processes the order (eSIM Go: orders of more than 5 bundles are processed asynchronously).
   */
  getAssignments(orderReference: string): Promise<SupplierAssignment[]>;
}

export type SupplierErrorKind =
  | 'timeout'
  | 'unreachable'
  | 'auth'
  | 'notFound'
  | 'rateLimited'
  | 'http'
  | 'malformed'
  | 'unsupported'
  | 'processing';

/** The texts of supplier failures (apiMessages:connector.*): fixed, readable, no secrets. */
export const CONNECTOR_MESSAGES = defineApiMessages('connector', {
  timeout: 'The supplier did not answer in time. Try again later.',
  unreachable: 'The supplier cannot be reached. Check the base URL or try again later.',
  auth: "The supplier refused the API key. Check the supplier's API key.",
  authStatus: "The supplier refused the API key. Check the supplier's API key. (HTTP {{status}})",
  notFound: 'The supplier does not know this product.',
  notFoundStatus: 'The supplier does not know this product. (HTTP {{status}})',
  rateLimited: 'The supplier is receiving too many requests. Try again in a minute.',
  rateLimitedStatus:
    'The supplier is receiving too many requests. Try again in a minute. (HTTP {{status}})',
  http: 'The supplier answered with an error. Try again later.',
  httpStatus: 'The supplier answered with an error. Try again later. (HTTP {{status}})',
  malformed: 'The supplier sent an answer that cannot be read.',
  unsupported: 'This supplier has no connector for product sync.',
  processing: 'The supplier is still preparing the eSIMs. Delivery tries again shortly.',
});

/** The message of a failure, with the supplier's HTTP status where it has a text for it. */
export function supplierErrorMessage(kind: SupplierErrorKind, status: number | null): ApiMessage {
  if (status) {
    if (kind === 'auth') return CONNECTOR_MESSAGES.authStatus({ status });
    if (kind === 'notFound') return CONNECTOR_MESSAGES.notFoundStatus({ status });
    if (kind === 'rateLimited') return CONNECTOR_MESSAGES.rateLimitedStatus({ status });
    if (kind === 'http') return CONNECTOR_MESSAGES.httpStatus({ status });
  }
  return CONNECTOR_MESSAGES[kind];
}

/**
 * Failures worth another try later (the supplier down, slow, busy or still processing); the others
 * (a refused key, an unknown product, no connector, an unreadable answer) need a person.
 */
const RETRYABLE_KINDS: ReadonlySet<SupplierErrorKind> = new Set([
  'timeout',
  'unreachable',
  'rateLimited',
  'http',
  'processing',
]);

export function isRetryableSupplierError(error: SupplierError): boolean {
  return RETRYABLE_KINDS.has(error.kind);
}

/** A failed supplier call: `kind` for code, `message` for people (fixed texts, no secrets). */
export class SupplierError extends Error {
  /** `message` with its key, as the API answers it. */
  readonly apiMessage: ApiMessage;

  constructor(
    readonly kind: SupplierErrorKind,
    /** The supplier's HTTP status, when it answered. */
    readonly status: number | null = null,
  ) {
    const apiMessage = supplierErrorMessage(kind, status);
    super(apiMessage.text);
    this.apiMessage = apiMessage;
    this.name = 'SupplierError';
  }
}

export interface ConnectorOptions {
  /** Base URL of the supplier's API (the key is only ever sent there). */
  baseUrl: string;
  apiKey: string;
  /** Per-request timeout in ms (default 10 000). */
  timeoutMs?: number;
  /**
   * The fetch to call the supplier with: the outbound guard (connectors/outbound) with the
   * configured allow-list; default: the guard with no allow-list (public addresses only).
   */
  fetch?: typeof fetch;
}

export const DEFAULT_CONNECTOR_TIMEOUT_MS = 10_000;
