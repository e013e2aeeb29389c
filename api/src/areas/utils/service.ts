import {
  MODEL_COLLECTIONS,
  MODEL_COLLECTION_RESOURCES,
  can,
  type ModelCollection,
  type ModelRecords,
} from '@esim/contracts';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  branches,
  countries,
  issuers,
  notificationTags,
  partners,
  paymentMethods,
  residenceCountries,
  roundCurrency,
  tax,
} from '../../db/schema';
import type { AuthContext } from '../../http/define-route';
import { ForbiddenError } from '../../http/errors';
import { partnerScopeOf } from '../partners/public';

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
  branches: {
    table: branches,
    columns: {
      id: branches.id,
      code: branches.code,
      name: branches.name,
      target: branches.target,
      countryCode: branches.countryCode,
    },
    order: [branches.name, branches.id],
  },
  branchItems: {
    table: issuers,
    columns: {
      id: issuers.id,
      branchId: issuers.branchId,
      countryCode: issuers.countryCode,
      legalName: issuers.legalName,
    },
    order: [issuers.legalName, issuers.id],
  },
  partners: {
    table: partners,
    columns: {
      id: partners.id,
      code: partners.code,
      name: partners.name,
      target: partners.target,
      prefix: partners.prefix,
    },
    order: [partners.name, partners.id],
  },
  notificationsTag: {
    table: notificationTags,
    columns: { code: notificationTags.code, sortOrder: notificationTags.sortOrder },
    order: [notificationTags.sortOrder],
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
      auth: Pick<AuthContext, 'permissions' | 'partnerId' | 'roleId'>,
    ): Promise<Partial<ModelRecords[C]>[]> {
      const resource = MODEL_COLLECTION_RESOURCES[request.collection];
      if (resource && !can(auth.permissions, resource, 'GET')) throw new ForbiddenError();
      const source = SOURCES[request.collection];
      const allowed: readonly string[] = MODEL_COLLECTIONS[request.collection].fields;
      const fields = request.fields && request.fields.length > 0 ? request.fields : allowed;
      const selection: Record<string, PgColumn> = {};
      for (const field of fields) {
        const column = source.columns[field];
        if (column && allowed.includes(field)) selection[field] = column;
      }
      const conditions: SQL[] = [];
      if (request.collection === 'partners') {
        // A partner's staff see their own partner only (decision 0019).
        const scope = partnerScopeOf(auth);
        if (!scope.all)
          conditions.push(scope.partnerId ? eq(partners.id, scope.partnerId) : sql`false`);
      }
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
