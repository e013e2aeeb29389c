import {
  PRICING_DEFAULTS,
  RESOURCES,
  TARIFF_API_MESSAGES,
  resolveRule,
  type AuditHistory,
  type BaseTariff,
  type InputMode,
  type ListResult,
  type Logic3,
  type PricingRule,
  type TariffCodeDetail,
  type TariffCodeSummary,
  type TariffGroupDetail,
  type TariffGroupListItem,
  type TariffGroupRef,
  type TariffGroupSummary,
  type TariffRelation,
  type TariffSortColumn,
} from '@esim/contracts';
import { and, asc, desc, eq, gte, ilike, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  defineAuditEntity,
  listAuditHistory,
  recordAudit,
  type AuditActor,
  type AuditSnapshot,
  type Queryable,
} from '../../audit';
import { tariffCodes, tariffGroups, tariffPrices } from '../../db/schema';
import {
  BusinessRuleError,
  NameExistsError,
  NotFoundError,
  StaleVersionError,
  isUniqueViolation,
} from '../../http/errors';
import { containsPattern, endOfRange, iso, rowsOf } from '../list-helpers';
import { PARTNER_MESSAGES, partnersUsingTariffCode } from '../partners/public';
import { orNull } from './util';
import type { AreaDeps } from '../types';

/** Audit entity types of this area; both read with GET on /tariff. */
export const tariffGroupAudit = defineAuditEntity('tariffGroup', RESOURCES.tariffs);
export const tariffCodeAudit = defineAuditEntity('tariffCode', RESOURCES.tariffs);

type GroupRow = typeof tariffGroups.$inferSelect;
type CodeRow = typeof tariffCodes.$inferSelect;

export interface TariffGroupValues {
  tariffGroup: string;
  name: string;
  description?: string | undefined;
  baseTariff?: BaseTariff | undefined;
  logic1?: number | undefined;
  logic2?: number | undefined;
  logic3?: Logic3 | undefined;
  inputMode?: InputMode | undefined;
  importFrom?: string | null | undefined;
}

export interface TariffGroupUpdate {
  id: string;
  tariffGroup: string;
  name: string;
  description?: string | undefined;
  baseTariff: BaseTariff;
  logic1: number;
  logic2: number;
  logic3: Logic3;
  inputMode: InputMode;
  version: number;
}

export interface TariffOverrideValues {
  baseTariff?: BaseTariff | null | undefined;
  logic1?: number | null | undefined;
  logic2?: number | null | undefined;
  logic3?: Logic3 | null | undefined;
}

export interface TariffCodeValues extends TariffOverrideValues {
  tariffGroup: string;
  tariffCode: string;
  name?: string | undefined;
  description?: string | undefined;
}

export interface TariffCodeUpdate extends TariffOverrideValues {
  id: string;
  tariffCode: string;
  name?: string | undefined;
  description?: string | undefined;
  version: number;
}

export interface TariffListInput {
  page: number;
  pageSize: number;
  sort?: TariffSortColumn | undefined;
  order: 'asc' | 'desc';
  search?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  baseTariff?: BaseTariff | undefined;
  inputMode?: InputMode | undefined;
}

export function groupRule(row: Pick<GroupRow, 'baseTariff' | 'logic1' | 'logic2' | 'logic3'>) {
  return {
    baseTariff: row.baseTariff,
    logic1: row.logic1,
    logic2: row.logic2,
    logic3: row.logic3 as Logic3,
  } satisfies PricingRule;
}

export function codeOverrides(row: Pick<CodeRow, 'baseTariff' | 'logic1' | 'logic2' | 'logic3'>) {
  return {
    baseTariff: row.baseTariff,
    logic1: row.logic1,
    logic2: row.logic2,
    logic3: row.logic3 as Logic3 | null,
  };
}

/** What the audit records of a group (API field names). */
function groupSnapshot(row: GroupRow, importFrom: string | null): AuditSnapshot {
  return {
    tariffGroup: row.tariffGroup,
    name: row.name,
    description: row.description,
    ...groupRule(row),
    inputMode: row.inputMode,
    importFrom,
  };
}

