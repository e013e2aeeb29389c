import type { ProductNetwork, ProductStatus, ProductType } from '@esim/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { containsPattern, endOfRange } from '../list-helpers';

export interface CatalogueFilters {
  search?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  supplierId?: string | undefined;
  category?: string | undefined;
  country?: string | undefined;
  type?: ProductType | undefined;
  network?: ProductNetwork | undefined;
  status?: ProductStatus | undefined;
  label?: string | undefined;
  productIds?: readonly string[] | undefined;
}

/** The list's filters over products `p` (nothing else joined). */
export function catalogueFiltersSql(filters: CatalogueFilters): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    parts.push(
      sql`(p.product_code ILIKE ${pattern} OR p.name ILIKE ${pattern} OR p.iccid ILIKE ${pattern})`,
    );
  }
  if (filters.from) parts.push(sql`p.created_at >= ${new Date(filters.from).toISOString()}`);
  if (filters.to) parts.push(sql`p.created_at < ${endOfRange(filters.to).toISOString()}`);
  if (filters.supplierId) parts.push(sql`p.supplier_id = ${filters.supplierId}`);
  if (filters.category) parts.push(sql`lower(p.category) = lower(${filters.category})`);
  if (filters.country) parts.push(sql`p.coverage @> ARRAY[${filters.country}]::text[]`);
  if (filters.type) parts.push(sql`p.type = ${filters.type}`);
  if (filters.network) parts.push(sql`p.network = ${filters.network}`);
  if (filters.status) parts.push(sql`p.status = ${filters.status}`);
  if (filters.label) {
    // Labels are spelled alike everywhere (canonicalLabels): find the spelling, then the GIN index.
    parts.push(sql`p.labels && ARRAY(SELECT DISTINCT l FROM products lp
      CROSS JOIN LATERAL unnest(lp.labels) l WHERE lower(l) = lower(${filters.label}))`);
  }
  if (filters.productIds) {
    parts.push(sql`p.id = ANY(${sql.param([...filters.productIds])}::uuid[])`);
  }
  return sql.join(parts, sql` AND `);
}
