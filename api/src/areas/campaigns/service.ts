import { randomInt } from 'node:crypto';
import {
  CAMPAIGN_CODE_ALPHABET,
  CAMPAIGN_CODE_RANDOM_LENGTH,
  CAMPAIGN_MESSAGES,
  ERROR_CODES,
  RESOURCES,
  businessToday,
  type CampaignDetail,
  type CampaignGenerateResult,
  type CampaignListItem,
  type CampaignRedemption,
  type CampaignSortColumn,
  type CampaignTarget,
  type CampaignVoucherCode,
  type CreateCampaignData,
  type ListResult,
  type UpdateCampaignData,
} from '@esim/contracts';
import { sql, type SQL } from 'drizzle-orm';
import {
  defineAuditEntity,
  recordAudit,
  type AuditActor,
  type AuditSnapshot,
  type Queryable,
  type Tx,
} from '../../audit';
import { fieldError, type CsvValue } from '../../csv';
import {
  AppError,
  BusinessRuleError,
  ConflictError,
  ForbiddenError,
  StaleVersionError,
  ValidationError,
  isUniqueViolation,
} from '../../http/errors';
import { containsPattern, iso, rowsOf } from '../list-helpers';
import { partnerScopeOf, withPartnerScope, type PartnerScope } from '../partners/public';
import type { AreaDeps } from '../types';

/*
 * Campaigns (docs/campaigns.md). Every read is limited to the caller's partner scope twice: the
 * queries filter (campaigns applying to the partner) and a scoped transaction runs under
 * row-level security (migration 0021). Writes are for the reseller's staff: a partner-scoped
 * caller gets 403 partnerScoped.
 */

/** Audit entity: one campaign (its fields, generations). */
export const campaignAudit = defineAuditEntity('campaign', RESOURCES.campaigns, {
  reaches: (auth) => partnerScopeOf(auth).all,
});

/** Rows a CSV export writes at most. */
export const CAMPAIGN_EXPORT_MAX_ROWS = 200_000;

interface CampaignRow {
  id: string;
  code: string;
  name: string;
  type: CampaignListItem['type'];
  discount_type: CampaignListItem['discountType'];
  discount_value: number | string;
  use_quantity: number | null;
  remaining_quantity: number | null;
  used_count: number | string;
  voucher_code_count: number;
  valid_from: string;
  valid_to: string;
  status: CampaignListItem['status'];
  version: number;
  created_at: string | Date;
  updated_at: string | Date;
  created_by: string;
  updated_by: string;
}

const SELECT_CAMPAIGN = sql`
  c.id, c.code, c.name, c.type, c.discount_type, c.discount_value, c.use_quantity,
  c.remaining_quantity, c.voucher_code_count, c.valid_from::text AS valid_from,
  c.valid_to::text AS valid_to, c.status, c.version, c.created_at, c.updated_at, c.created_by,
  c.updated_by,
  (SELECT count(*) FROM campaign_redemptions r
    WHERE r.campaign_id = c.id AND r.released_at IS NULL)::int AS used_count`;

function toListItem(row: CampaignRow): CampaignListItem {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    type: row.type,
    discountType: row.discount_type,
    discountValue: Number(row.discount_value),
    useQuantity: row.use_quantity,
    remainingQuantity: row.remaining_quantity,
    usedCount: Number(row.used_count),
    voucherCodeCount: row.voucher_code_count,
    validFrom: row.valid_from,
    validTo: row.valid_to,
    status: row.status,
    version: row.version,
    createdDate: iso(row.created_at),
    updatedDate: iso(row.updated_at),
  };
}

/** The campaigns a scope reaches: all, or those applying to its partner. */
function scopeCondition(scope: PartnerScope): SQL {
  if (scope.all) return sql`TRUE`;
  if (!scope.partnerId) return sql`FALSE`;
  return sql`(c.all_partners OR EXISTS (SELECT 1 FROM campaign_partners cp
    WHERE cp.campaign_id = c.id AND cp.partner_id = ${scope.partnerId}::uuid))`;
}

