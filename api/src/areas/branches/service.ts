import {
  RESOURCES,
  type BranchDetail,
  type BranchListItem,
  type BranchSortColumn,
  type BranchTarget,
  type CreateBranchData,
  type CreateIssuerData,
  type DocumentSequence,
  type IssuerCountry,
  type IssuerDetail,
  type IssuerListItem,
  type IssuerSortColumn,
  type ListResult,
  type UpdateBranchData,
  type UpdateIssuerData,
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
import { fieldError, keyedMessage } from '../../csv';
import type { Db } from '../../db/client';
import {
  branches,
  countries,
  documentSequences,
  issuers,
  paymentMethods,
  residenceCountries,
} from '../../db/schema';
import {
  BusinessRuleError,
  ConflictError,
  NotFoundError,
  StaleVersionError,
  ValidationError,
  isUniqueViolation,
  type FieldError,
} from '../../http/errors';
import { containsPattern, endOfRange, iso } from '../list-helpers';
import { sanitizeTemplate } from './template';
import { partnerExists } from '../partners/public';

/** Audit entities: one branch, one issuer (entityId = its id). */
export const branchAudit = defineAuditEntity('branch', RESOURCES.branches);
export const issuerAudit = defineAuditEntity('issuer', RESOURCES.branches);

export const BRANCH_MESSAGES = defineApiMessages('branches', {
  created: 'Branch created.',
  updated: 'Branch updated.',
  deleted: 'Branch deleted.',
  hasIssuers: 'This branch cannot be deleted while it has issuers. Delete its issuers first.',
  partnerSelected: 'Partner of the branch saved.',
  issuerCreated: 'Issuer created.',
  issuerUpdated: 'Issuer updated.',
  issuerDeleted: 'Issuer deleted.',
  issuerHasDocuments:
    'This issuer cannot be deleted: documents were numbered in its name. Keep it for the records.',
  issuerExists: 'This branch already has an issuer with this registration number.',
});

type BranchRow = typeof branches.$inferSelect;
type IssuerRow = typeof issuers.$inferSelect;

/** '' and null both mean "not set". */
function text(value: string | null | undefined): string | null {
  return value === undefined || value === null || value === '' ? null : value;
}

function toBranchDetail(row: BranchRow): BranchDetail {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    target: row.target,
    countryCode: row.countryCode,
    mainPartner: row.mainPartner,
    providerName: row.providerName,
    paymentGateway: row.paymentGateway,
    paymentMethodId: row.paymentMethodId,
    inquiryEmail: row.inquiryEmail,
    inquiryPhone: row.inquiryPhone,
    inquiryWeb: row.inquiryWeb,
    residenceCountryCode: row.residenceCountryCode,
    reportLanguage: row.reportLanguage,
    invoiceTitle: row.invoiceTitle,
    receiptTitle: row.receiptTitle,
    taxName: row.taxName,
    taxRate: Number(row.taxRate),
    templateHtml: row.templateHtml,
    partnerId: row.partnerId,
    version: row.version,
    createdDate: iso(row.createdAt),
    updatedDate: iso(row.updatedAt),
    createdBy: row.createdBy,
    updatedBy: row.updatedBy,
  };
}

function branchColumns(input: CreateBranchData) {
  return {
    name: input.name,
    code: input.code,
    target: input.target,
    countryCode: input.countryCode,
    mainPartner: input.mainPartner,
    providerName: text(input.providerName),
    paymentGateway: text(input.paymentGateway),
    paymentMethodId: input.paymentMethodId ?? null,
    inquiryEmail: text(input.inquiryEmail),
    inquiryPhone: text(input.inquiryPhone),
    inquiryWeb: text(input.inquiryWeb),
    residenceCountryCode: text(input.residenceCountryCode),
    reportLanguage: input.reportLanguage,
    invoiceTitle: input.invoiceTitle,
    receiptTitle: input.receiptTitle,
    taxName: input.taxName,
    taxRate: input.taxRate,
    templateHtml: sanitizeTemplate(input.templateHtml),
  };
}

