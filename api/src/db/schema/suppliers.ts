import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { countries, roundCurrency } from './reference';

export const SUPPLIER_STATUS_VALUES = ['active', 'inactive'] as const;
export const DELIVERY_TYPE_VALUES = ['api', 'stock'] as const;
export const CONNECTOR_KIND_VALUES = ['esimgo', 'generic'] as const;

/** Suppliers (api/drizzle/0005_audit_suppliers_rates.sql). */
export const suppliers = pgTable(
  'suppliers',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    target: text('target'),
    type: text('type'),
    abbreviation: text('abbreviation'),
    status: text('status', { enum: SUPPLIER_STATUS_VALUES }).notNull().default('active'),
    companyName: text('company_name'),
    contactName: text('contact_name'),
    email: text('email'),
    phone: text('phone'),
    mobile: text('mobile'),
    address: text('address'),
    officeAddress: text('office_address'),
    countryCode: text('country_code').references(() => countries.code),
    postalCode: text('postal_code'),
    remark: text('remark'),
    currency: text('currency')
      .notNull()
      .default('JPY')
      .references(() => roundCurrency.isoCode),
    purchaseCurrency: text('purchase_currency')
      .notNull()
      .default('JPY')
      .references(() => roundCurrency.isoCode),
    deliveryType: text('delivery_type', { enum: DELIVERY_TYPE_VALUES }).notNull(),
    connectorKind: text('connector_kind', { enum: CONNECTOR_KIND_VALUES }),
    connectorBaseUrl: text('connector_base_url'),
    /** Sealed with AES-256-GCM (src/secrets); never returned, never logged. */
    connectorApiKey: text('connector_api_key'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by').notNull(),
    updatedBy: text('updated_by').notNull(),
  },
  (t) => [
    uniqueIndex('suppliers_name_unique').on(sql`lower(${t.name})`),
    index('suppliers_created_idx').on(t.createdAt, t.id),
    index('suppliers_status_idx').on(t.status),
  ],
);
