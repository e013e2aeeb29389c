import { ROLE_IDS, SEED_ROLE_PERMISSIONS } from '@esim/contracts';
import { sql } from 'drizzle-orm';
import type { AppConfig } from '../config';
import type { Database } from './client';
import countryData from './reference-data/countries.json';
import currencyData from './reference-data/currencies.json';
import {
  countries,
  paymentMethods,
  residenceCountries,
  rolePermissions,
  roles,
  roundCurrency,
  tax,
  users,
} from './schema';

export const SEED_ROLE_NAMES: Record<string, string> = {
  [ROLE_IDS.administrators]: 'Administrators',
  [ROLE_IDS.staff]: 'Administrators staff',
  [ROLE_IDS.partner]: 'Administrators partner',
};

export const DEFAULT_CURRENCY = 'JPY';

export const SEED_PAYMENT_METHODS = [
  { id: 1, name: 'credit_card' },
  { id: 2, name: 'bank_transfer' },
  { id: 3, name: 'invoice' },
  { id: 4, name: 'paypay' },
  { id: 5, name: 'konbini' },
];

/** Tax type VAT is the spec's default; 10 % is Japan's standard consumption tax. */
export const SEED_TAX = [{ id: 1, name: 'VAT', rate: 10, isDefault: true }];

export interface SeedResult {
  rolesCreated: string[];
  adminCreated: boolean;
}

/**
 * Idempotent, runs on every start. Inserts what is missing and never overwrites what an
 * administrator changed: a seeded role gets its permissions only when the role itself is created.
 */
export async function seed(database: Database, config: AppConfig): Promise<SeedResult> {
  return database.db.transaction(async (tx) => {
    const rolesCreated: string[] = [];
    for (const [id, name] of Object.entries(SEED_ROLE_NAMES)) {
      const inserted = await tx
        .insert(roles)
        .values({ id, name })
        .onConflictDoNothing()
        .returning({ id: roles.id });
      if (inserted.length === 0) continue;
      rolesCreated.push(id);
      const entries = SEED_ROLE_PERMISSIONS[id] ?? [];
      if (entries.length > 0) {
        await tx
          .insert(rolePermissions)
          .values(
            entries.map((entry) => ({ roleId: id, path: entry.path, methods: entry.methods })),
          )
          .onConflictDoNothing();
      }
    }

    const admin = await tx
      .insert(users)
      .values({ email: config.seedAdminEmail, roleId: ROLE_IDS.administrators, status: 'active' })
      .onConflictDoNothing()
      .returning({ id: users.id });

    await tx.insert(countries).values(countryData).onConflictDoNothing();
    await tx.insert(residenceCountries).values(countryData).onConflictDoNothing();
    const hasDefault = await tx
      .select({ isoCode: roundCurrency.isoCode })
      .from(roundCurrency)
      .where(sql`${roundCurrency.isDefault}`)
      .limit(1);
    await tx
      .insert(roundCurrency)
      .values(
        currencyData.map((row) => ({
          ...row,
          isDefault: hasDefault.length === 0 && row.isoCode === DEFAULT_CURRENCY,
        })),
      )
      .onConflictDoNothing();
    await tx.insert(paymentMethods).values(SEED_PAYMENT_METHODS).onConflictDoNothing();
    const hasDefaultTax = await tx
      .select({ id: tax.id })
      .from(tax)
      .where(sql`${tax.isDefault}`)
      .limit(1);
    await tx
      .insert(tax)
      .values(
        SEED_TAX.map((row) => ({ ...row, isDefault: row.isDefault && hasDefaultTax.length === 0 })),
      )
      .onConflictDoNothing();

    return { rolesCreated, adminCreated: admin.length > 0 };
  });
}
