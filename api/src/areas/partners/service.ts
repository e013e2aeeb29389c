import {
  ERROR_CODES,
  PARTNER_VISIBLE_FIELDS,
  RESOURCES,
  ROLE_IDS,
  type CreatePartnerData,
  type CustomField,
  type ListResult,
  type PartnerAccount,
  type PartnerDetail,
  type PartnerListItem,
  type PartnerSortColumn,
  type PartnerVisibleField,
  type PermissionEntry,
  type UpdatePartnerData,
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
  type Tx,
} from '../../audit';
import { fieldError, keyedMessage, type CsvValue } from '../../csv';
import type { Db } from '../../db/client';
import { partnerCustomFields, partnerSlugs, partners, tariffCodes, users } from '../../db/schema';
import {
  AppError,
  BusinessRuleError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  StaleVersionError,
  ValidationError,
  isUniqueViolation,
} from '../../http/errors';
import { loadEnglishCatalog } from '../../http/messages';
import type { IdentityModule } from '../../identity/types';
import { containsPattern, endOfRange, iso } from '../list-helpers';
import {
  assertRoleWithinReach,
  assertUsersWithinReach,
  permissionsOfRoles,
} from '../access/public';
import { createFileService, type FileDeps } from '../files/public';
import { withPartnerScope } from './rls';
import { partnerScopeOf, scopeReaches, type PartnerScope } from './scope';

/** Audit entity: one partner (entityId = its id), its custom fields and its accounts' e-mails. */
export const partnerAudit = defineAuditEntity('partner', RESOURCES.partners, {
  reaches: (auth, entityId) => scopeReaches(partnerScopeOf(auth), entityId),
});

export const PARTNER_MESSAGES = defineApiMessages('partners', {
  created: 'Partner created.',
  updated: 'Partner updated.',
  deleted: 'Partner deleted.',
  accountCreated: 'Account created.',
  accountRemoved: 'Account removed.',
  codeNotFound: "partner's code not found",
  prefixNotFound: "partner's prefix not found",
  accountExists: 'An account with this e-mail already exists.',
  hasAccounts: 'This partner still has accounts. Remove them before deleting the partner.',
  referenced: 'This partner cannot be deleted: other records refer to it.',
  ownAccount: 'You cannot remove your own account.',
  staffOnly: "Only the reseller's staff can change {{fields}}.",
  tariffCodeInUse: 'This tariff code is assigned to partners and cannot be deleted.',
});

/** Partners assigned to a tariff code (tariff/relation, tariff code deletion). */
export function partnersUsingTariffCode(q: Queryable, tariffCodeId: string) {
  return q
    .select({ id: partners.id, name: partners.name, code: partners.code })
    .from(partners)
    .where(eq(partners.tariffCodeId, tariffCodeId))
    .orderBy(asc(partners.code));
}

/** Fields a partner's own staff may not change (its terms with the reseller and its identity). */
export const STAFF_ONLY_FIELDS = [
  'name',
  'code',
  'target',
  'planType',
  'monthlyCommit',
  'billingDate',
  'commissionType',
  'commissionValue',
  'tariffCode',
  'prefix',
  'slug',
  'visibleFields',
  'customFieldDefinitions',
] as const;

export interface PartnerListInput {
  page: number;
  pageSize: number;
  sort?: PartnerSortColumn | undefined;
  order: 'asc' | 'desc';
  search?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  target?: PartnerDetail['target'] | undefined;
  planType?: PartnerDetail['planType'] | undefined;
  commissionType?: PartnerDetail['commissionType'] | undefined;
}

type PartnerRow = typeof partners.$inferSelect;
type PartnerColumns = Omit<
  typeof partners.$inferInsert,
  'id' | 'version' | 'createdAt' | 'updatedAt' | 'createdBy' | 'updatedBy' | 'oldSlug'
>;

/** '' and null both mean "not set". */
function text(value: string | null | undefined): string | null {
  return value === undefined || value === null || value === '' ? null : value;
}

function money(value: string | null): number | null {
  return value === null ? null : Number(value);
}

