import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { countries, paymentMethods, residenceCountries } from './reference';

export const BRANCH_TARGET_VALUES = ['a2n_group', 'resale_partner', 'franchise', 'msp'] as const;
export const REPORT_LANGUAGE_VALUES = ['en', 'ja', 'de', 'th'] as const;
export const ISSUER_COUNTRY_VALUES = ['JP', 'TH', 'DE'] as const;
export const DOCUMENT_TYPE_VALUES = ['invoice', 'receipt', 'credit_note'] as const;

/** Branches (api/drizzle/0014_branches_issuers.sql). */
export const branches = pgTable(
  'branches',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    code: text('code').notNull(),
    target: text('target', { enum: BRANCH_TARGET_VALUES }).notNull(),
    countryCode: text('country_code')
      .notNull()
      .default('JP')
      .references(() => countries.code),
    mainPartner: boolean('main_partner').notNull().default(false),
    providerName: text('provider_name'),
    paymentGateway: text('payment_gateway'),
    paymentMethodId: integer('payment_method_id').references(() => paymentMethods.id),
    inquiryEmail: text('inquiry_email'),
    inquiryPhone: text('inquiry_phone'),
    inquiryWeb: text('inquiry_web'),
    residenceCountryCode: text('residence_country_code').references(() => residenceCountries.code),
    reportLanguage: text('report_language', { enum: REPORT_LANGUAGE_VALUES })
      .notNull()
      .default('en'),
    invoiceTitle: text('invoice_title').notNull().default('Invoice'),
    receiptTitle: text('receipt_title').notNull().default('Receipt'),
    taxName: text('tax_name').notNull().default('VAT'),
    taxRate: numeric('tax_rate', { precision: 5, scale: 2, mode: 'number' }).notNull().default(10),
    /** Sanitised HTML (src/areas/branches/template.ts). */
    templateHtml: text('template_html'),
    /** No foreign key yet: the partners migration adds it (docs/branches.md). */
    partnerId: uuid('partner_id'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by').notNull(),
    updatedBy: text('updated_by').notNull(),
  },
  (t) => [
    uniqueIndex('branches_code_unique').on(sql`lower(${t.code})`),
    index('branches_created_idx').on(t.createdAt, t.id),
    index('branches_partner_idx')
      .on(t.partnerId)
      .where(sql`${t.partnerId} IS NOT NULL`),
  ],
);

/** Issuers, the legal entities issuing a branch's documents ("branch items"). */
export const issuers = pgTable(
  'issuers',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'restrict' }),
    countryCode: text('country_code', { enum: ISSUER_COUNTRY_VALUES }).notNull(),
    legalName: text('legal_name').notNull(),
    address: text('address').notNull(),
    postalCode: text('postal_code'),
    phone: text('phone'),
    email: text('email'),
    registrationNumber: text('registration_number').notNull(),
    branchNumber: text('branch_number'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by').notNull(),
    updatedBy: text('updated_by').notNull(),
  },
  (t) => [
    uniqueIndex('issuers_registration_unique').on(
      t.branchId,
      t.countryCode,
      t.registrationNumber,
      sql`coalesce(${t.branchNumber}, '')`,
    ),
    index('issuers_branch_idx').on(t.branchId, t.createdAt, t.id),
  ],
);

/** Gapless document numbers per issuer, document type and year (numbering.ts). */
export const documentSequences = pgTable(
  'document_sequences',
  {
    issuerId: uuid('issuer_id')
      .notNull()
      .references(() => issuers.id, { onDelete: 'restrict' }),
    documentType: text('document_type', { enum: DOCUMENT_TYPE_VALUES }).notNull(),
    year: smallint('year').notNull(),
    nextNumber: bigint('next_number', { mode: 'number' }).notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.issuerId, t.documentType, t.year] })],
);