const SORTS: Record<CampaignSortColumn, string> = {
  code: 'lower(c.code)',
  name: 'lower(c.name)',
  type: 'c.type',
  discountValue: 'c.discount_value',
  useQuantity: 'c.use_quantity',
  remainingQuantity: 'c.remaining_quantity',
  validFrom: 'c.valid_from',
  validTo: 'c.valid_to',
  status: 'c.status',
  createdDate: 'c.created_at',
};

export interface CampaignListInput {
  page: number;
  pageSize: number;
  sort?: CampaignSortColumn | undefined;
  order: 'asc' | 'desc';
  search?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  type?: CampaignListItem['type'] | undefined;
  discountType?: CampaignListItem['discountType'] | undefined;
  status?: CampaignListItem['status'] | undefined;
}

function listWhere(input: CampaignListInput, scope: PartnerScope): SQL {
  const parts: SQL[] = [scopeCondition(scope)];
  if (input.search) {
    const pattern = containsPattern(input.search);
    parts.push(sql`(c.code ILIKE ${pattern} OR c.name ILIKE ${pattern} OR EXISTS (
      SELECT 1 FROM campaign_codes k
      WHERE k.campaign_id = c.id AND lower(k.code) = lower(${input.search})))`);
  }
  if (input.type) parts.push(sql`c.type = ${input.type}`);
  if (input.discountType) parts.push(sql`c.discount_type = ${input.discountType}`);
  if (input.status) parts.push(sql`c.status = ${input.status}`);
  // Valid on some day of the range.
  if (input.from) parts.push(sql`c.valid_to >= ${input.from.slice(0, 10)}::date`);
  if (input.to) parts.push(sql`c.valid_from <= ${input.to.slice(0, 10)}::date`);
  return sql.join(parts, sql` AND `);
}

function listOrder(input: CampaignListInput): SQL {
  if (!input.sort) return sql.raw('c.created_at DESC, c.id');
  const direction = input.order === 'desc' ? 'DESC' : 'ASC';
  return sql.raw(`${SORTS[input.sort]} ${direction} NULLS LAST, c.id`);
}

function snapshot(detail: CampaignDetail): AuditSnapshot {
  return {
    code: detail.code,
    name: detail.name,
    type: detail.type,
    discountType: detail.discountType,
    discountValue: detail.discountValue,
    useQuantity: detail.useQuantity,
    validFrom: detail.validFrom,
    validTo: detail.validTo,
    partners: detail.partners.map((partner) => partner.code),
    products: detail.products.map((product) => product.code),
    status: detail.status,
  };
}

function notFound(): AppError {
  return new AppError(404, ERROR_CODES.notFound, CAMPAIGN_MESSAGES.notFound);
}

function refuseScoped(scope: PartnerScope): void {
  if (!scope.all) throw new ForbiddenError(CAMPAIGN_MESSAGES.partnerScoped);
}

/** A random code: prefix + 8 characters of the look-alike-free alphabet (crypto.randomInt). */
export function randomCampaignCode(prefix: string): string {
  let text = prefix;
  for (let index = 0; index < CAMPAIGN_CODE_RANDOM_LENGTH; index += 1) {
    text += CAMPAIGN_CODE_ALPHABET[randomInt(CAMPAIGN_CODE_ALPHABET.length)];
  }
  return text;
}