function columnsOf(input: CreatePartnerData, tariffCodeId: string | null): PartnerColumns {
  return {
    name: input.name,
    code: input.code,
    target: input.target,
    representativeName: text(input.representativeName),
    phone: text(input.phone),
    loginEmail: text(input.loginEmail),
    planType: input.planType,
    monthlyCommit: input.monthlyCommit ?? null,
    billingDate: input.billingDate ?? null,
    website: text(input.website),
    typeOfBusiness: text(input.typeOfBusiness),
    businessModel: text(input.businessModel),
    visibleFields: [...input.visibleFields],
    commissionType: input.commissionType,
    commissionValue:
      input.commissionValue === null || input.commissionValue === undefined
        ? null
        : String(input.commissionValue),
    logoKey: text(input.logoKey),
    url: text(input.url),
    prefix: text(input.prefix),
    slug: text(input.slug),
    tariffCodeId,
  };
}

interface Loaded {
  row: PartnerRow;
  tariffCode: string | null;
  customFields: CustomField[];
  accounts: PartnerAccount[];
}

function toDetail({ row, tariffCode, customFields, accounts }: Loaded): PartnerDetail {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    target: row.target,
    representativeName: row.representativeName,
    phone: row.phone,
    loginEmail: row.loginEmail,
    planType: row.planType,
    monthlyCommit: row.monthlyCommit,
    billingDate: row.billingDate,
    website: row.website,
    typeOfBusiness: row.typeOfBusiness,
    businessModel: row.businessModel,
    visibleFields: row.visibleFields.filter((field): field is PartnerVisibleField =>
      (PARTNER_VISIBLE_FIELDS as readonly string[]).includes(field),
    ),
    commissionType: row.commissionType,
    commissionValue: money(row.commissionValue),
    customFields,
    logoKey: row.logoKey,
    url: row.url,
    prefix: row.prefix,
    slug: row.slug,
    oldSlug: row.oldSlug,
    tariffCode,
    tariffCodeId: row.tariffCodeId,
    accounts,
    version: row.version,
    createdDate: iso(row.createdAt),
    updatedDate: iso(row.updatedAt),
    createdBy: row.createdBy,
    updatedBy: row.updatedBy,
  };
}

/** What the audit sees: API field names, accounts by e-mail. */
function snapshot(detail: PartnerDetail): AuditSnapshot {
  const { accounts, tariffCodeId: _tariffCodeId, oldSlug: _oldSlug, ...rest } = detail;
  return { ...rest, accounts: accounts.map((account) => account.email) };
}

const EXPORT_COLUMNS: [string, (row: PartnerRow & { tariffCode: string | null }) => CsvValue][] = [
  ['partnerName', (row) => row.name],
  ['partnerCode', (row) => row.code],
  ['target', (row) => row.target],
  ['representativeName', (row) => row.representativeName],
  ['phone', (row) => row.phone],
  ['loginEmail', (row) => row.loginEmail],
  ['planType', (row) => row.planType],
  ['monthlyCommit', (row) => row.monthlyCommit],
  ['billingDate', (row) => row.billingDate],
  ['website', (row) => row.website],
  ['typeOfBusiness', (row) => row.typeOfBusiness],
  ['businessModel', (row) => row.businessModel],
  ['commissionType', (row) => row.commissionType],
  ['commissionValue', (row) => row.commissionValue],
  ['tariffCode', (row) => row.tariffCode],
  ['url', (row) => row.url],
  ['prefix', (row) => row.prefix],
  ['slug', (row) => row.slug],
  ['createdDate', (row) => row.createdAt],
  ['updatedDate', (row) => row.updatedAt],
  ['createdBy', (row) => row.createdBy],
  ['updatedBy', (row) => row.updatedBy],
];

/** Most rows an export writes. */
export const PARTNER_EXPORT_MAX_ROWS = 100_000;

function isForeignKeyViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (candidate.code === '23503' || candidate.code === '23001') return true;
    current = candidate.cause;
  }
  return false;
}

const duplicate = (field: string, name: string) =>
  new ConflictError(keyedMessage('duplicate', { name }), field);

/** The unique index a violation names -> the field it is about. */
function conflictOf(error: unknown): AppError | null {
  if (isUniqueViolation(error, 'partners_code_unique')) return duplicate('code', 'partnerCode');
  if (isUniqueViolation(error, 'partners_prefix_unique')) return duplicate('prefix', 'prefix');
  if (
    isUniqueViolation(error, 'partners_slug_unique') ||
    isUniqueViolation(error, 'partner_slugs_pkey')
  )
    return duplicate('slug', 'slug');
  if (isUniqueViolation(error, 'users_email_unique'))
    return new ConflictError(PARTNER_MESSAGES.accountExists, 'email');
  return null;
}

