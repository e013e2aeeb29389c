import { sql } from 'drizzle-orm';
import {
  boolean,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** ISO 3166-1 alpha-2 countries (utils/model/list 'countries'). */
export const countries = pgTable('countries', {
  code: text('code').primaryKey(),
  nameEnglish: text('name_english').notNull(),
});

/** Countries a branch or customer may reside in (utils/model/list 'residenceCountries'). */
export const residenceCountries = pgTable('residence_countries', {
  code: text('code').primaryKey(),
  nameEnglish: text('name_english').notNull(),
});

/** Active ISO 4217 currencies with their minor units (utils/model/list 'roundCurrency'). */
export const roundCurrency = pgTable(
  'round_currency',
  {
    isoCode: text('iso_code').primaryKey(),
    name: text('name').notNull(),
    minorUnits: smallint('minor_units').notNull(),
    deleteFlag: boolean('delete_flag').notNull().default(false),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [
    uniqueIndex('round_currency_one_default')
      .on(t.isDefault)
      .where(sql`${t.isDefault}`),
  ],
);

export const paymentMethods = pgTable('payment_methods', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const tax = pgTable(
  'tax',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull().unique(),
    /** Percent, e.g. 10 = 10 %. */
    rate: numeric('rate', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [
    uniqueIndex('tax_one_default')
      .on(t.isDefault)
      .where(sql`${t.isDefault}`),
  ],
);