function toIssuerDetail(
  row: IssuerRow,
  branchName: string,
  sequences: DocumentSequence[],
): IssuerDetail {
  return {
    id: row.id,
    branchId: row.branchId,
    branchName,
    countryCode: row.countryCode,
    legalName: row.legalName,
    address: row.address,
    postalCode: row.postalCode,
    phone: row.phone,
    email: row.email,
    registrationNumber: row.registrationNumber,
    branchNumber: row.branchNumber,
    sequences,
    version: row.version,
    createdDate: iso(row.createdAt),
    updatedDate: iso(row.updatedAt),
    createdBy: row.createdBy,
    updatedBy: row.updatedBy,
  };
}

/** What the audit sees of an issuer (no derived fields). */
function issuerSnapshot(row: IssuerRow): AuditSnapshot {
  return {
    branchId: row.branchId,
    countryCode: row.countryCode,
    legalName: row.legalName,
    address: row.address,
    postalCode: row.postalCode,
    phone: row.phone,
    email: row.email,
    registrationNumber: row.registrationNumber,
    branchNumber: row.branchNumber,
    version: row.version,
  };
}

function issuerColumns(input: CreateIssuerData) {
  return {
    countryCode: input.countryCode as IssuerCountry,
    legalName: input.legalName,
    address: input.address,
    postalCode: text(input.postalCode),
    phone: text(input.phone),
    email: text(input.email),
    registrationNumber: input.registrationNumber,
    branchNumber: text(input.branchNumber),
  };
}

/** A row elsewhere still refers to the one deleted (23503 / 23001). */
function isForeignKeyViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (candidate.code === '23503' || candidate.code === '23001') return true;
    current = candidate.cause;
  }
  return false;
}

const codeTaken = () =>
  new ConflictError(keyedMessage('duplicate', { name: 'branchCode' }), 'code');

export interface BranchListInput {
  page: number;
  pageSize: number;
  sort?: BranchSortColumn | undefined;
  order: 'asc' | 'desc';
  search?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  target?: BranchTarget | undefined;
  countryCode?: string | undefined;
}

export interface IssuerListInput {
  page: number;
  pageSize: number;
  sort?: IssuerSortColumn | undefined;
  order: 'asc' | 'desc';
  search?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  branchId?: string | undefined;
  countryCode?: IssuerCountry | undefined;
}

