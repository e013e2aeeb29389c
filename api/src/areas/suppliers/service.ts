import {
  AUDIT_ENTITY_TYPES,
  RESOURCES,
  type ConnectorKind,
  type CreateSupplierData,
  type DeliveryType,
  type ListResult,
  type SupplierConnectionTest,
  type SupplierDetail,
  type SupplierListItem,
  type SupplierSortColumn,
  type SupplierStatus,
  type UpdateSupplierData,
  defineApiMessages,
} from '@esim/contracts';
import { and, asc, desc, eq, gte, ilike, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  defineAuditEntity,
  recordAudit,
  type AuditActor,
  type AuditSnapshot,
  type Queryable,
} from '../../audit';
import { fieldError, type CsvValue } from '../../csv';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { countries, suppliers } from '../../db/schema';
import {
  BusinessRuleError,
  NameExistsError,
  NotFoundError,
  StaleVersionError,
  ValidationError,
  isUniqueViolation,
  type FieldError,
} from '../../http/errors';
import { loadEnglishCatalog } from '../../http/messages';
import {
  SecretKeyUnavailableError,
  SecretUnreadableError,
  createSecretBox,
  type SecretBox,
} from '../../secrets';
import { findActiveCurrencies } from '../currencies/public';
import { containsPattern, endOfRange, iso } from '../list-helpers';
import { KeyOriginMismatchError, openSupplierKey, originOf, sealSupplierKey } from './api-key';
import { supplierOutbound } from './outbound';

/** Audit entity: one supplier (entityId = its id). Its API key shows as '[redacted]'. */
export const supplierAudit = defineAuditEntity(AUDIT_ENTITY_TYPES.supplier, RESOURCES.suppliers);

export const SUPPLIER_MESSAGES = defineApiMessages('suppliers', {
  created: 'Supplier created.',
  updated: 'Supplier updated.',
  deleted: 'Supplier deleted.',
  referenced:
    'This supplier cannot be deleted: products or other records refer to it. Set it to inactive instead.',
  notApi: 'Only suppliers with delivery type api have a connection to test.',
  secretKeyMissing:
    'API keys cannot be stored or used: SECRET_KEY is not configured on the server.',
  secretUnreadable:
    "The stored API key cannot be read with the server's SECRET_KEY. Enter the API key again.",
  baseUrlNotAllowed:
    'This address cannot be used: it is a local, private or reserved network address.',
  apiKeyForOtherOrigin:
    'The base URL now points to another server. Enter the API key again: a stored key is only sent to the server it was entered for.',
  keyOriginChanged:
    'The stored API key was entered for another server than the base URL. Enter the API key again.',
});

/** What a failed connection test says: our own words, never the remote's or the network's. */
export const CONNECTION_NOT_REACHABLE = 'Not reachable';

/** Reachability probe timeout. */
export const CONNECTION_TEST_TIMEOUT_MS = 5000;

export interface SupplierListInput {
  page: number;
  pageSize: number;
  sort?: SupplierSortColumn | undefined;
  order: 'asc' | 'desc';
  search?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  status?: SupplierStatus | undefined;
  deliveryType?: DeliveryType | undefined;
  currency?: string | undefined;
}

type SupplierRow = typeof suppliers.$inferSelect;

/** '' and null both mean "not set". */
function text(value: string | null | undefined): string | null {
  return value === undefined || value === null || value === '' ? null : value;
}

function toDetail(row: SupplierRow): SupplierDetail {
  return {
    id: row.id,
    name: row.name,
    target: row.target,
    type: row.type,
    abbreviation: row.abbreviation,
    status: row.status,
    companyName: row.companyName,
    contactName: row.contactName,
    email: row.email,
    phone: row.phone,
    mobile: row.mobile,
    address: row.address,
    officeAddress: row.officeAddress,
    countryCode: row.countryCode,
    postalCode: row.postalCode,
    remark: row.remark,
    currency: row.currency,
    purchaseCurrency: row.purchaseCurrency,
    deliveryType: row.deliveryType,
    connectorKind: row.connectorKind,
    baseUrl: row.connectorBaseUrl,
    apiKeySet: row.connectorApiKey !== null,
    version: row.version,
    createdDate: iso(row.createdAt),
    updatedDate: iso(row.updatedAt),
    createdBy: row.createdBy,
    updatedBy: row.updatedBy,
  };
}

