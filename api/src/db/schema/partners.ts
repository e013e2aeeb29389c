import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tariffCodes } from './tariffs';

export const PARTNER_TARGET_VALUES = ['affiliate', 'corporate_customer'] as const;
export const PARTNER_PLAN_TYPE_VALUES = ['entry', 'bronze', 'silver', 'gold', 'platinum'] as const;
export const COMMISSION_TYPE_VALUES = ['percentage', 'fixed_amount'] as const;
export const CUSTOM_FIELD_TYPE_VALUES = ['string', 'number', 'boolean', 'file'] as const;

/** Partners (api/drizzle/0016_partners.sql). Their accounts are users.partner_id. */
export const partners = pgTable(
  'partners',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    code: text('code').notNull(),
    target: text('target', { enum: PARTNER_TARGET_VALUES }).notNull(),
    representativeName: text('representative_name'),
    phone: text('phone'),
    loginEmail: text('login_email'),
    planType: text('plan_type', { enum: PARTNER_PLAN_TYPE_VALUES }).notNull().default('entry'),
    monthlyCommit: bigint('monthly_commit', { mode: 'number' }),
    billingDate: smallint('billing_date'),
    website: text('website'),
    typeOfBusiness: text('type_of_business'),
    businessModel: text('business_model'),
    visibleFields: text('visible_fields')
      .array()
      .notNull()
      .default(sql`'{}'`),
    commissionType: text('commission_type', { enum: COMMISSION_TYPE_VALUES })
      .notNull()
      .default('percentage'),
    commissionValue: numeric('commission_value', { precision: 15, scale: 2 }),
    logoKey: text('logo_key'),
    url: text('url'),
    prefix: text('prefix'),
    slug: text('slug'),
    oldSlug: text('old_slug'),
    tariffCodeId: uuid('tariff_code_id').references(() => tariffCodes.id, {
      onDelete: 'restrict',
    }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by').notNull(),
    updatedBy: text('updated_by').notNull(),
  },
  (t) => [
    uniqueIndex('partners_code_unique').on(sql`lower(${t.code})`),
    uniqueIndex('partners_prefix_unique')
      .on(sql`lower(${t.prefix})`)
      .where(sql`prefix IS NOT NULL`),
    uniqueIndex('partners_slug_unique')
      .on(t.slug)
      .where(sql`slug IS NOT NULL`),
    index('partners_created_idx').on(t.createdAt, t.id),
    index('partners_tariff_code_idx').on(t.tariffCodeId),
  ],
);

/** Every slug a partner has had, current and old (one owner per slug). */
export const partnerSlugs = pgTable(
  'partner_slugs',
  {
    slug: text('slug').primaryKey(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('partner_slugs_partner_idx').on(t.partnerId)],
);

/** A partner's custom fields: definition and value, in the order given. */
export const partnerCustomFields = pgTable(
  'partner_custom_fields',
  {
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    name: text('name').notNull(),
    dataType: text('data_type', { enum: CUSTOM_FIELD_TYPE_VALUES }).notNull(),
    maxLength: integer('max_length'),
    maxAmount: numeric('max_amount', { precision: 20, scale: 6 }),
    value: jsonb('value').$type<string | number | boolean | null>(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.position] }),
    uniqueIndex('partner_custom_fields_name_unique').on(t.partnerId, sql`lower(${t.name})`),
  ],
);
