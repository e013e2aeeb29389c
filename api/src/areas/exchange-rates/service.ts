import {
  AUDIT_ENTITY_TYPES,
  BASE_CURRENCY,
  DASHBOARD_RATE_TREND_POINTS,
  RESOURCES,
  businessToday,
  type CsvImportResult,
  type CurrentExchangeRate,
  type DashboardExchangeRate,
  type ExchangeRate,
  type ExchangeRateImportRow,
  type ExchangeRateSortColumn,
  type ListResult,
  defineApiMessages,
} from '@esim/contracts';
import { and, asc, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  defineAuditEntity,
  recordAuditMany,
  type AuditActor,
  type AuditSnapshot,
  type Queryable,
} from '../../audit';
import { boundedAnswer, importValidationError, invalidField } from '../../csv';
import { checkRateImport } from './import-check';
import type { Db } from '../../db/client';
import { exchangeRates, roundCurrency } from '../../db/schema';
import { NotFoundError } from '../../http/errors';
import { findActiveCurrencies } from '../currencies/public';
import { getCurrentRates, trimRate } from './rates';
import { containsPattern, iso, parseJson, rowsOf } from '../list-helpers';

/** Audit entity: one exchange-rate row (entityId = its id). */
export const exchangeRateAudit = defineAuditEntity(
  AUDIT_ENTITY_TYPES.exchangeRate,
  RESOURCES.exchangeRates,
);

export const EXCHANGE_RATE_MESSAGES = defineApiMessages('exchangeRates', {
  created: 'Exchange rate saved.',
  imported: {
    one: '{{count}} exchange rate imported.',
    other: '{{count}} exchange rates imported.',
  },
  checked: 'Import checked: nothing was saved.',
});

export interface ExchangeRateListInput {
  page: number;
  pageSize: number;
  sort?: ExchangeRateSortColumn | undefined;
  order: 'asc' | 'desc';
  search?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  currency?: string | undefined;
}

interface NewRate {
  currency: string;
  rate: string;
  effectiveDate: string;
}

/** A yyyy-MM-dd prefix of a list filter date ('2026-11-21T10:00:00Z' -> '2026-11-21'). */
function dayPart(value: string): string {
  return value.slice(0, 10);
}

function snapshot(row: typeof exchangeRates.$inferSelect): AuditSnapshot {
  return {
    currency: row.currency,
    baseCurrency: row.baseCurrency,
    rate: trimRate(row.rate),
    effectiveDate: row.effectiveDate,
  };
}

const selection = {
  id: exchangeRates.id,
  currency: exchangeRates.currency,
  currencyName: roundCurrency.name,
  baseCurrency: exchangeRates.baseCurrency,
  rate: exchangeRates.rate,
  effectiveDate: exchangeRates.effectiveDate,
  version: exchangeRates.version,
  createdAt: exchangeRates.createdAt,
  createdBy: exchangeRates.createdBy,
};

type SelectedRate = {
  id: string;
  currency: string;
  currencyName: string;
  baseCurrency: string;
  rate: string;
  effectiveDate: string;
  version: number;
  createdAt: Date;
  createdBy: string;
};

function toExchangeRate(row: SelectedRate): ExchangeRate {
  return {
    id: row.id,
    currency: row.currency,
    currencyName: row.currencyName,
    baseCurrency: row.baseCurrency,
    rate: trimRate(row.rate),
    effectiveDate: row.effectiveDate,
    version: row.version,
    createdDate: iso(row.createdAt),
    createdBy: row.createdBy,
  };
}