/** What the audit sees: API field names; the sealed key is redacted by recordAudit. */
function snapshot(row: SupplierRow): AuditSnapshot {
  const { apiKeySet: _apiKeySet, ...detail } = toDetail(row);
  return { ...detail, apiKey: row.connectorApiKey };
}

const REDACT = ['apiKey'] as const;

/** The stored columns for a create/update input (connector settings only for delivery type api). */
function columnsOf(input: CreateSupplierData) {
  const api = input.deliveryType === 'api';
  return {
    name: input.name,
    target: text(input.target),
    type: text(input.type),
    abbreviation: text(input.abbreviation),
    status: input.status,
    companyName: text(input.companyName),
    contactName: text(input.contactName),
    email: text(input.email),
    phone: text(input.phone),
    mobile: text(input.mobile),
    address: text(input.address),
    officeAddress: text(input.officeAddress),
    countryCode: text(input.countryCode),
    postalCode: text(input.postalCode),
    remark: text(input.remark),
    currency: input.currency,
    purchaseCurrency: text(input.purchaseCurrency) ?? input.currency,
    deliveryType: input.deliveryType,
    connectorKind: api ? (text(input.connectorKind) as ConnectorKind | null) : null,
    connectorBaseUrl: api ? text(input.baseUrl) : null,
  };
}

/** The export's columns: field key (its English label is the header) and the value. */
const EXPORT_COLUMNS: [string, (row: SupplierRow) => CsvValue][] = [
  ['supplierName', (row) => row.name],
  ['abbreviation', (row) => row.abbreviation],
  ['status', (row) => row.status],
  ['deliveryType', (row) => row.deliveryType],
  ['target', (row) => row.target],
  ['supplierType', (row) => row.type],
  ['companyName', (row) => row.companyName],
  ['contactName', (row) => row.contactName],
  ['email', (row) => row.email],
  ['phone', (row) => row.phone],
  ['mobile', (row) => row.mobile],
  ['countryCode', (row) => row.countryCode],
  ['postalCode', (row) => row.postalCode],
  ['address', (row) => row.address],
  ['officeAddress', (row) => row.officeAddress],
  ['currency', (row) => row.currency],
  ['purchaseCurrency', (row) => row.purchaseCurrency],
  ['connectorKind', (row) => row.connectorKind],
  ['baseUrl', (row) => row.connectorBaseUrl],
  ['remark', (row) => row.remark],
  ['createdDate', (row) => row.createdAt],
  ['updatedDate', (row) => row.updatedAt],
  ['createdBy', (row) => row.createdBy],
  ['updatedBy', (row) => row.updatedBy],
];

/** Most rows an export writes. */
export const SUPPLIER_EXPORT_MAX_ROWS = 100_000;

/**
 * A row elsewhere still refers to the one deleted: foreign_key_violation (23503, ON DELETE NO
 * ACTION) or restrict_violation (23001, ON DELETE RESTRICT).
 */
function isForeignKeyViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (candidate.code === '23503' || candidate.code === '23001') return true;
    current = candidate.cause;
  }
  return false;
}

/** The URL a connection test probes: eSIM Go's catalogue (1 item), else the base URL itself. */
export function probeUrl(kind: ConnectorKind | null, baseUrl: string): string {
  if (kind === 'esimgo') {
    const url = new URL(baseUrl.replace(/\/+$/, '') + '/catalogue');
    url.searchParams.set('perPage', '1');
    return url.toString();
  }
  return new URL(baseUrl).toString();
}

export interface SupplierServiceOptions {
  /** Timeout of the connection test (default 5000 ms). */
  connectionTimeoutMs?: number;
}