export function createBranchService({ db }: { db: Db }) {
  async function findBranch(q: Queryable, id: string, lock = false): Promise<BranchRow> {
    const query = q.select().from(branches).where(eq(branches.id, id)).limit(1);
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw new NotFoundError('Branch');
    return row;
  }

  async function findIssuer(q: Queryable, id: string, lock = false): Promise<IssuerRow> {
    const query = q.select().from(issuers).where(eq(issuers.id, id)).limit(1);
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw new NotFoundError('Issuer');
    return row;
  }

  async function assertCodeFree(q: Queryable, code: string, exceptId?: string) {
    const [taken] = await q
      .select({ id: branches.id })
      .from(branches)
      .where(
        and(
          sql`lower(${branches.code}) = lower(${code})`,
          exceptId ? ne(branches.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    if (taken) throw codeTaken();
  }

  /** The country, residence country and payment method must exist. */
  async function assertBranchReferences(q: Queryable, columns: ReturnType<typeof branchColumns>) {
    const errors: FieldError[] = [];
    const [country] = await q
      .select({ code: countries.code })
      .from(countries)
      .where(eq(countries.code, columns.countryCode))
      .limit(1);
    if (!country)
      errors.push(fieldError('countryCode', 'invalidFormat', { format: 'country code' }));
    if (columns.residenceCountryCode) {
      const [residence] = await q
        .select({ code: residenceCountries.code })
        .from(residenceCountries)
        .where(eq(residenceCountries.code, columns.residenceCountryCode))
        .limit(1);
      if (!residence)
        errors.push(
          fieldError('residenceCountryCode', 'invalidFormat', { format: 'residence country' }),
        );
    }
    if (columns.paymentMethodId !== null) {
      const [method] = await q
        .select({ id: paymentMethods.id })
        .from(paymentMethods)
        .where(eq(paymentMethods.id, columns.paymentMethodId))
        .limit(1);
      if (!method)
        errors.push(fieldError('paymentMethodId', 'invalidFormat', { format: 'payment method' }));
    }
    if (errors.length > 0) throw new ValidationError(errors);
  }

  async function sequencesOf(q: Queryable, issuerId: string): Promise<DocumentSequence[]> {
    const rows = await q
      .select()
      .from(documentSequences)
      .where(eq(documentSequences.issuerId, issuerId))
      .orderBy(desc(documentSequences.year), asc(documentSequences.documentType));
    return rows.map((row) => ({
      documentType: row.documentType,
      year: row.year,
      nextNumber: Number(row.nextNumber),
    }));
  }

  async function issuerDetail(q: Queryable, row: IssuerRow): Promise<IssuerDetail> {
    const branch = await findBranch(q, row.branchId);
    return toIssuerDetail(row, branch.name, await sequencesOf(q, row.id));
  }

  function branchWhere(input: BranchListInput) {
    const pattern = input.search ? containsPattern(input.search) : undefined;
    return and(
      pattern
        ? or(
            ilike(branches.name, pattern),
            ilike(branches.code, pattern),
            ilike(branches.providerName, pattern),
          )
        : undefined,
      input.target ? eq(branches.target, input.target) : undefined,
      input.countryCode ? eq(branches.countryCode, input.countryCode) : undefined,
      input.from ? gte(branches.createdAt, new Date(input.from)) : undefined,
      input.to ? lt(branches.createdAt, endOfRange(input.to)) : undefined,
    );
  }

  function branchOrder(input: BranchListInput) {
    const sortable: Record<BranchSortColumn, SQL | PgColumn> = {
      name: sql`lower(${branches.name})`,
      code: sql`lower(${branches.code})`,
      target: branches.target,
      countryCode: branches.countryCode,
      createdDate: branches.createdAt,
      updatedDate: branches.updatedAt,
    };
    if (!input.sort) return [desc(branches.createdAt), asc(branches.id)];
    const column = sortable[input.sort];
    return [input.order === 'desc' ? desc(column) : asc(column), asc(branches.id)];
  }

  return {
    async list(input: BranchListInput): Promise<ListResult<BranchListItem>> {
      const where = branchWhere(input);
      const [rows, [count]] = await Promise.all([
        db
          .select({
            id: branches.id,
            name: branches.name,
            code: branches.code,
            target: branches.target,
            countryCode: branches.countryCode,
            mainPartner: branches.mainPartner,
            providerName: branches.providerName,
            issuerCount: sql<number>`(SELECT count(*)::int FROM issuers AS i WHERE i.branch_id = "branches"."id")`,
            version: branches.version,
            createdAt: branches.createdAt,
            updatedAt: branches.updatedAt,
          })
          .from(branches)
          .where(where)
          .orderBy(...branchOrder(input))
          .limit(input.pageSize)
          .offset((input.page - 1) * input.pageSize),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(branches)
          .where(where),
      ]);
      return {
        items: rows.map(({ createdAt, updatedAt, issuerCount, ...row }) => ({
          ...row,
          issuerCount: Number(issuerCount),
          createdDate: iso(createdAt),
          updatedDate: iso(updatedAt),
        })),
        total: count?.total ?? 0,
        page: input.page,
        pageSize: input.pageSize,
      };
    },

    async get(id: string): Promise<BranchDetail> {
      return toBranchDetail(await findBranch(db, id));
    },

    async create(input: CreateBranchData, actor: AuditActor): Promise<BranchDetail> {
      const columns = branchColumns(input);
      try {
        return await db.transaction(async (tx) => {
          await assertBranchReferences(tx, columns);
          await assertCodeFree(tx, columns.code);
          const [row] = await tx
            .insert(branches)
            .values({ ...columns, createdBy: actor.email, updatedBy: actor.email })
            .returning();
          if (!row) throw new Error('branch not inserted');
          const detail = toBranchDetail(row);
          await recordAudit(tx, {
            entityType: branchAudit.type,
            entityId: row.id,
            action: 'create',
            actor,
            after: { ...detail },
          });
          return detail;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw codeTaken();
        throw error;
      }
    },

    /** Replaces the record (the version must be the current one; the partner link is kept). */
    async update(input: UpdateBranchData, actor: AuditActor): Promise<BranchDetail> {
      const columns = branchColumns(input);
      try {
        return await db.transaction(async (tx) => {
          const before = await findBranch(tx, input.id, true);
          if (before.version !== input.version) throw new StaleVersionError();
          await assertBranchReferences(tx, columns);
          await assertCodeFree(tx, columns.code, input.id);
          const [after] = await tx
            .update(branches)
            .set({
              ...columns,
              version: sql`${branches.version} + 1`,
              updatedAt: new Date(),
              updatedBy: actor.email,
            })
            .where(and(eq(branches.id, input.id), eq(branches.version, input.version)))
            .returning();
          if (!after) throw new StaleVersionError();
          const detail = toBranchDetail(after);
          await recordAudit(tx, {
            entityType: branchAudit.type,
            entityId: after.id,
            action: 'update',
            actor,
            before: { ...toBranchDetail(before) },
            after: { ...detail },
          });
          return detail;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw codeTaken();
        throw error;
      }
    },

    /** Deletes a branch without issuers (422 otherwise). */
    async remove(id: string, version: number | undefined, actor: AuditActor): Promise<void> {
      try {
        await db.transaction(async (tx) => {
          const before = await findBranch(tx, id, true);
          if (version !== undefined && before.version !== version) throw new StaleVersionError();
          const [issuer] = await tx
            .select({ id: issuers.id })
            .from(issuers)
            .where(eq(issuers.branchId, id))
            .limit(1);
          if (issuer) throw new BusinessRuleError(BRANCH_MESSAGES.hasIssuers);
          await tx.delete(branches).where(eq(branches.id, id));
          await recordAudit(tx, {
            entityType: branchAudit.type,
            entityId: id,
            action: 'delete',
            actor,
            before: { ...toBranchDetail(before) },
          });
        });
      } catch (error) {
        if (isForeignKeyViolation(error)) throw new BusinessRuleError(BRANCH_MESSAGES.hasIssuers);
        throw error;
      }
    },

    /**
     * Links the branch to the partner it sells through, or unlinks it (null). Until the partners
     * area exists no partner does: any id is 404 'Partner not found'.
     */
    async selectPartner(
      input: { id: string; version: number; partnerId: string | null },
      actor: AuditActor,
    ): Promise<BranchDetail> {
      return db.transaction(async (tx) => {
        const before = await findBranch(tx, input.id, true);
        if (before.version !== input.version) throw new StaleVersionError();
        if (input.partnerId !== null && !(await partnerExists(tx, input.partnerId))) {
          throw new NotFoundError('Partner');
        }
        const [after] = await tx
          .update(branches)
          .set({
            partnerId: input.partnerId,
            version: sql`${branches.version} + 1`,
            updatedAt: new Date(),
            updatedBy: actor.email,
          })
          .where(eq(branches.id, input.id))
          .returning();
        if (!after) throw new StaleVersionError();
        const detail = toBranchDetail(after);
        await recordAudit(tx, {
          entityType: branchAudit.type,
          entityId: after.id,
          action: 'update',
          actor,
          before: { ...toBranchDetail(before) },
          after: { ...detail },
        });
        return detail;
      });
    },

    // -------------------------------------------------------------- issuers

    async listIssuers(input: IssuerListInput): Promise<ListResult<IssuerListItem>> {
      const pattern = input.search ? containsPattern(input.search) : undefined;
      const where = and(
        input.branchId ? eq(issuers.branchId, input.branchId) : undefined,
        input.countryCode ? eq(issuers.countryCode, input.countryCode) : undefined,
        pattern
          ? or(ilike(issuers.legalName, pattern), ilike(issuers.registrationNumber, pattern))
          : undefined,
        input.from ? gte(issuers.createdAt, new Date(input.from)) : undefined,
        input.to ? lt(issuers.createdAt, endOfRange(input.to)) : undefined,
      );
      const sortable: Record<IssuerSortColumn, SQL | PgColumn> = {
        legalName: sql`lower(${issuers.legalName})`,
        countryCode: issuers.countryCode,
        createdDate: issuers.createdAt,
      };
      const order = input.sort
        ? [
            input.order === 'desc' ? desc(sortable[input.sort]) : asc(sortable[input.sort]),
            asc(issuers.id),
          ]
        : [asc(issuers.createdAt), asc(issuers.id)];
      const [rows, [count]] = await Promise.all([
        db
          .select({ issuer: issuers, branchName: branches.name })
          .from(issuers)
          .innerJoin(branches, eq(branches.id, issuers.branchId))
          .where(where)
          .orderBy(...order)
          .limit(input.pageSize)
          .offset((input.page - 1) * input.pageSize),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(issuers)
          .where(where),
      ]);
      return {
        items: rows.map(({ issuer, branchName }) => ({
          id: issuer.id,
          branchId: issuer.branchId,
          branchName,
          countryCode: issuer.countryCode,
          legalName: issuer.legalName,
          registrationNumber: issuer.registrationNumber,
          branchNumber: issuer.branchNumber,
          version: issuer.version,
          createdDate: iso(issuer.createdAt),
          updatedDate: iso(issuer.updatedAt),
        })),
        total: count?.total ?? 0,
        page: input.page,
        pageSize: input.pageSize,
      };
    },

    async getIssuer(id: string): Promise<IssuerDetail> {
      return issuerDetail(db, await findIssuer(db, id));
    },

    async createIssuer(input: CreateIssuerData, actor: AuditActor): Promise<IssuerDetail> {
      try {
        return await db.transaction(async (tx) => {
          const branch = await findBranch(tx, input.branchId);
          const [row] = await tx
            .insert(issuers)
            .values({
              ...issuerColumns(input),
              branchId: branch.id,
              createdBy: actor.email,
              updatedBy: actor.email,
            })
            .returning();
          if (!row) throw new Error('issuer not inserted');
          await recordAudit(tx, {
            entityType: issuerAudit.type,
            entityId: row.id,
            action: 'create',
            actor,
            after: issuerSnapshot(row),
          });
          return toIssuerDetail(row, branch.name, []);
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw new ConflictError(BRANCH_MESSAGES.issuerExists, 'registrationNumber');
        throw error;
      }
    },

    /** Replaces an issuer (version checked). Its branch stays: `branchId` must be its own. */
    async updateIssuer(input: UpdateIssuerData, actor: AuditActor): Promise<IssuerDetail> {
      try {
        return await db.transaction(async (tx) => {
          const before = await findIssuer(tx, input.id, true);
          if (before.version !== input.version) throw new StaleVersionError();
          if (input.branchId !== before.branchId) {
            throw new ValidationError([
              fieldError('branchId', 'invalidFormat', { format: 'branch' }),
            ]);
          }
          const [after] = await tx
            .update(issuers)
            .set({
              ...issuerColumns(input),
              version: sql`${issuers.version} + 1`,
              updatedAt: new Date(),
              updatedBy: actor.email,
            })
            .where(and(eq(issuers.id, input.id), eq(issuers.version, input.version)))
            .returning();
          if (!after) throw new StaleVersionError();
          await recordAudit(tx, {
            entityType: issuerAudit.type,
            entityId: after.id,
            action: 'update',
            actor,
            before: issuerSnapshot(before),
            after: issuerSnapshot(after),
          });
          return issuerDetail(tx, after);
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw new ConflictError(BRANCH_MESSAGES.issuerExists, 'registrationNumber');
        throw error;
      }
    },

    /** Deletes an issuer no document was numbered for (422 otherwise). */
    async removeIssuer(id: string, version: number | undefined, actor: AuditActor): Promise<void> {
      try {
        await db.transaction(async (tx) => {
          const before = await findIssuer(tx, id, true);
          if (version !== undefined && before.version !== version) throw new StaleVersionError();
          await tx.delete(issuers).where(eq(issuers.id, id));
          await recordAudit(tx, {
            entityType: issuerAudit.type,
            entityId: id,
            action: 'delete',
            actor,
            before: issuerSnapshot(before),
          });
        });
      } catch (error) {
        if (isForeignKeyViolation(error))
          throw new BusinessRuleError(BRANCH_MESSAGES.issuerHasDocuments);
        throw error;
      }
    },
  };
}

export type BranchService = ReturnType<typeof createBranchService>;
