import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { partners } from './partners';

export const roles = pgTable('roles', {
  id: text('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description'),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: text('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    methods: text('methods').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.path] })],
);

export const USER_STATUSES = ['active', 'inactive'] as const;

export const users = pgTable(
  'users',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Stored lower-cased; the sign-in name. */
    email: text('email').notNull().unique(),
    name: text('name'),
    status: text('status', { enum: USER_STATUSES }).notNull().default('active'),
    roleId: text('role_id').references(() => roles.id, { onDelete: 'set null' }),
    /** The partner whose staff account this is (docs/partners.md); null for the reseller's staff. */
    partnerId: uuid('partner_id').references(() => partners.id, { onDelete: 'restrict' }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('users_role_idx').on(t.roleId),
    index('users_partner_idx')
      .on(t.partnerId)
      .where(sql`partner_id IS NOT NULL`),
  ],
);