class PartnerLookupError extends AppError {
  constructor(message: typeof PARTNER_MESSAGES.codeNotFound) {
    super(404, ERROR_CODES.notFound, message);
  }
}

export function createPartnerService({
  db,
  identity,
  config,
}: {
  db: Db;
  identity: IdentityModule;
  config: FileDeps['config'];
}) {
  const files = createFileService({ db, config });

  /**
   * A logo key must name a stored, checked logo (utils/upload-file). Asked before the write's
   * transaction: PGlite has one connection, which that transaction holds.
   */
  async function assertLogo(logoKey: string | null | undefined): Promise<void> {
    const key = text(logoKey);
    if (key) await files.storedFile(key, 'partnerLogo', 'logoKey');
  }

  /** Runs fn in a transaction limited to the scope (API filter + row-level security). */
  function scoped<T>(scope: PartnerScope, fn: (tx: Tx) => Promise<T>): Promise<T> {
    return withPartnerScope(db, scope, fn);
  }

  /** The SQL condition of the scope on partners.id (or another partner_id column). */
  function reach(scope: PartnerScope, column: PgColumn = partners.id): SQL | undefined {
    if (scope.all) return undefined;
    return scope.partnerId ? eq(column, scope.partnerId) : sql`false`;
  }

  async function findRow(
    q: Queryable,
    scope: PartnerScope,
    id: string,
    lock = false,
  ): Promise<PartnerRow> {
    const query = q
      .select()
      .from(partners)
      .where(and(eq(partners.id, id), reach(scope)))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    // Out of reach reads as missing: a partner admin learns nothing of other partners.
    if (!row) throw new NotFoundError('Partner');
    return row;
  }

  async function load(q: Queryable, row: PartnerRow): Promise<Loaded> {
    // One after another: q is usually a transaction, one connection (node-postgres deprecates
    // queries queued on a busy client).
    const code = row.tariffCodeId
      ? await q
          .select({ code: tariffCodes.tariffCode })
          .from(tariffCodes)
          .where(eq(tariffCodes.id, row.tariffCodeId))
          .limit(1)
      : [];
    const fields = await q
      .select()
      .from(partnerCustomFields)
      .where(eq(partnerCustomFields.partnerId, row.id))
      .orderBy(asc(partnerCustomFields.position));
    const accounts = await q
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        status: users.status,
        lastLoginAt: users.lastLoginAt,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(eq(users.partnerId, row.id))
      .orderBy(asc(users.email));
    return {
      row,
      tariffCode: code[0]?.code ?? null,
      customFields: fields.map((field) => ({
        name: field.name,
        dataType: field.dataType,
        maxLength: field.maxLength,
        maxAmount: field.maxAmount === null ? null : Number(field.maxAmount),
        value: field.value ?? null,
      })),
      accounts: accounts.map((account) => ({
        id: account.id,
        email: account.email,
        name: account.name,
        status: account.status,
        lastLoginDate: account.lastLoginAt ? iso(account.lastLoginAt) : null,
        createdDate: iso(account.createdAt),
      })),
    };
  }

  async function detailOf(q: Queryable, row: PartnerRow): Promise<PartnerDetail> {
    return toDetail(await load(q, row));
  }

  /** The tariff code's id (400 on tariffCode when there is no such code). */
  async function tariffCodeIdOf(q: Queryable, code: string | null | undefined) {
    const wanted = text(code);
    if (!wanted) return null;
    const [found] = await q
      .select({ id: tariffCodes.id })
      .from(tariffCodes)
      .where(sql`lower(${tariffCodes.tariffCode}) = lower(${wanted})`)
      .limit(1);
    if (!found) {
      throw new ValidationError([
        fieldError('tariffCode', 'invalidFormat', { format: 'tariff code' }),
      ]);
    }
    return found.id;
  }

  /** Code and prefix free (case-insensitive), the slug never used by another partner. */
  async function assertUnique(q: Queryable, columns: PartnerColumns, exceptId?: string) {
    const other = exceptId ? ne(partners.id, exceptId) : undefined;
    const [code] = await q
      .select({ id: partners.id })
      .from(partners)
      .where(and(sql`lower(${partners.code}) = lower(${columns.code})`, other))
      .limit(1);
    if (code) throw duplicate('code', 'partnerCode');
    if (columns.prefix) {
      const [prefix] = await q
        .select({ id: partners.id })
        .from(partners)
        .where(and(sql`lower(${partners.prefix}) = lower(${columns.prefix})`, other))
        .limit(1);
      if (prefix) throw duplicate('prefix', 'prefix');
    }
    if (columns.slug) {
      const [slug] = await q
        .select({ partnerId: partnerSlugs.partnerId })
        .from(partnerSlugs)
        .where(eq(partnerSlugs.slug, columns.slug))
        .limit(1);
      if (slug && slug.partnerId !== exceptId) throw duplicate('slug', 'slug');
    }
  }

  async function writeCustomFields(
    tx: Tx,
    partnerId: string,
    fields: CreatePartnerData['customFields'],
  ) {
    await tx.delete(partnerCustomFields).where(eq(partnerCustomFields.partnerId, partnerId));
    if (fields.length === 0) return;
    await tx.insert(partnerCustomFields).values(
      fields.map((field, position) => ({
        partnerId,
        position,
        name: field.name,
        dataType: field.dataType,
        maxLength: field.maxLength,
        maxAmount: field.maxAmount === null ? null : String(field.maxAmount),
        value: field.value,
      })),
    );
  }

  async function rememberSlug(tx: Tx, partnerId: string, slug: string | null | undefined) {
    if (!slug) return;
    await tx.insert(partnerSlugs).values({ slug, partnerId }).onConflictDoNothing();
  }

  /** A partner's own staff may change its contact details and custom values, nothing else. */
  function assertOwnStaffChanges(
    before: PartnerDetail,
    input: UpdatePartnerData,
    tariffCodeId: string | null,
  ) {
    const changed: string[] = [];
    const same = (a: unknown, b: unknown) =>
      JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
    if (!same(before.name, input.name)) changed.push('name');
    if (!same(before.code, input.code)) changed.push('code');
    if (!same(before.target, input.target)) changed.push('target');
    if (!same(before.planType, input.planType)) changed.push('planType');
    if (!same(before.monthlyCommit, input.monthlyCommit)) changed.push('monthlyCommit');
    if (!same(before.billingDate, input.billingDate)) changed.push('billingDate');
    if (!same(before.commissionType, input.commissionType)) changed.push('commissionType');
    if (!same(before.commissionValue, input.commissionValue)) changed.push('commissionValue');
    if (!same(before.tariffCodeId, tariffCodeId)) changed.push('tariffCode');
    if (!same(before.prefix, text(input.prefix))) changed.push('prefix');
    if (!same(before.slug, text(input.slug))) changed.push('slug');
    if (!same(before.visibleFields, input.visibleFields)) changed.push('visibleFields');
    const definitions = (fields: readonly CustomField[]) =>
      fields.map(({ name, dataType, maxLength, maxAmount }) => ({
        name,
        dataType,
        maxLength,
        maxAmount,
      }));
    if (!same(definitions(before.customFields), definitions(input.customFields)))
      changed.push('customFields');
    if (changed.length > 0) {
      throw new ForbiddenError(PARTNER_MESSAGES.staffOnly({ fields: changed.join(', ') }));
    }
  }

  function listWhere(
    input: Omit<PartnerListInput, 'page' | 'pageSize' | 'sort' | 'order'>,
    scope: PartnerScope,
  ) {
    const pattern = input.search ? containsPattern(input.search) : undefined;
    return and(
      reach(scope),
      pattern
        ? or(
            ilike(partners.name, pattern),
            ilike(partners.code, pattern),
            ilike(partners.prefix, pattern),
            ilike(partners.slug, pattern),
            ilike(partners.representativeName, pattern),
            ilike(partners.loginEmail, pattern),
          )
        : undefined,
      input.target ? eq(partners.target, input.target) : undefined,
      input.planType ? eq(partners.planType, input.planType) : undefined,
      input.commissionType ? eq(partners.commissionType, input.commissionType) : undefined,
      input.from ? gte(partners.createdAt, new Date(input.from)) : undefined,
      input.to ? lt(partners.createdAt, endOfRange(input.to)) : undefined,
    );
  }

  function listOrder(input: Pick<PartnerListInput, 'sort' | 'order'>) {
    const sortable: Record<PartnerSortColumn, SQL | PgColumn> = {
      name: sql`lower(${partners.name})`,
      code: sql`lower(${partners.code})`,
      target: partners.target,
      planType: sql`array_position(ARRAY['entry','bronze','silver','gold','platinum'], ${partners.planType})`,
      prefix: sql`lower(${partners.prefix})`,
      createdDate: partners.createdAt,
      updatedDate: partners.updatedAt,
    };
    if (!input.sort) return [desc(partners.createdAt), asc(partners.id)];
    const column = sortable[input.sort];
    return [input.order === 'desc' ? desc(column) : asc(column), asc(partners.id)];
  }

  function mapWriteError(error: unknown): never {
    const conflict = conflictOf(error);
    if (conflict) throw conflict;
    throw error;
  }

  return {
    async list(input: PartnerListInput, scope: PartnerScope): Promise<ListResult<PartnerListItem>> {
      const where = listWhere(input, scope);
      return scoped(scope, async (tx) => {
        const rows = await tx
          .select({
            id: partners.id,
            name: partners.name,
            code: partners.code,
            target: partners.target,
            planType: partners.planType,
            representativeName: partners.representativeName,
            loginEmail: partners.loginEmail,
            prefix: partners.prefix,
            slug: partners.slug,
            tariffCode: tariffCodes.tariffCode,
            commissionType: partners.commissionType,
            commissionValue: partners.commissionValue,
            accountCount: sql<number>`(SELECT count(*)::int FROM ${users} u WHERE u.partner_id = ${partners.id})`,
            version: partners.version,
            createdAt: partners.createdAt,
            updatedAt: partners.updatedAt,
          })
          .from(partners)
          .leftJoin(tariffCodes, eq(tariffCodes.id, partners.tariffCodeId))
          .where(where)
          .orderBy(...listOrder(input))
          .limit(input.pageSize)
          .offset((input.page - 1) * input.pageSize);
        const [count] = await tx
          .select({ total: sql<number>`count(*)::int` })
          .from(partners)
          .where(where);
        return {
          items: rows.map(({ createdAt, updatedAt, commissionValue, ...row }) => ({
            ...row,
            tariffCode: row.tariffCode ?? null,
            commissionValue: money(commissionValue),
            accountCount: Number(row.accountCount),
            createdDate: iso(createdAt),
            updatedDate: iso(updatedAt),
          })),
          total: count?.total ?? 0,
          page: input.page,
          pageSize: input.pageSize,
        };
      });
    },

    /** The export's header (English labels) and its rows, read in pages of 500. */
    exportCsv(input: PartnerListInput, scope: PartnerScope) {
      const labels = loadEnglishCatalog().fields;
      const header = EXPORT_COLUMNS.map(([key]) => labels[key] ?? key);
      const where = listWhere(input, scope);
      const order = listOrder(input);
      async function* rows() {
        const batch = 500;
        for (let offset = 0; offset < PARTNER_EXPORT_MAX_ROWS; offset += batch) {
          const page = await scoped(scope, (tx) =>
            tx
              .select({ partner: partners, tariffCode: tariffCodes.tariffCode })
              .from(partners)
              .leftJoin(tariffCodes, eq(tariffCodes.id, partners.tariffCodeId))
              .where(where)
              .orderBy(...order)
              .limit(batch)
              .offset(offset),
          );
          for (const { partner, tariffCode } of page) {
            const row = { ...partner, tariffCode: tariffCode ?? null };
            yield EXPORT_COLUMNS.map(([, value]) => value(row));
          }
          if (page.length < batch) return;
        }
      }
      return { header, rows: rows() };
    },

    async get(id: string, scope: PartnerScope): Promise<PartnerDetail> {
      return scoped(scope, async (tx) => detailOf(tx, await findRow(tx, scope, id)));
    },

    /** By slug (current or old), code or prefix (exactly one given; the route checks). */
    async lookup(
      input: { slug?: string | undefined; code?: string | undefined; prefix?: string | undefined },
      scope: PartnerScope,
    ): Promise<PartnerDetail> {
      return scoped(scope, async (tx) => {
        let row: PartnerRow | undefined;
        if (input.slug) {
          [row] = await tx
            .select({ partner: partners })
            .from(partnerSlugs)
            .innerJoin(partners, eq(partners.id, partnerSlugs.partnerId))
            .where(and(eq(partnerSlugs.slug, input.slug), reach(scope)))
            .limit(1)
            .then((rows) => rows.map((found) => found.partner));
          if (!row) throw new NotFoundError('Partner');
        } else if (input.code) {
          [row] = await tx
            .select()
            .from(partners)
            .where(and(sql`lower(${partners.code}) = lower(${input.code})`, reach(scope)))
            .limit(1);
          if (!row) throw new PartnerLookupError(PARTNER_MESSAGES.codeNotFound);
        } else {
          [row] = await tx
            .select()
            .from(partners)
            .where(and(sql`lower(${partners.prefix}) = lower(${input.prefix ?? ''})`, reach(scope)))
            .limit(1);
          if (!row) throw new PartnerLookupError(PARTNER_MESSAGES.prefixNotFound);
        }
        return detailOf(tx, row);
      });
    },

    async create(
      input: CreatePartnerData,
      actor: AuditActor,
      scope: PartnerScope,
    ): Promise<PartnerDetail> {
      if (!scope.all) throw new ForbiddenError();
      await assertLogo(input.logoKey);
      try {
        return await scoped(scope, async (tx) => {
          const columns = columnsOf(input, await tariffCodeIdOf(tx, input.tariffCode));
          await assertUnique(tx, columns);
          const [row] = await tx
            .insert(partners)
            .values({ ...columns, createdBy: actor.email, updatedBy: actor.email })
            .returning();
          if (!row) throw new Error('partner not inserted');
          await rememberSlug(tx, row.id, row.slug);
          await writeCustomFields(tx, row.id, input.customFields);
          const detail = await detailOf(tx, row);
          await recordAudit(tx, {
            entityType: partnerAudit.type,
            entityId: row.id,
            action: 'create',
            actor,
            after: snapshot(detail),
          });
          return detail;
        });
      } catch (error) {
        return mapWriteError(error);
      }
    },

    /**
     * Replaces the record (version must be the current one). A changed slug becomes the old slug
     * (and keeps resolving through lookup). A partner's own staff may only change its contact
     * details and custom field values (403 otherwise).
     */
    async update(
      input: UpdatePartnerData,
      actor: AuditActor,
      scope: PartnerScope,
    ): Promise<PartnerDetail> {
      await assertLogo(input.logoKey);
      try {
        return await scoped(scope, async (tx) => {
          const current = await findRow(tx, scope, input.id, true);
          if (current.version !== input.version) throw new StaleVersionError();
          const before = await detailOf(tx, current);
          const tariffCodeId =
            text(input.tariffCode) &&
            text(input.tariffCode)?.toLowerCase() === before.tariffCode?.toLowerCase()
              ? before.tariffCodeId
              : await tariffCodeIdOf(tx, input.tariffCode);
          if (!scope.all) assertOwnStaffChanges(before, input, tariffCodeId);
          const columns = columnsOf(input, tariffCodeId);
          await assertUnique(tx, columns, input.id);
          const slugChanged = columns.slug !== current.slug;
          const [after] = await tx
            .update(partners)
            .set({
              ...columns,
              oldSlug: slugChanged && current.slug ? current.slug : current.oldSlug,
              version: sql`${partners.version} + 1`,
              updatedAt: new Date(),
              updatedBy: actor.email,
            })
            .where(and(eq(partners.id, input.id), eq(partners.version, input.version)))
            .returning();
          if (!after) throw new StaleVersionError();
          if (slugChanged) await rememberSlug(tx, after.id, after.slug);
          await writeCustomFields(tx, after.id, input.customFields);
          const detail = await detailOf(tx, after);
          await recordAudit(tx, {
            entityType: partnerAudit.type,
            entityId: after.id,
            action: 'update',
            actor,
            before: snapshot(before),
            after: snapshot(detail),
          });
          return detail;
        });
      } catch (error) {
        return mapWriteError(error);
      }
    },

    /** Deletes a partner without accounts that nothing refers to (422 otherwise). */
    async remove(id: string, version: number | undefined, actor: AuditActor, scope: PartnerScope) {
      if (!scope.all) throw new ForbiddenError();
      try {
        await scoped(scope, async (tx) => {
          const row = await findRow(tx, scope, id, true);
          if (version !== undefined && row.version !== version) throw new StaleVersionError();
          const before = await detailOf(tx, row);
          if (before.accounts.length > 0) throw new BusinessRuleError(PARTNER_MESSAGES.hasAccounts);
          await tx.delete(partners).where(eq(partners.id, id));
          await recordAudit(tx, {
            entityType: partnerAudit.type,
            entityId: id,
            action: 'delete',
            actor,
            before: snapshot(before),
          });
        });
      } catch (error) {
        if (isForeignKeyViolation(error)) throw new BusinessRuleError(PARTNER_MESSAGES.referenced);
        throw error;
      }
    },

    /**
     * A new staff account of the partner: a user with the role administrators_partner bound to
     * it, who signs in like everyone else (e-mail + one-time code). An e-mail any user already
     * has is a 409.
     */
    async createAccount(
      input: { partnerId: string; email: string; name?: string | null | undefined },
      actor: AuditActor,
      scope: PartnerScope,
      actorPermissions: readonly PermissionEntry[],
    ): Promise<PartnerAccount> {
      try {
        return await scoped(scope, async (tx) => {
          const row = await findRow(tx, scope, input.partnerId, true);
          // The account gets the partner role: only whoever could assign that role makes one.
          const partnerRole = await permissionsOfRoles(tx, [ROLE_IDS.partner]);
          assertRoleWithinReach(partnerRole.get(ROLE_IDS.partner) ?? [], actorPermissions);
          const before = await detailOf(tx, row);
          const [taken] = await tx
            .select({ id: users.id })
            .from(users)
            .where(eq(users.email, input.email))
            .limit(1);
          if (taken) throw new ConflictError(PARTNER_MESSAGES.accountExists, 'email');
          const [user] = await tx
            .insert(users)
            .values({
              email: input.email,
              name: text(input.name),
              roleId: ROLE_IDS.partner,
              partnerId: row.id,
              status: 'active',
            })
            .returning();
          if (!user) throw new Error('account not inserted');
          await recordAudit(tx, {
            entityType: partnerAudit.type,
            entityId: row.id,
            action: 'update',
            actor,
            before: snapshot(before),
            after: snapshot(await detailOf(tx, row)),
          });
          return {
            id: user.id,
            email: user.email,
            name: user.name,
            status: user.status,
            lastLoginDate: null,
            createdDate: iso(user.createdAt),
          };
        });
      } catch (error) {
        return mapWriteError(error);
      }
    },

    /** Removes a staff account (the user and its sessions). Not one's own. */
    async removeAccount(
      userId: string,
      actor: AuditActor,
      scope: PartnerScope,
      actorPermissions: readonly PermissionEntry[],
    ): Promise<{ id: string; partnerId: string }> {
      if (userId === actor.userId) throw new BusinessRuleError(PARTNER_MESSAGES.ownAccount);
      const removed = await scoped(scope, async (tx) => {
        await assertUsersWithinReach(tx, [userId], actorPermissions);
        const [account] = await tx
          .select({ id: users.id, partnerId: users.partnerId })
          .from(users)
          .where(
            and(
              eq(users.id, userId),
              sql`${users.partnerId} IS NOT NULL`,
              reach(scope, users.partnerId),
            ),
          )
          .limit(1);
        if (!account?.partnerId) throw new NotFoundError('User');
        const row = await findRow(tx, scope, account.partnerId, true);
        const before = await detailOf(tx, row);
        await tx.delete(users).where(eq(users.id, userId));
        await recordAudit(tx, {
          entityType: partnerAudit.type,
          entityId: row.id,
          action: 'update',
          actor,
          before: snapshot(before),
          after: snapshot(await detailOf(tx, row)),
        });
        return { id: userId, partnerId: row.id };
      });
      // Its cached sessions end at once (the user row is gone, so no new request passes).
      identity.forgetSessions();
      return removed;
    },

    /** Whether the partner exists within the scope (history reads check it first). */
    async assertReachable(id: string, scope: PartnerScope): Promise<void> {
      if (scope.all) return;
      await scoped(scope, (tx) => findRow(tx, scope, id));
    },
  };
}

export type PartnerService = ReturnType<typeof createPartnerService>;