export function createCampaignService(deps: Pick<AreaDeps, 'db'>) {
  const { db } = deps;
  const scoped = <T>(scope: PartnerScope, fn: (q: Queryable) => Promise<T>): Promise<T> =>
    scope.all ? fn(db) : withPartnerScope(db, scope, fn);

  async function findRow(
    q: Queryable,
    scope: PartnerScope,
    id: string,
    lock = false,
  ): Promise<CampaignRow> {
    const [row] = rowsOf<CampaignRow>(
      await q.execute(sql`
        SELECT ${SELECT_CAMPAIGN} FROM campaigns c
        WHERE c.id = ${id}::uuid AND ${scopeCondition(scope)}
        ${lock ? sql`FOR UPDATE OF c` : sql``}`),
    );
    if (!row) throw notFound();
    return row;
  }

  async function detailOf(q: Queryable, row: CampaignRow): Promise<CampaignDetail> {
    const partners = rowsOf<CampaignTarget>(
      await q.execute(sql`
        SELECT p.id, p.code, p.name FROM campaign_partners cp JOIN partners p ON p.id = cp.partner_id
        WHERE cp.campaign_id = ${row.id}::uuid ORDER BY lower(p.code)`),
    );
    const products = rowsOf<{ id: string; code: string | null; name: string }>(
      await q.execute(sql`
        SELECT p.id, p.product_code AS code, p.name FROM campaign_products cp
        JOIN products p ON p.id = cp.product_id
        WHERE cp.campaign_id = ${row.id}::uuid ORDER BY p.product_code`),
    );
    return {
      ...toListItem(row),
      partnerIds: partners.map((partner) => partner.id),
      productIds: products.map((product) => product.id),
      partners,
      products: products.map((product) => ({ ...product, code: product.code ?? '' })),
      createdBy: row.created_by,
      updatedBy: row.updated_by,
    };
  }

  /** New dates may not lie before today; partners and products must exist. */
  async function checkInput(
    tx: Tx,
    input: CreateCampaignData,
    before: { validFrom: string; validTo: string } | null,
  ): Promise<void> {
    const today = businessToday();
    const errors = [];
    if (input.validFrom < today && input.validFrom !== before?.validFrom)
      errors.push(fieldError('validFrom', 'dateNotPast'));
    if (input.validTo < today && input.validTo !== before?.validTo)
      errors.push(fieldError('validTo', 'dateNotPast'));
    if (input.partnerIds.length > 0) {
      const [found] = rowsOf<{ n: number }>(
        await tx.execute(sql`SELECT count(*)::int AS n FROM partners
          WHERE id IN (SELECT value::uuid FROM jsonb_array_elements_text(${JSON.stringify(input.partnerIds)}::jsonb))`),
      );
      if (Number(found?.n) !== input.partnerIds.length)
        errors.push(fieldError('partnerIds', 'invalidFormat', { format: 'partner' }));
    }
    if (input.productIds.length > 0) {
      const [found] = rowsOf<{ n: number }>(
        await tx.execute(sql`SELECT count(*)::int AS n FROM products
          WHERE id IN (SELECT value::uuid FROM jsonb_array_elements_text(${JSON.stringify(input.productIds)}::jsonb))`),
      );
      if (Number(found?.n) !== input.productIds.length)
        errors.push(fieldError('productIds', 'invalidFormat', { format: 'product' }));
    }
    if (errors.length > 0) throw new ValidationError(errors);
    const [taken] = rowsOf<{ id: string }>(
      await tx.execute(
        sql`SELECT id FROM campaign_codes WHERE lower(code) = lower(${input.code}) LIMIT 1`,
      ),
    );
    if (taken) throw new ConflictError(CAMPAIGN_MESSAGES.codeTaken({ code: input.code }), 'code');
  }

  async function writeTargets(tx: Tx, id: string, input: CreateCampaignData): Promise<void> {
    await tx.execute(sql`DELETE FROM campaign_partners WHERE campaign_id = ${id}::uuid`);
    await tx.execute(sql`DELETE FROM campaign_products WHERE campaign_id = ${id}::uuid`);
    await tx.execute(sql`
      INSERT INTO campaign_partners (campaign_id, partner_id)
      SELECT ${id}::uuid, value::uuid
      FROM jsonb_array_elements_text(${JSON.stringify(input.partnerIds)}::jsonb)`);
    await tx.execute(sql`
      INSERT INTO campaign_products (campaign_id, product_id)
      SELECT ${id}::uuid, value::uuid
      FROM jsonb_array_elements_text(${JSON.stringify(input.productIds)}::jsonb)`);
  }

  function codeTaken(error: unknown, code: string): unknown {
    return isUniqueViolation(error, 'campaigns_code_key')
      ? new ConflictError(CAMPAIGN_MESSAGES.codeTaken({ code }), 'code')
      : error;
  }

  async function usedCount(tx: Tx, id: string): Promise<number> {
    const [row] = rowsOf<{ n: number }>(
      await tx.execute(sql`SELECT count(*)::int AS n FROM campaign_redemptions
        WHERE campaign_id = ${id}::uuid AND released_at IS NULL`),
    );
    return Number(row?.n ?? 0);
  }

  return {
    async list(
      input: CampaignListInput,
      scope: PartnerScope,
    ): Promise<ListResult<CampaignListItem>> {
      return scoped(scope, async (q) => {
        const where = listWhere(input, scope);
        const [count] = rowsOf<{ n: number }>(
          await q.execute(sql`SELECT count(*)::int AS n FROM campaigns c WHERE ${where}`),
        );
        const rows = rowsOf<CampaignRow>(
          await q.execute(sql`
            SELECT ${SELECT_CAMPAIGN} FROM campaigns c WHERE ${where}
            ORDER BY ${listOrder(input)}
            LIMIT ${input.pageSize} OFFSET ${(input.page - 1) * input.pageSize}`),
        );
        return {
          items: rows.map(toListItem),
          total: Number(count?.n ?? 0),
          page: input.page,
          pageSize: input.pageSize,
        };
      });
    },

    exportCsv(input: CampaignListInput, scope: PartnerScope) {
      const header = [
        'Campaign code',
        'Campaign name',
        'Campaign type',
        'Discount type',
        'Discount value',
        'Use quantity',
        'Remaining quantity',
        'Used',
        'Generated codes',
        'Valid from',
        'Valid to',
        'Status',
        'Created date',
      ];
      async function* rows(): AsyncGenerator<CsvValue[]> {
        const batch = 500;
        for (let offset = 0; offset < CAMPAIGN_EXPORT_MAX_ROWS; offset += batch) {
          const page = await scoped(scope, async (q) =>
            rowsOf<CampaignRow>(
              await q.execute(sql`
                SELECT ${SELECT_CAMPAIGN} FROM campaigns c WHERE ${listWhere(input, scope)}
                ORDER BY ${listOrder(input)} LIMIT ${batch} OFFSET ${offset}`),
            ),
          );
          for (const row of page) {
            const item = toListItem(row);
            yield [
              item.code,
              item.name,
              item.type,
              item.discountType,
              item.discountValue,
              item.useQuantity,
              item.remainingQuantity,
              item.usedCount,
              item.voucherCodeCount,
              item.validFrom,
              item.validTo,
              item.status,
              new Date(item.createdDate),
            ];
          }
          if (page.length < batch) return;
        }
      }
      return { header, rows: rows() };
    },

    async get(id: string, scope: PartnerScope): Promise<CampaignDetail> {
      return scoped(scope, async (q) => detailOf(q, await findRow(q, scope, id)));
    },

    async assertReachable(id: string, scope: PartnerScope): Promise<void> {
      await scoped(scope, (q) => findRow(q, scope, id));
    },

    async create(
      input: CreateCampaignData,
      actor: AuditActor,
      scope: PartnerScope,
    ): Promise<CampaignDetail> {
      refuseScoped(scope);
      try {
        return await db.transaction(async (tx) => {
          await checkInput(tx, input, null);
          const [created] = rowsOf<{ id: string }>(
            await tx.execute(sql`
              INSERT INTO campaigns (code, name, type, discount_type, discount_value, use_quantity,
                remaining_quantity, valid_from, valid_to, all_partners, all_products, status,
                created_by, updated_by)
              VALUES (${input.code}, ${input.name}, ${input.type}, ${input.discountType},
                ${input.discountValue}, ${input.useQuantity ?? null}::int,
                ${input.useQuantity ?? null}::int, ${input.validFrom}::date,
                ${input.validTo}::date, ${input.partnerIds.length === 0},
                ${input.productIds.length === 0}, ${input.status}, ${actor.email}, ${actor.email})
              RETURNING id`),
          );
          const id = created!.id;
          await writeTargets(tx, id, input);
          const detail = await detailOf(tx, await findRow(tx, scope, id));
          await recordAudit(tx, {
            entityType: campaignAudit.type,
            entityId: id,
            action: 'create',
            actor,
            after: snapshot(detail),
          });
          return detail;
        });
      } catch (error) {
        throw codeTaken(error, input.code);
      }
    },

    async update(
      input: UpdateCampaignData,
      actor: AuditActor,
      scope: PartnerScope,
    ): Promise<CampaignDetail> {
      refuseScoped(scope);
      try {
        return await db.transaction(async (tx) => {
          const row = await findRow(tx, scope, input.id, true);
          if (row.version !== input.version) throw new StaleVersionError();
          const before = await detailOf(tx, row);
          await checkInput(tx, input, { validFrom: row.valid_from, validTo: row.valid_to });
          const used = await usedCount(tx, input.id);
          // A voucher campaign's use quantity is its number of codes.
          let useQuantity = input.useQuantity ?? null;
          let remaining: number | null = null;
          if (row.voucher_code_count > 0) {
            useQuantity = row.use_quantity;
            remaining = row.remaining_quantity;
          } else if (useQuantity !== null) {
            if (useQuantity < used) {
              throw new BusinessRuleError(CAMPAIGN_MESSAGES.quantityBelowUsed({ used }));
            }
            remaining = useQuantity - used;
          }
          await tx.execute(sql`
            UPDATE campaigns SET code = ${input.code}, name = ${input.name}, type = ${input.type},
              discount_type = ${input.discountType}, discount_value = ${input.discountValue},
              use_quantity = ${useQuantity}::int, remaining_quantity = ${remaining}::int,
              valid_from = ${input.validFrom}::date, valid_to = ${input.validTo}::date,
              all_partners = ${input.partnerIds.length === 0},
              all_products = ${input.productIds.length === 0}, status = ${input.status},
              version = version + 1, updated_at = now(), updated_by = ${actor.email}
            WHERE id = ${input.id}::uuid`);
          await writeTargets(tx, input.id, input);
          const after = await detailOf(tx, await findRow(tx, scope, input.id));
          await recordAudit(tx, {
            entityType: campaignAudit.type,
            entityId: input.id,
            action: 'update',
            actor,
            before: snapshot(before),
            after: snapshot(after),
          });
          return after;
        });
      } catch (error) {
        throw codeTaken(error, input.code);
      }
    },

    async remove(
      id: string,
      version: number | undefined,
      actor: AuditActor,
      scope: PartnerScope,
    ): Promise<void> {
      refuseScoped(scope);
      await db.transaction(async (tx) => {
        const row = await findRow(tx, scope, id, true);
        if (version !== undefined && row.version !== version) throw new StaleVersionError();
        const [uses] = rowsOf<{ n: number }>(
          await tx.execute(sql`SELECT count(*)::int AS n FROM campaign_redemptions
            WHERE campaign_id = ${id}::uuid`),
        );
        if (Number(uses?.n) > 0) throw new BusinessRuleError(CAMPAIGN_MESSAGES.inUse);
        const before = await detailOf(tx, row);
        await tx.execute(sql`DELETE FROM campaigns WHERE id = ${id}::uuid`);
        await recordAudit(tx, {
          entityType: campaignAudit.type,
          entityId: id,
          action: 'delete',
          actor,
          before: snapshot(before),
        });
      });
    },

    /**
     * Generates `count` single-use codes (prefix + 8 random characters) in one transaction:
     * inserted ON CONFLICT DO NOTHING (and skipping any campaign's own code), the collisions
     * drawn again until all are in. The campaign's use quantity becomes its number of codes.
     */
    async generateCodes(
      input: { id: string; prefix: string; count: number },
      actor: AuditActor,
      scope: PartnerScope,
    ): Promise<CampaignGenerateResult> {
      refuseScoped(scope);
      return db.transaction(async (tx) => {
        const row = await findRow(tx, scope, input.id, true);
        let inserted = 0;
        for (let round = 0; inserted < input.count; round += 1) {
          if (round >= 20) throw new Error('campaign code generation kept colliding');
          const wanted = input.count - inserted;
          const codes = new Set<string>();
          while (codes.size < wanted) codes.add(randomCampaignCode(input.prefix));
          const rows = rowsOf<{ id: string }>(
            await tx.execute(sql`
              INSERT INTO campaign_codes (campaign_id, code)
              SELECT ${input.id}::uuid, value
              FROM jsonb_array_elements_text(${JSON.stringify([...codes])}::jsonb)
              WHERE NOT EXISTS (SELECT 1 FROM campaigns c WHERE lower(c.code) = lower(value))
              ON CONFLICT ((lower(code))) DO NOTHING
              RETURNING id`),
          );
          inserted += rows.length;
        }
        const [after] = rowsOf<{ use_quantity: number }>(
          await tx.execute(sql`
            UPDATE campaigns c SET
              voucher_code_count = k.total, use_quantity = k.total, remaining_quantity = k.unused,
              version = c.version + 1, updated_at = now(), updated_by = ${actor.email}
            FROM (SELECT count(*)::int AS total,
                    (count(*) FILTER (WHERE status = 'unused'))::int AS unused
                  FROM campaign_codes WHERE campaign_id = ${input.id}::uuid) k
            WHERE c.id = ${input.id}::uuid
            RETURNING c.use_quantity`),
        );
        await recordAudit(tx, {
          entityType: campaignAudit.type,
          entityId: input.id,
          action: 'update',
          actor,
          before: { useQuantity: row.use_quantity, voucherCodes: row.voucher_code_count },
          after: {
            useQuantity: after!.use_quantity,
            voucherCodes: row.voucher_code_count + inserted,
          },
        });
        return { campaignId: input.id, count: inserted, useQuantity: after!.use_quantity };
      });
    },

    async listCodes(
      input: { id: string; page: number; pageSize: number; status?: 'unused' | 'used' | undefined },
      scope: PartnerScope,
    ): Promise<ListResult<CampaignVoucherCode>> {
      return scoped(scope, async (q) => {
        await findRow(q, scope, input.id);
        const where = sql`k.campaign_id = ${input.id}::uuid
          ${input.status ? sql`AND k.status = ${input.status}` : sql``}`;
        const [count] = rowsOf<{ n: number }>(
          await q.execute(sql`SELECT count(*)::int AS n FROM campaign_codes k WHERE ${where}`),
        );
        const rows = rowsOf<{
          id: string;
          code: string;
          status: 'unused' | 'used';
          used_at: string | Date | null;
          used_order_id: string | null;
          order_no: string | null;
          created_at: string | Date;
        }>(
          await q.execute(sql`
            SELECT k.id, k.code, k.status, k.used_at, k.used_order_id, o.order_no, k.created_at
            FROM campaign_codes k LEFT JOIN orders o ON o.id = k.used_order_id
            WHERE ${where} ORDER BY k.code
            LIMIT ${input.pageSize} OFFSET ${(input.page - 1) * input.pageSize}`),
        );
        return {
          items: rows.map((row) => ({
            id: row.id,
            code: row.code,
            status: row.status,
            usedAt: row.used_at ? iso(row.used_at) : null,
            orderId: row.order_no ? row.used_order_id : null,
            orderNo: row.order_no,
            createdDate: iso(row.created_at),
          })),
          total: Number(count?.n ?? 0),
          page: input.page,
          pageSize: input.pageSize,
        };
      });
    },

    async listRedemptions(
      input: { id: string; page: number; pageSize: number },
      scope: PartnerScope,
    ): Promise<ListResult<CampaignRedemption>> {
      return scoped(scope, async (q) => {
        await findRow(q, scope, input.id);
        const where = sql`r.campaign_id = ${input.id}::uuid
          ${scope.all ? sql`` : sql`AND r.partner_id = ${scope.partnerId}::uuid`}`;
        const [count] = rowsOf<{ n: number }>(
          await q.execute(
            sql`SELECT count(*)::int AS n FROM campaign_redemptions r WHERE ${where}`,
          ),
        );
        const rows = rowsOf<{
          id: string;
          order_id: string;
          order_no: string;
          code: string;
          discount: number | string;
          partner_id: string;
          partner_name: string;
          redeemed_at: string | Date;
          released_at: string | Date | null;
        }>(
          await q.execute(sql`
            SELECT r.id, r.order_id, o.order_no, r.code, r.discount, r.partner_id,
              o.partner_name, r.redeemed_at, r.released_at
            FROM campaign_redemptions r JOIN orders o ON o.id = r.order_id
            WHERE ${where} ORDER BY r.redeemed_at DESC, r.id
            LIMIT ${input.pageSize} OFFSET ${(input.page - 1) * input.pageSize}`),
        );
        return {
          items: rows.map((row) => ({
            id: row.id,
            orderId: row.order_id,
            orderNo: row.order_no,
            code: row.code,
            discount: Number(row.discount),
            partnerId: row.partner_id,
            partnerName: row.partner_name,
            redeemedAt: iso(row.redeemed_at),
            releasedAt: row.released_at ? iso(row.released_at) : null,
          })),
          total: Number(count?.n ?? 0),
          page: input.page,
          pageSize: input.pageSize,
        };
      });
    },

    /** A campaign's codes and uses: every voucher code with its live use, then every use of
     * the campaign's own code (released ones marked). */
    async exportCodes(id: string, scope: PartnerScope) {
      const header = ['Code', 'Status', 'Used at', 'Order no', 'Discount', 'Partner'];
      const rows = await scoped(scope, async (q) => {
        await findRow(q, scope, id);
        const partnerFilter = scope.all ? sql`` : sql`AND r.partner_id = ${scope.partnerId}::uuid`;
        return rowsOf<{
          code: string;
          status: string;
          used_at: string | Date | null;
          order_no: string | null;
          discount: number | string | null;
          partner_name: string | null;
        }>(
          await q.execute(sql`
            SELECT * FROM (
              SELECT k.code, k.status, k.used_at, o.order_no, r.discount, o.partner_name
              FROM campaign_codes k
              LEFT JOIN campaign_redemptions r
                ON r.code_id = k.id AND r.released_at IS NULL ${partnerFilter}
              LEFT JOIN orders o ON o.id = r.order_id
              WHERE k.campaign_id = ${id}::uuid
              UNION ALL
              SELECT r.code, CASE WHEN r.released_at IS NULL THEN 'used' ELSE 'released' END,
                r.redeemed_at, o.order_no, r.discount, o.partner_name
              FROM campaign_redemptions r JOIN orders o ON o.id = r.order_id
              WHERE r.campaign_id = ${id}::uuid AND r.code_id IS NULL ${partnerFilter}
            ) x ORDER BY lower(x.code), x.used_at NULLS FIRST
            LIMIT ${CAMPAIGN_EXPORT_MAX_ROWS}`),
        );
      });
      return {
        header,
        rows: rows.map((row): CsvValue[] => [
          row.code,
          row.status,
          row.used_at ? new Date(row.used_at) : null,
          row.order_no,
          row.discount === null ? null : Number(row.discount),
          row.partner_name,
        ]),
      };
    },
  };
}
