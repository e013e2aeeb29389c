import { MODEL_COLLECTIONS, type ModelCollection, type ModelRecords } from '@esim/contracts';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { countries, paymentMethods, residenceCountries, roundCurrency, tax } from '../../db/schema';

interface Source {
  table: PgTable;
  /** API field name -> column; keys are exactly MODEL_COLLECTIONS[collection].fields. */
  columns: Record<string, PgColumn>;
  order: PgColumn[];
}

const SOURCES: Record<ModelCollection, Source> = {
  countries: {
    table: countries,
    columns: { code: countries.code, nameEnglish: countries.nameEnglish },
    order: [countries.nameEnglish],
  },
  residenceCountries: {
    table: residenceCountries,
    columns: { code: residenceCountries.code, nameEnglish: residenceCountries.nameEnglish },
    order: [residenceCountries.nameEnglish],
  },
  roundCurrency: {
    table: roundCurrency,
    columns: {
      isoCode: roundCurrency.isoCode,
      name: roundCurrency.name,
      minorUnits: roundCurrency.minorUnits,
      deleteFlag: roundCurrency.deleteFlag,
      isDefault: roundCurrency.isDefault,
    },
    order: [roundCurrency.isoCode],
  },
  paymentMethods: {
    table: paymentMethods,
    columns: { id: paymentMethods.id, name: paymentMethods.name },
    order: [paymentMethods.id],
  },
  tax: {
    table: tax,
    columns: { id: tax.id, name: tax.name, rate: tax.rate, isDefault: tax.isDefault },
    order: [tax.id],
  },
};

export interface ModelListRequest {
  collection: ModelCollection;
  filters?: Record<string, string | number | boolean> | undefined;
  fields?: string[] | undefined;
}

/**
 * utils/model/list: reads a whitelisted collection. The schema (contracts modelListSchema) has
 * already refused unknown collections, fields and filters; the column map here is the second
 * whitelist, and values only ever travel as bound parameters.
 */
export function createModelListService(db: Db) {
  return {
    async list<C extends ModelCollection>(
      request: ModelListRequest & { collection: C },
    ): Promise<Partial<ModelRecords[C]>[]> {
      const source = SOURCES[request.collection];
      const allowed: readonly string[] = MODEL_COLLECTIONS[request.collection].fields;
      const fields = request.fields && request.fields.length > 0 ? request.fields : allowed;
      const selection: Record<string, PgColumn> = {};
      for (const field of fields) {
        const column = source.columns[field];
        if (column && allowed.includes(field)) selection[field] = column;
      }
      const conditions: SQL[] = [];
      for (const [field, value] of Object.entries(request.filters ?? {})) {
        const column = source.columns[field];
        if (!column || !Object.hasOwn(MODEL_COLLECTIONS[request.collection].filters, field))
          continue;
        conditions.push(eq(column, value));
      }
      const rows = await db
        .select(selection)
        .from(source.table)
        .where(and(...conditions))
        .orderBy(...source.order.map((column) => asc(column)));
      return rows as Partial<ModelRecords[C]>[];
    },
  };
}