export function createSupplierService(
  {
    db,
    config,
  }: {
    db: Db;
    config: Pick<AppConfig, 'secretKey' | 'databaseUrl' | 'dataDir' | 'outboundAllowList'>;
  },
  options: SupplierServiceOptions = {},
) {
  const secrets: SecretBox = createSecretBox(config, 'supplier-api-key');
  const timeoutMs = options.connectionTimeoutMs ?? CONNECTION_TEST_TIMEOUT_MS;
  const outbound = supplierOutbound(config);

  /** Refuses a base URL outbound calls could not use (loopback, private, metadata, ...). */
  async function assertBaseUrlAllowed(baseUrl: string | null): Promise<void> {
    if (baseUrl && !(await outbound.baseUrlAllowed(baseUrl))) {
      throw new ValidationError([
        { field: 'baseUrl', message: SUPPLIER_MESSAGES.baseUrlNotAllowed },
      ]);
    }
  }

  function sealKey(plaintext: string, baseUrl: string | null): string {
    try {
      return sealSupplierKey(secrets, plaintext, baseUrl ?? '');
    } catch (error) {
      if (error instanceof SecretKeyUnavailableError) {
        throw new BusinessRuleError(SUPPLIER_MESSAGES.secretKeyMissing);
      }
      throw error;
    }
  }

  function openKey(sealed: string, baseUrl: string): string {
    try {
      return openSupplierKey(secrets, sealed, baseUrl);
    } catch (error) {
      if (error instanceof KeyOriginMismatchError) {
        throw new BusinessRuleError(SUPPLIER_MESSAGES.keyOriginChanged);
      }
      if (error instanceof SecretKeyUnavailableError) {
        throw new BusinessRuleError(SUPPLIER_MESSAGES.secretKeyMissing);
      }
      if (error instanceof SecretUnreadableError) {
        throw new BusinessRuleError(SUPPLIER_MESSAGES.secretUnreadable);
      }
      throw error;
    }
  }

  async function findRow(q: Queryable, id: string, lock = false): Promise<SupplierRow> {
    const query = q.select().from(suppliers).where(eq(suppliers.id, id)).limit(1);
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw new NotFoundError('Supplier');
    return row;
  }

  async function assertNameFree(q: Queryable, name: string, exceptId?: string) {
    const [taken] = await q
      .select({ id: suppliers.id })
      .from(suppliers)
      .where(
        and(
          sql`lower(${suppliers.name}) = lower(${name})`,
          exceptId ? ne(suppliers.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    if (taken) throw new NameExistsError();
  }

  /**
   * References that must exist: the country, and active currencies (a currency the record already
   * had may have been retired since: keeping it is allowed, choosing it anew is not).
   */
  async function assertReferences(
    q: Queryable,
    columns: ReturnType<typeof columnsOf>,
    previous?: SupplierRow,
  ) {
    const errors: FieldError[] = [];
    if (columns.countryCode) {
      const [country] = await q
        .select({ code: countries.code })
        .from(countries)
        .where(eq(countries.code, columns.countryCode))
        .limit(1);
      if (!country)
        errors.push(fieldError('countryCode', 'invalidFormat', { format: 'country code' }));
    }
    const active = await findActiveCurrencies(q, [columns.currency, columns.purchaseCurrency]);
    if (!active.has(columns.currency) && columns.currency !== previous?.currency) {
      errors.push(fieldError('currency', 'invalidFormat', { format: 'currency' }));
    }
    if (
      !active.has(columns.purchaseCurrency) &&
      columns.purchaseCurrency !== previous?.purchaseCurrency
    ) {
      errors.push(fieldError('purchaseCurrency', 'invalidFormat', { format: 'currency' }));
    }
    if (errors.length > 0) throw new ValidationError(errors);
  }

  function listWhere(input: Omit<SupplierListInput, 'page' | 'pageSize' | 'sort' | 'order'>) {
    const pattern = input.search ? containsPattern(input.search) : undefined;
    return and(
      pattern
        ? or(
            ilike(suppliers.name, pattern),
            ilike(suppliers.abbreviation, pattern),
            ilike(suppliers.companyName, pattern),
            ilike(suppliers.contactName, pattern),
            ilike(suppliers.email, pattern),
          )
        : undefined,
      input.status ? eq(suppliers.status, input.status) : undefined,
      input.deliveryType ? eq(suppliers.deliveryType, input.deliveryType) : undefined,
      input.currency ? eq(suppliers.currency, input.currency) : undefined,
      input.from ? gte(suppliers.createdAt, new Date(input.from)) : undefined,
      input.to ? lt(suppliers.createdAt, endOfRange(input.to)) : undefined,
    );
  }

  function listOrder(input: Pick<SupplierListInput, 'sort' | 'order'>) {
    const sortable: Record<SupplierSortColumn, SQL | PgColumn> = {
      name: sql`lower(${suppliers.name})`,
      abbreviation: suppliers.abbreviation,
      status: suppliers.status,
      deliveryType: suppliers.deliveryType,
      currency: suppliers.currency,
      countryCode: suppliers.countryCode,
      createdDate: suppliers.createdAt,
      updatedDate: suppliers.updatedAt,
    };
    if (!input.sort) return [desc(suppliers.createdAt), asc(suppliers.id)];
    const column = sortable[input.sort];
    return [input.order === 'desc' ? desc(column) : asc(column), asc(suppliers.id)];
  }

  return {
    async list(input: SupplierListInput): Promise<ListResult<SupplierListItem>> {
      const where = listWhere(input);
      // The page and the total are independent reads: run at the same time.
      const [rows, [count]] = await Promise.all([
        db
          .select({
            id: suppliers.id,
            name: suppliers.name,
            abbreviation: suppliers.abbreviation,
            status: suppliers.status,
            deliveryType: suppliers.deliveryType,
            currency: suppliers.currency,
            purchaseCurrency: suppliers.purchaseCurrency,
            countryCode: suppliers.countryCode,
            companyName: suppliers.companyName,
            contactName: suppliers.contactName,
            email: suppliers.email,
            phone: suppliers.phone,
            connectorKind: suppliers.connectorKind,
            version: suppliers.version,
            createdAt: suppliers.createdAt,
            updatedAt: suppliers.updatedAt,
          })
          .from(suppliers)
          .where(where)
          .orderBy(...listOrder(input))
          .limit(input.pageSize)
          .offset((input.page - 1) * input.pageSize),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(suppliers)
          .where(where),
      ]);
      return {
        items: rows.map(({ createdAt, updatedAt, ...row }) => ({
          ...row,
          createdDate: iso(createdAt),
          updatedDate: iso(updatedAt),
        })),
        total: count?.total ?? 0,
        page: input.page,
        pageSize: input.pageSize,
      };
    },

    /** The export's header (English labels) and its rows, read in pages of 500. */
    exportCsv(input: SupplierListInput): {
      header: string[];
      rows: AsyncIterable<CsvValue[]>;
    } {
      const labels = loadEnglishCatalog().fields;
      const header = EXPORT_COLUMNS.map(([key]) => labels[key] ?? key);
      const where = listWhere(input);
      const order = listOrder(input);
      async function* rows() {
        const batch = 500;
        for (let offset = 0; offset < SUPPLIER_EXPORT_MAX_ROWS; offset += batch) {
          const page = await db
            .select()
            .from(suppliers)
            .where(where)
            .orderBy(...order)
            .limit(batch)
            .offset(offset);
          for (const row of page) yield EXPORT_COLUMNS.map(([, value]) => value(row));
          if (page.length < batch) return;
        }
      }
      return { header, rows: rows() };
    },

    async get(id: string): Promise<SupplierDetail> {
      return toDetail(await findRow(db, id));
    },

    async create(input: CreateSupplierData, actor: AuditActor): Promise<SupplierDetail> {
      const columns = columnsOf(input);
      await assertBaseUrlAllowed(columns.connectorBaseUrl);
      const apiKey =
        columns.deliveryType === 'api' && input.apiKey
          ? sealKey(input.apiKey, columns.connectorBaseUrl)
          : null;
      try {
        return await db.transaction(async (tx) => {
          await assertReferences(tx, columns);
          await assertNameFree(tx, columns.name);
          const [row] = await tx
            .insert(suppliers)
            .values({
              ...columns,
              connectorApiKey: apiKey,
              createdBy: actor.email,
              updatedBy: actor.email,
            })
            .returning();
          if (!row) throw new Error('supplier not inserted');
          await recordAudit(tx, {
            entityType: supplierAudit.type,
            entityId: row.id,
            action: 'create',
            actor,
            after: snapshot(row),
            redact: REDACT,
          });
          return toDetail(row);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new NameExistsError();
        throw error;
      }
    },

    /**
     * Replaces the record (version must be the current one). apiKey: a value replaces the key,
     * null clears it, absent or '' keeps it, but only while the base URL keeps the origin the key
     * was entered for (another origin needs the key again: 400 on apiKey). Switching to delivery
     * type stock drops the connector.
     */
    async update(input: UpdateSupplierData, actor: AuditActor): Promise<SupplierDetail> {
      const columns = columnsOf(input);
      const newKey =
        columns.deliveryType === 'api' && input.apiKey
          ? sealKey(input.apiKey, columns.connectorBaseUrl)
          : undefined;
      const current = await findRow(db, input.id);
      if (columns.connectorBaseUrl !== current.connectorBaseUrl) {
        await assertBaseUrlAllowed(columns.connectorBaseUrl);
      }
      try {
        return await db.transaction(async (tx) => {
          const before = await findRow(tx, input.id, true);
          if (before.version !== input.version) throw new StaleVersionError();
          const keepsKey =
            columns.deliveryType === 'api' && newKey === undefined && input.apiKey !== null;
          if (
            keepsKey &&
            before.connectorApiKey !== null &&
            originOf(columns.connectorBaseUrl) !== originOf(before.connectorBaseUrl)
          ) {
            throw new ValidationError([
              { field: 'apiKey', message: SUPPLIER_MESSAGES.apiKeyForOtherOrigin },
            ]);
          }
          if (before.connectorBaseUrl !== current.connectorBaseUrl) {
            // Changed since the check above (a concurrent save): the version check refuses it.
            throw new StaleVersionError();
          }
          await assertReferences(tx, columns, before);
          await assertNameFree(tx, columns.name, input.id);
          const connectorApiKey =
            columns.deliveryType !== 'api' || input.apiKey === null
              ? null
              : (newKey ?? before.connectorApiKey);
          const [after] = await tx
            .update(suppliers)
            .set({
              ...columns,
              connectorApiKey,
              version: sql`${suppliers.version} + 1`,
              updatedAt: new Date(),
              updatedBy: actor.email,
            })
            .where(and(eq(suppliers.id, input.id), eq(suppliers.version, input.version)))
            .returning();
          if (!after) throw new StaleVersionError();
          await recordAudit(tx, {
            entityType: supplierAudit.type,
            entityId: after.id,
            action: 'update',
            actor,
            before: snapshot(before),
            after: snapshot(after),
            redact: REDACT,
          });
          return toDetail(after);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new NameExistsError();
        throw error;
      }
    },

    /** Deletes a supplier nothing refers to (422 otherwise: set it inactive instead). */
    async remove(id: string, version: number | undefined, actor: AuditActor): Promise<void> {
      try {
        await db.transaction(async (tx) => {
          const before = await findRow(tx, id, true);
          if (version !== undefined && before.version !== version) throw new StaleVersionError();
          await tx.delete(suppliers).where(eq(suppliers.id, id));
          await recordAudit(tx, {
            entityType: supplierAudit.type,
            entityId: id,
            action: 'delete',
            actor,
            before: snapshot(before),
            redact: REDACT,
          });
        });
      } catch (error) {
        if (isForeignKeyViolation(error)) throw new BusinessRuleError(SUPPLIER_MESSAGES.referenced);
        throw error;
      }
    },

    /**
     * Reachability of the supplier's API: one GET with a timeout (5 s) through the outbound guard
     * (public or allow-listed addresses only, no redirects followed), the key in the connector's
     * header and only if it was entered for this origin. Answers reachable or not in our own
     * words: never the key, the remote's body or the network error's text.
     */
    async testConnection(id: string): Promise<SupplierConnectionTest> {
      const row = await findRow(db, id);
      if (row.deliveryType !== 'api' || !row.connectorBaseUrl) {
        throw new BusinessRuleError(SUPPLIER_MESSAGES.notApi);
      }
      const url = probeUrl(row.connectorKind, row.connectorBaseUrl);
      const headers: Record<string, string> = { accept: 'application/json' };
      if (row.connectorApiKey) {
        const key = openKey(row.connectorApiKey, row.connectorBaseUrl);
        if (row.connectorKind === 'esimgo') headers['x-api-key'] = key;
        else headers.authorization = `Bearer ${key}`;
      }
      const started = performance.now();
      const checkedAt = new Date().toISOString();
      try {
        const response = await outbound.fetch(url, {
          method: 'GET',
          headers,
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
        const latencyMs = Math.round(performance.now() - started);
        await response.body?.cancel().catch(() => undefined);
        const ok = response.status >= 200 && response.status < 300;
        return {
          ok,
          status: response.status,
          latencyMs,
          url,
          error: ok ? null : `HTTP ${response.status}`,
          checkedAt,
        };
      } catch {
        return {
          ok: false,
          status: null,
          latencyMs: Math.round(performance.now() - started),
          url,
          error: CONNECTION_NOT_REACHABLE,
          checkedAt,
        };
      }
    },
  };
}

export type SupplierService = ReturnType<typeof createSupplierService>;