export function createExchangeRateService(db: Db) {
  async function findRate(q: Queryable, id: string): Promise<ExchangeRate> {
    const [row] = await q
      .select(selection)
      .from(exchangeRates)
      .innerJoin(roundCurrency, eq(roundCurrency.isoCode, exchangeRates.currency))
      .where(eq(exchangeRates.id, id))
      .limit(1);
    if (!row) throw new NotFoundError('Exchange rate');
    return toExchangeRate(row);
  }

  /** Inserts rates and their audit entries in `tx`; returns the new rows. */
  async function insertRates(
    tx: Parameters<Parameters<Db['transaction']>[0]>[0],
    rows: NewRate[],
    actor: AuditActor,
  ) {
    const inserted: (typeof exchangeRates.$inferSelect)[] = [];
    for (let start = 0; start < rows.length; start += 1000) {
      inserted.push(
        ...(await tx
          .insert(exchangeRates)
          .values(
            rows.slice(start, start + 1000).map((row) => ({
              currency: row.currency,
              baseCurrency: BASE_CURRENCY,
              rate: row.rate,
              effectiveDate: row.effectiveDate,
              createdBy: actor.email,
            })),
          )
          .returning()),
      );
    }
    await recordAuditMany(
      tx,
      inserted.map((row) => ({
        entityType: exchangeRateAudit.type,
        entityId: row.id,
        action: 'create' as const,
        actor,
        after: snapshot(row),
      })),
    );
    return inserted;
  }

  return {
    findRate: (id: string) => findRate(db, id),

    async create(input: NewRate, actor: AuditActor): Promise<ExchangeRate> {
      if (input.currency === BASE_CURRENCY) {
        invalidField('currency', 'invalidFormat', { format: 'currency' });
      }
      return db.transaction(async (tx) => {
        const active = await findActiveCurrencies(tx, [input.currency]);
        if (!active.has(input.currency)) {
          invalidField('currency', 'invalidFormat', { format: 'currency' });
        }
        const [row] = await insertRates(tx, [input], actor);
        if (!row) throw new Error('exchange rate not inserted');
        return findRate(tx, row.id);
      });
    },

    async list(input: ExchangeRateListInput): Promise<ListResult<ExchangeRate>> {
      const where = and(
        input.currency ? eq(exchangeRates.currency, input.currency) : undefined,
        input.search
          ? or(
              ilike(exchangeRates.currency, containsPattern(input.search)),
              ilike(roundCurrency.name, containsPattern(input.search)),
            )
          : undefined,
        input.from ? gte(exchangeRates.effectiveDate, dayPart(input.from)) : undefined,
        input.to ? lte(exchangeRates.effectiveDate, dayPart(input.to)) : undefined,
      );
      const sortable: Record<ExchangeRateSortColumn, SQL | PgColumn> = {
        effectiveDate: exchangeRates.effectiveDate,
        currency: exchangeRates.currency,
        rate: exchangeRates.rate,
        createdDate: exchangeRates.createdAt,
      };
      const order = input.sort
        ? [
            input.order === 'desc' ? desc(sortable[input.sort]) : asc(sortable[input.sort]),
            desc(exchangeRates.effectiveDate),
            desc(exchangeRates.createdAt),
          ]
        : [desc(exchangeRates.effectiveDate), desc(exchangeRates.createdAt)];
      const rows = await db
        .select(selection)
        .from(exchangeRates)
        .innerJoin(roundCurrency, eq(roundCurrency.isoCode, exchangeRates.currency))
        .where(where)
        .orderBy(...order, asc(exchangeRates.id))
        .limit(input.pageSize)
        .offset((input.page - 1) * input.pageSize);
      const [count] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(exchangeRates)
        .innerJoin(roundCurrency, eq(roundCurrency.isoCode, exchangeRates.currency))
        .where(where);
      return {
        items: rows.map(toExchangeRate),
        total: count?.total ?? 0,
        page: input.page,
        pageSize: input.pageSize,
      };
    },

    /** The current rate of every active currency that has one, by currency code. */
    async current(at?: string): Promise<CurrentExchangeRate[]> {
      const table = await getCurrentRates(db, undefined, at);
      const active = await findActiveCurrencies(db, [...table.rates.keys()]);
      return [...table.rates.values()]
        .filter((rate) => active.has(rate.currency))
        .sort((a, b) => (a.currency < b.currency ? -1 : 1))
        .map((rate) => ({
          id: rate.id,
          currency: rate.currency,
          currencyName: rate.currencyName,
          baseCurrency: rate.baseCurrency,
          rate: rate.rate,
          effectiveDate: rate.effectiveDate,
          version: rate.version,
          createdDate: rate.createdAt.toISOString(),
          createdBy: rate.createdBy,
          minorUnits: rate.minorUnits,
        }));
    },

    /**
     * Dashboard: current rate per active currency with the rate it replaced, and the trend: the
     * rate in force on each of its latest DASHBOARD_RATE_TREND_POINTS effective dates (the last
     * entered for a date wins, as for the current rate), oldest first. Future dates are not yet
     * in force. Per currency two walks of exchange_rates_current_idx that stop after 2 and 10
     * dates: the order is the index's exactly (created_at is clock_timestamp(); adding the id as
     * a tie-break made PostgreSQL sort every rate of the currency, 100 ms at 20,000 rates).
     */
    async dashboard(): Promise<DashboardExchangeRate[]> {
      type Point = [rate: string, effectiveDate: string];
      const inForce = sql`e.currency = c.iso_code AND e.base_currency = ${BASE_CURRENCY}
        AND e.effective_date <= ${businessToday()}`;
      const rows = rowsOf<{
        currency: string;
        currency_name: string;
        latest: Point[] | string | null;
        trend: Point[] | string | null;
      }>(
        await db.execute(sql`
          SELECT c.iso_code AS currency, c.name AS currency_name,
            (SELECT json_agg(json_build_array(r.rate::text, to_char(r.effective_date, 'YYYY-MM-DD'))
               ORDER BY r.effective_date DESC, r.created_at DESC)
             FROM (SELECT e.rate, e.effective_date, e.created_at FROM exchange_rates e
                   WHERE ${inForce}
                   ORDER BY e.effective_date DESC, e.created_at DESC LIMIT 2) r) AS latest,
            (SELECT json_agg(json_build_array(r.rate::text, to_char(r.effective_date, 'YYYY-MM-DD'))
               ORDER BY r.effective_date)
             FROM (SELECT DISTINCT ON (e.effective_date) e.rate, e.effective_date
                   FROM exchange_rates e WHERE ${inForce}
                   ORDER BY e.effective_date DESC, e.created_at DESC
                   LIMIT ${DASHBOARD_RATE_TREND_POINTS}) r) AS trend
          FROM round_currency c
          WHERE NOT c.delete_flag AND c.iso_code <> ${BASE_CURRENCY}
          ORDER BY c.iso_code`),
      );
      const result: DashboardExchangeRate[] = [];
      for (const row of rows) {
        const [current, previous] = parseJson(row.latest) ?? [];
        if (!current) continue;
        result.push({
          currency: row.currency,
          currencyName: row.currency_name,
          baseCurrency: BASE_CURRENCY,
          rate: trimRate(current[0]),
          effectiveDate: current[1],
          previousRate: previous ? trimRate(previous[0]) : null,
          trend: (parseJson(row.trend) ?? []).map(([rate, effectiveDate]) => ({
            effectiveDate,
            rate: trimRate(rate),
          })),
        });
      }
      return result;
    },

    /**
     * CSV import (columns currency,rate,effectiveDate; header optional). A dry run answers the
     * rows and row errors; applying writes every row in one transaction, or none (400) when any
     * row has an error.
     */
    async import(
      input: { csv: string; dryRun: boolean },
      actor: AuditActor,
    ): Promise<CsvImportResult<ExchangeRateImportRow>> {
      if (input.dryRun) {
        const { rows, errors } = await checkRateImport(input.csv, (codes) =>
          findActiveCurrencies(db, codes),
        );
        return { dryRun: true, ...boundedAnswer(rows, errors), imported: 0 };
      }
      return db.transaction(async (tx) => {
        const { rows, errors } = await checkRateImport(input.csv, (codes) =>
          findActiveCurrencies(tx, codes),
        );
        if (errors.count > 0) throw importValidationError(errors.errors);
        const inserted = await insertRates(tx, rows, actor);
        return { dryRun: false, ...boundedAnswer(rows, errors), imported: inserted.length };
      });
    },
  };
}

export type ExchangeRateService = ReturnType<typeof createExchangeRateService>;