function codeSnapshot(row: CodeRow, tariffGroup: string): AuditSnapshot {
  return {
    tariffCode: row.tariffCode,
    tariffGroup,
    name: row.name,
    description: row.description,
    ...codeOverrides(row),
  };
}

export function createTariffService({ db }: Pick<AreaDeps, 'db'>) {
  async function findGroup(q: Queryable, where: SQL, lock = false): Promise<GroupRow> {
    const query = q.select().from(tariffGroups).where(where).limit(1);
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw new NotFoundError('Tariff profile');
    return row;
  }

  const groupById = (q: Queryable, id: string, lock = false) =>
    findGroup(q, eq(tariffGroups.id, id), lock);
  const groupByCode = (q: Queryable, code: string, lock = false) =>
    findGroup(q, sql`lower(${tariffGroups.tariffGroup}) = lower(${code})`, lock);

  async function findCode(q: Queryable, where: SQL, lock = false): Promise<CodeRow> {
    const query = q.select().from(tariffCodes).where(where).limit(1);
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw new NotFoundError('Tariff code');
    return row;
  }

  const codeById = (q: Queryable, id: string, lock = false) =>
    findCode(q, eq(tariffCodes.id, id), lock);
  const codeByCode = (q: Queryable, code: string, lock = false) =>
    findCode(q, sql`lower(${tariffCodes.tariffCode}) = lower(${code})`, lock);

  async function assertGroupCodeFree(q: Queryable, code: string, exceptId?: string) {
    const [taken] = await q
      .select({ id: tariffGroups.id })
      .from(tariffGroups)
      .where(
        and(
          sql`lower(${tariffGroups.tariffGroup}) = lower(${code})`,
          exceptId ? ne(tariffGroups.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    if (taken) throw new NameExistsError('tariffGroup');
  }

  async function assertCodeFree(q: Queryable, code: string, exceptId?: string) {
    const [taken] = await q
      .select({ id: tariffCodes.id })
      .from(tariffCodes)
      .where(
        and(
          sql`lower(${tariffCodes.tariffCode}) = lower(${code})`,
          exceptId ? ne(tariffCodes.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    if (taken) throw new NameExistsError('tariffCode');
  }

  async function groupRefs(
    q: Queryable,
    ids: (string | null)[],
  ): Promise<Map<string, TariffGroupRef>> {
    const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
    if (wanted.length === 0) return new Map();
    const rows = await q
      .select({
        id: tariffGroups.id,
        tariffGroup: tariffGroups.tariffGroup,
        name: tariffGroups.name,
      })
      .from(tariffGroups)
      .where(inArray(tariffGroups.id, wanted));
    return new Map(rows.map((row) => [row.id, row]));
  }

  function toGroupSummary(row: GroupRow, refs: Map<string, TariffGroupRef>): TariffGroupSummary {
    return {
      id: row.id,
      tariffGroup: row.tariffGroup,
      name: row.name,
      description: row.description,
      ...groupRule(row),
      inputMode: row.inputMode,
      importFrom: row.importFrom ? (refs.get(row.importFrom) ?? null) : null,
      version: row.version,
      createdDate: iso(row.createdAt),
      updatedDate: iso(row.updatedAt),
    };
  }

  /** Codes of the given groups with their manual price counts, by group id. */
  async function codesOf(
    q: Queryable,
    groups: GroupRow[],
  ): Promise<Map<string, TariffCodeSummary[]>> {
    const byGroup = new Map<string, TariffCodeSummary[]>(groups.map((group) => [group.id, []]));
    if (groups.length === 0) return byGroup;
    const groupsById = new Map(groups.map((group) => [group.id, group]));
    const rows = await q
      .select({
        code: tariffCodes,
        manualPriceCount: sql<number>`(SELECT count(*)::int FROM ${tariffPrices} WHERE ${tariffPrices.tariffCodeId} = ${tariffCodes.id})`,
      })
      .from(tariffCodes)
      .where(inArray(tariffCodes.groupId, [...groupsById.keys()]))
      .orderBy(asc(tariffCodes.tariffCode));
    for (const { code, manualPriceCount } of rows) {
      const group = groupsById.get(code.groupId);
      if (!group) continue;
      byGroup.get(group.id)?.push(toCodeSummary(code, group, manualPriceCount));
    }
    return byGroup;
  }

  function toCodeSummary(
    code: CodeRow,
    group: GroupRow,
    manualPriceCount: number,
  ): TariffCodeSummary {
    const overrides = codeOverrides(code);
    return {
      id: code.id,
      tariffCode: code.tariffCode,
      name: code.name,
      description: code.description,
      overrides,
      rule: resolveRule(groupRule(group), overrides),
      manualPriceCount,
      version: code.version,
      createdDate: iso(code.createdAt),
      updatedDate: iso(code.updatedAt),
    };
  }

  async function groupDetail(q: Queryable, group: GroupRow): Promise<TariffGroupDetail> {
    const refs = await groupRefs(q, [group.importFrom]);
    const codes = await codesOf(q, [group]);
    return { ...toGroupSummary(group, refs), codes: codes.get(group.id) ?? [] };
  }

  async function codeDetail(q: Queryable, code: CodeRow): Promise<TariffCodeDetail> {
    const group = await groupById(q, code.groupId);
    const refs = await groupRefs(q, [group.importFrom]);
    const [count] = await q
      .select({ n: sql<number>`count(*)::int` })
      .from(tariffPrices)
      .where(eq(tariffPrices.tariffCodeId, code.id));
    return {
      ...toCodeSummary(code, group, count?.n ?? 0),
      group: toGroupSummary(group, refs),
      inputMode: group.inputMode,
    };
  }

  async function groupCodeOf(q: Queryable, id: string | null): Promise<string | null> {
    if (!id) return null;
    return (await groupRefs(q, [id])).get(id)?.tariffGroup ?? null;
  }

  /** Runs a write; a unique violation that slipped past the pre-check is still a 409. */
  async function writing<T>(
    field: 'tariffGroup' | 'tariffCode',
    work: () => Promise<T>,
  ): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error, 'tariff_groups_code_unique'))
        throw new NameExistsError('tariffGroup');
      if (isUniqueViolation(error, 'tariff_codes_code_unique'))
        throw new NameExistsError('tariffCode');
      if (isUniqueViolation(error)) throw new NameExistsError(field);
      throw error;
    }
  }

  return {
    /** Resolves a code (case-insensitive) with its group: the effective rule and input mode. */
    async resolveCode(q: Queryable, tariffCode: string) {
      const [row] = await q
        .select({ code: tariffCodes, group: tariffGroups })
        .from(tariffCodes)
        .innerJoin(tariffGroups, eq(tariffGroups.id, tariffCodes.groupId))
        .where(sql`lower(${tariffCodes.tariffCode}) = lower(${tariffCode})`)
        .limit(1);
      if (!row) throw new NotFoundError('Tariff code');
      const { code, group } = row;
      return {
        code,
        group,
        rule: resolveRule(groupRule(group), codeOverrides(code)),
        inputMode: group.inputMode,
      };
    },

    codeByCode,

    // ------------------------------------------------------------ groups

    async listGroups(input: TariffListInput): Promise<ListResult<TariffGroupListItem>> {
      const codeCount = sql<number>`(SELECT count(*)::int FROM ${tariffCodes} WHERE ${tariffCodes.groupId} = ${tariffGroups.id})`;
      const pattern = input.search ? containsPattern(input.search) : undefined;
      const where = and(
        pattern
          ? or(
              ilike(tariffGroups.tariffGroup, pattern),
              ilike(tariffGroups.name, pattern),
              sql`EXISTS (SELECT 1 FROM ${tariffCodes} WHERE ${tariffCodes.groupId} = ${tariffGroups.id} AND ${tariffCodes.tariffCode} ILIKE ${pattern})`,
            )
          : undefined,
        input.from ? gte(tariffGroups.createdAt, new Date(input.from)) : undefined,
        input.to ? lt(tariffGroups.createdAt, endOfRange(input.to)) : undefined,
        input.baseTariff ? eq(tariffGroups.baseTariff, input.baseTariff) : undefined,
        input.inputMode ? eq(tariffGroups.inputMode, input.inputMode) : undefined,
      );
      const sortable: Record<TariffSortColumn, SQL | PgColumn> = {
        tariffGroup: sql`lower(${tariffGroups.tariffGroup})`,
        name: sql`lower(${tariffGroups.name})`,
        baseTariff: tariffGroups.baseTariff,
        logic1: tariffGroups.logic1,
        logic2: tariffGroups.logic2,
        logic3: tariffGroups.logic3,
        inputMode: tariffGroups.inputMode,
        codeCount,
        createdDate: tariffGroups.createdAt,
        updatedDate: tariffGroups.updatedAt,
      };
      const column = sortable[input.sort ?? 'createdDate'];
      const direction = input.sort ? input.order : 'desc';
      const rows = await db
        .select()
        .from(tariffGroups)
        .where(where)
        .orderBy(direction === 'desc' ? desc(column) : asc(column), asc(tariffGroups.id))
        .limit(input.pageSize)
        .offset((input.page - 1) * input.pageSize);
      const [count] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(tariffGroups)
        .where(where);
      const refs = await groupRefs(
        db,
        rows.map((row) => row.importFrom),
      );
      const codes = await codesOf(db, rows);
      return {
        items: rows.map((row) => {
          const list = codes.get(row.id) ?? [];
          return { ...toGroupSummary(row, refs), codeCount: list.length, codes: list };
        }),
        total: count?.total ?? 0,
        page: input.page,
        pageSize: input.pageSize,
      };
    },

    async getProfile(query: { tariffGroup?: string | undefined; id?: string | undefined }) {
      const group = query.id
        ? await groupById(db, query.id)
        : await groupByCode(db, query.tariffGroup ?? '');
      return groupDetail(db, group);
    },

    async createGroup(input: TariffGroupValues, actor: AuditActor): Promise<TariffGroupDetail> {
      return writing('tariffGroup', () =>
        db.transaction(async (tx) => {
          await assertGroupCodeFree(tx, input.tariffGroup);
          const source = input.importFrom ? await groupByCode(tx, input.importFrom) : null;
          const start = source
            ? { ...groupRule(source), inputMode: source.inputMode }
            : PRICING_DEFAULTS;
          const [row] = await tx
            .insert(tariffGroups)
            .values({
              tariffGroup: input.tariffGroup,
              name: input.name,
              description: orNull(input.description),
              baseTariff: input.baseTariff ?? start.baseTariff,
              logic1: input.logic1 ?? start.logic1,
              logic2: input.logic2 ?? start.logic2,
              logic3: input.logic3 ?? start.logic3,
              inputMode: input.inputMode ?? start.inputMode,
              importFrom: source?.id ?? null,
              createdBy: actor.email,
              updatedBy: actor.email,
            })
            .returning();
          if (!row) throw new Error('tariff group not inserted');
          await recordAudit(tx, {
            entityType: tariffGroupAudit.type,
            entityId: row.id,
            action: 'create',
            actor,
            after: groupSnapshot(row, source?.tariffGroup ?? null),
          });
          return groupDetail(tx, row);
        }),
      );
    },

    async updateGroup(input: TariffGroupUpdate, actor: AuditActor): Promise<TariffGroupDetail> {
      return writing('tariffGroup', () =>
        db.transaction(async (tx) => {
          const before = await groupById(tx, input.id, true);
          if (before.version !== input.version) throw new StaleVersionError();
          await assertGroupCodeFree(tx, input.tariffGroup, input.id);
          const [row] = await tx
            .update(tariffGroups)
            .set({
              tariffGroup: input.tariffGroup,
              name: input.name,
              ...(input.description !== undefined
                ? { description: orNull(input.description) }
                : {}),
              baseTariff: input.baseTariff,
              logic1: input.logic1,
              logic2: input.logic2,
              logic3: input.logic3,
              inputMode: input.inputMode,
              version: sql`${tariffGroups.version} + 1`,
              updatedAt: new Date(),
              updatedBy: actor.email,
            })
            .where(and(eq(tariffGroups.id, input.id), eq(tariffGroups.version, input.version)))
            .returning();
          if (!row) throw new StaleVersionError();
          const importFrom = await groupCodeOf(tx, row.importFrom);
          await recordAudit(tx, {
            entityType: tariffGroupAudit.type,
            entityId: row.id,
            action: 'update',
            actor,
            before: groupSnapshot(before, importFrom),
            after: groupSnapshot(row, importFrom),
          });
          return groupDetail(tx, row);
        }),
      );
    },

    /** Refused (422) while the group has codes. */
    async deleteGroup(id: string, actor: AuditActor): Promise<{ id: string }> {
      return db.transaction(async (tx) => {
        const group = await groupById(tx, id, true);
        const [code] = await tx
          .select({ id: tariffCodes.id })
          .from(tariffCodes)
          .where(eq(tariffCodes.groupId, id))
          .limit(1);
        if (code) throw new BusinessRuleError(TARIFF_API_MESSAGES.groupHasCodes);
        const importFrom = await groupCodeOf(tx, group.importFrom);
        await tx.delete(tariffGroups).where(eq(tariffGroups.id, id));
        await recordAudit(tx, {
          entityType: tariffGroupAudit.type,
          entityId: id,
          action: 'delete',
          actor,
          before: groupSnapshot(group, importFrom),
        });
        return { id };
      });
    },

    // ------------------------------------------------------------ codes

    async getCode(id: string): Promise<TariffCodeDetail> {
      return codeDetail(db, await codeById(db, id));
    },

    async createCode(input: TariffCodeValues, actor: AuditActor): Promise<TariffCodeDetail> {
      return writing('tariffCode', () =>
        db.transaction(async (tx) => {
          const group = await groupByCode(tx, input.tariffGroup);
          await assertCodeFree(tx, input.tariffCode);
          const [row] = await tx
            .insert(tariffCodes)
            .values({
              groupId: group.id,
              tariffCode: input.tariffCode,
              name: orNull(input.name),
              description: orNull(input.description),
              baseTariff: input.baseTariff ?? null,
              logic1: input.logic1 ?? null,
              logic2: input.logic2 ?? null,
              logic3: input.logic3 ?? null,
              createdBy: actor.email,
              updatedBy: actor.email,
            })
            .returning();
          if (!row) throw new Error('tariff code not inserted');
          await recordAudit(tx, {
            entityType: tariffCodeAudit.type,
            entityId: row.id,
            action: 'create',
            actor,
            after: codeSnapshot(row, group.tariffGroup),
          });
          return codeDetail(tx, row);
        }),
      );
    },

    async updateCode(input: TariffCodeUpdate, actor: AuditActor): Promise<TariffCodeDetail> {
      return writing('tariffCode', () =>
        db.transaction(async (tx) => {
          const before = await codeById(tx, input.id, true);
          if (before.version !== input.version) throw new StaleVersionError();
          await assertCodeFree(tx, input.tariffCode, input.id);
          const [row] = await tx
            .update(tariffCodes)
            .set({
              tariffCode: input.tariffCode,
              ...(input.name !== undefined ? { name: orNull(input.name) } : {}),
              ...(input.description !== undefined
                ? { description: orNull(input.description) }
                : {}),
              ...(input.baseTariff !== undefined ? { baseTariff: input.baseTariff } : {}),
              ...(input.logic1 !== undefined ? { logic1: input.logic1 } : {}),
              ...(input.logic2 !== undefined ? { logic2: input.logic2 } : {}),
              ...(input.logic3 !== undefined ? { logic3: input.logic3 } : {}),
              version: sql`${tariffCodes.version} + 1`,
              updatedAt: new Date(),
              updatedBy: actor.email,
            })
            .where(and(eq(tariffCodes.id, input.id), eq(tariffCodes.version, input.version)))
            .returning();
          if (!row) throw new StaleVersionError();
          const groupCode = (await groupCodeOf(tx, row.groupId)) ?? '';
          await recordAudit(tx, {
            entityType: tariffCodeAudit.type,
            entityId: row.id,
            action: 'update',
            actor,
            before: codeSnapshot(before, groupCode),
            after: codeSnapshot(row, groupCode),
          });
          return codeDetail(tx, row);
        }),
      );
    },

    /**
     * Deletes a code with its manual prices. A code partners are assigned to is refused (422; see
     * tariff/relation).
     */
    async deleteCode(id: string, actor: AuditActor): Promise<{ id: string }> {
      return db.transaction(async (tx) => {
        const code = await codeById(tx, id, true);
        const users = await partnersUsingTariffCode(tx, id);
        if (users.length > 0) throw new BusinessRuleError(PARTNER_MESSAGES.tariffCodeInUse);
        const groupCode = (await groupCodeOf(tx, code.groupId)) ?? '';
        const [count] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(tariffPrices)
          .where(eq(tariffPrices.tariffCodeId, id));
        await tx.delete(tariffCodes).where(eq(tariffCodes.id, id));
        await recordAudit(tx, {
          entityType: tariffCodeAudit.type,
          entityId: id,
          action: 'delete',
          actor,
          before: { ...codeSnapshot(code, groupCode), manualPriceCount: count?.n ?? 0 },
        });
        return { id };
      });
    },

    /** A new code with the source's overrides and manual prices (in the source's group unless told). */
    async copyCode(
      input: {
        sourceTariffCode: string;
        tariffCode: string;
        tariffGroup?: string | undefined;
        name?: string | undefined;
        description?: string | undefined;
      },
      actor: AuditActor,
    ): Promise<TariffCodeDetail> {
      return writing('tariffCode', () =>
        db.transaction(async (tx) => {
          const source = await codeByCode(tx, input.sourceTariffCode);
          const group = input.tariffGroup
            ? await groupByCode(tx, input.tariffGroup)
            : await groupById(tx, source.groupId);
          await assertCodeFree(tx, input.tariffCode);
          const [row] = await tx
            .insert(tariffCodes)
            .values({
              groupId: group.id,
              tariffCode: input.tariffCode,
              name: input.name !== undefined ? orNull(input.name) : source.name,
              description:
                input.description !== undefined ? orNull(input.description) : source.description,
              ...codeOverrides(source),
              createdBy: actor.email,
              updatedBy: actor.email,
            })
            .returning();
          if (!row) throw new Error('tariff code not inserted');
          const copied = rowsOf<{ product_id: string }>(
            await tx.execute(sql`
              INSERT INTO tariff_prices (tariff_code_id, product_id, price_jpy, updated_by)
              SELECT ${row.id}, product_id, price_jpy, ${actor.email}
              FROM tariff_prices WHERE tariff_code_id = ${source.id}
              RETURNING product_id`),
          );
          const copiedCount = copied.length;
          await recordAudit(tx, {
            entityType: tariffCodeAudit.type,
            entityId: row.id,
            action: 'create',
            actor,
            after: {
              ...codeSnapshot(row, group.tariffGroup),
              copiedFrom: source.tariffCode,
              manualPriceCount: copiedCount,
            },
          });
          return codeDetail(tx, row);
        }),
      );
    },

    /** Who uses a code: the partners assigned to it (branches arrive with their area). */
    async relation(code: string): Promise<TariffRelation> {
      const row = await codeByCode(db, code);
      const partners = await partnersUsingTariffCode(db, row.id);
      return { tariffCodeId: row.id, tariffCode: row.tariffCode, partners, branches: [] };
    },

    /**
     * The history of a group or a code (id of either; entries outlive deleted records). Manual
     * price changes are entries of their code (fields 'price.<productCode>').
     */
    async history(query: { id: string; page: number; pageSize: number }): Promise<AuditHistory> {
      const [group] = await db
        .select({ id: tariffGroups.id })
        .from(tariffGroups)
        .where(eq(tariffGroups.id, query.id))
        .limit(1);
      const codeHistory = await listAuditHistory(db, {
        entityType: tariffCodeAudit.type,
        entityId: query.id,
        page: query.page,
        pageSize: query.pageSize,
      });
      if (!group && codeHistory.total > 0) return codeHistory;
      const groupHistory = await listAuditHistory(db, {
        entityType: tariffGroupAudit.type,
        entityId: query.id,
        page: query.page,
        pageSize: query.pageSize,
      });
      if (groupHistory.total === 0 && codeHistory.total === 0) {
        const [code] = await db
          .select({ id: tariffCodes.id })
          .from(tariffCodes)
          .where(eq(tariffCodes.id, query.id))
          .limit(1);
        if (!group && !code) throw new NotFoundError('Tariff');
      }
      return groupHistory.total > 0 ? groupHistory : codeHistory;
    },
  };
}

export type TariffService = ReturnType<typeof createTariffService>;
