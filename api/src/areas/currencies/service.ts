import {
  AUDIT_ENTITY_TYPES,
  BASE_CURRENCY,
  RESOURCES,
  type CurrencyListItem,
  type CurrencySortColumn,
  type ListResult,
  defineApiMessages,
  type ApiMessage,
} from '@esim/contracts';
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { defineAuditEntity, recordAudit, type AuditActor, type Queryable } from '../../audit';
import type { Db } from '../../db/client';
import { roundCurrency } from '../../db/schema';
import {
  BusinessRuleError,
  NameExistsError,
  NotFoundError,
  isUniqueViolation,
} from '../../http/errors';
import { containsPattern } from '../list-helpers';
import { currentRatesSubquery, trimRate } from '../exchange-rates/public';

/** Audit entity: one currency of the roundCurrency list (entityId = isoCode). */
export const currencyAudit = defineAuditEntity(
  AUDIT_ENTITY_TYPES.currency,
  RESOURCES.exchangeRates,
);

export const CURRENCY_MESSAGES = defineApiMessages('currencies', {
  created: 'Currency added.',
  retired: 'Currency retired.',
  restored: 'Currency restored.',
  updated: 'Currency updated.',
  baseCurrency: '{{currency}} is the default currency and cannot be retired.',
});

/** The active (deleteFlag false) codes among `codes`. */
export async function findActiveCurrencies(
  q: Queryable,
  codes: readonly string[],
): Promise<Set<string>> {
  const unique = [...new Set(codes)];
  if (unique.length === 0) return new Set();
  const rows = await q
    .select({ isoCode: roundCurrency.isoCode })
    .from(roundCurrency)
    .where(and(inArray(roundCurrency.isoCode, unique), eq(roundCurrency.deleteFlag, false)));
  return new Set(rows.map((row) => row.isoCode));
}

export interface CurrencyListInput {
  page: number;
  pageSize: number;
  sort?: CurrencySortColumn | undefined;
  order: 'asc' | 'desc';
  search?: string | undefined;
  deleteFlag?: boolean | undefined;
}

type CurrencyRow = typeof roundCurrency.$inferSelect;

function snapshot(row: CurrencyRow) {
  return {
    isoCode: row.isoCode,
    name: row.name,
    minorUnits: row.minorUnits,
    deleteFlag: row.deleteFlag,
  };
}

export function createCurrencyService(db: Db) {
  async function item(q: Queryable, isoCode: string): Promise<CurrencyListItem> {
    const page = await list(q, { page: 1, pageSize: 10, order: 'asc', isoCode });
    const found = page.items[0];
    if (!found) throw new NotFoundError('Currency');
    return found;
  }

  async function list(
    q: Queryable,
    input: CurrencyListInput & { isoCode?: string },
  ): Promise<ListResult<CurrencyListItem>> {
    const current = currentRatesSubquery(q);
    const where = and(
      input.isoCode ? eq(roundCurrency.isoCode, input.isoCode) : undefined,
      input.deleteFlag === undefined ? undefined : eq(roundCurrency.deleteFlag, input.deleteFlag),
      input.search
        ? or(
            ilike(roundCurrency.isoCode, containsPattern(input.search)),
            ilike(roundCurrency.name, containsPattern(input.search)),
          )
        : undefined,
    );
    const sortable: Record<CurrencySortColumn, SQL | PgColumn> = {
      isoCode: roundCurrency.isoCode,
      name: sql`lower(${roundCurrency.name})`,
      minorUnits: roundCurrency.minorUnits,
    };
    const column = sortable[input.sort ?? 'isoCode'];
    const rows = await q
      .select({
        isoCode: roundCurrency.isoCode,
        name: roundCurrency.name,
        minorUnits: roundCurrency.minorUnits,
        deleteFlag: roundCurrency.deleteFlag,
        isDefault: roundCurrency.isDefault,
        currentRate: current.rate,
        currentRateDate: current.effectiveDate,
      })
      .from(roundCurrency)
      .leftJoin(current, eq(current.currency, roundCurrency.isoCode))
      .where(where)
      .orderBy(input.order === 'desc' ? desc(column) : asc(column), asc(roundCurrency.isoCode))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize);
    const [count] = await q
      .select({ total: sql<number>`count(*)::int` })
      .from(roundCurrency)
      .where(where);
    return {
      items: rows.map((row) => ({
        ...row,
        currentRate: row.currentRate === null ? null : trimRate(row.currentRate),
        currentRateDate: row.currentRateDate,
      })),
      total: count?.total ?? 0,
      page: input.page,
      pageSize: input.pageSize,
    };
  }

  return {
    list: (input: CurrencyListInput) => list(db, input),

    async create(
      input: { isoCode: string; name: string; minorUnits: number },
      actor: AuditActor,
    ): Promise<CurrencyListItem> {
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(roundCurrency)
            .values({ isoCode: input.isoCode, name: input.name, minorUnits: input.minorUnits })
            .onConflictDoNothing()
            .returning();
          if (!row) throw new NameExistsError('isoCode');
          await recordAudit(tx, {
            entityType: currencyAudit.type,
            entityId: row.isoCode,
            action: 'create',
            actor,
            after: snapshot(row),
          });
          return item(tx, row.isoCode);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new NameExistsError('isoCode');
        throw error;
      }
    },

    /** Retire (deleteFlag true) or restore a currency, optionally renaming it. */
    async update(
      input: { isoCode: string; deleteFlag: boolean; name?: string | undefined },
      actor: AuditActor,
    ): Promise<{ currency: CurrencyListItem; message: ApiMessage }> {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(roundCurrency)
          .where(eq(roundCurrency.isoCode, input.isoCode))
          .for('update');
        if (!before) throw new NotFoundError('Currency');
        if (input.deleteFlag && (before.isDefault || before.isoCode === BASE_CURRENCY)) {
          throw new BusinessRuleError(CURRENCY_MESSAGES.baseCurrency({ currency: BASE_CURRENCY }));
        }
        const [after] = await tx
          .update(roundCurrency)
          .set({ deleteFlag: input.deleteFlag, ...(input.name ? { name: input.name } : {}) })
          .where(eq(roundCurrency.isoCode, input.isoCode))
          .returning();
        if (!after) throw new NotFoundError('Currency');
        await recordAudit(tx, {
          entityType: currencyAudit.type,
          entityId: after.isoCode,
          action: 'update',
          actor,
          before: snapshot(before),
          after: snapshot(after),
        });
        const message =
          before.deleteFlag === after.deleteFlag
            ? CURRENCY_MESSAGES.updated
            : after.deleteFlag
              ? CURRENCY_MESSAGES.retired
              : CURRENCY_MESSAGES.restored;
        return { currency: await item(tx, after.isoCode), message };
      });
    },
  };
}
