import {
  BRANCH_DEFAULTS,
  ORDER_MESSAGES,
  resolveRule,
  type InputMode,
  type PricingRule,
} from '@esim/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../audit';
import { executePrepared } from '../../db/prepared';
import { BusinessRuleError, NotFoundError } from '../../http/errors';
import { rowsOf } from '../list-helpers';
import type { PartnerScope } from '../partners/public';
import { codeOverrides, groupRule } from '../tariffs/public';

/** What a partner buys at: its tariff code with the effective rule, and its branch's tax. */
export interface PartnerTerms {
  partnerId: string;
  partnerName: string;
  tariffCodeId: string;
  tariffCode: string;
  tariffGroup: string;
  rule: PricingRule;
  inputMode: InputMode;
  /** The partner's branch (main first, then the oldest); null = none, the default tax applies. */
  branchId: string | null;
  taxName: string;
  /** Percent, at most 2 decimals. */
  taxRate: number;
}

interface TermsRow {
  id: string;
  name: string;
  tariff_code_id: string | null;
  tariff_code: string | null;
  tariff_group: string | null;
  input_mode: InputMode | null;
  g_base: PricingRule['baseTariff'] | null;
  g_logic1: number | null;
  g_logic2: number | null;
  g_logic3: number | null;
  c_base: PricingRule['baseTariff'] | null;
  c_logic1: number | null;
  c_logic2: number | null;
  c_logic3: number | null;
  branch_id: string | null;
  tax_name: string | null;
  tax_rate: string | number | null;
}

function termsSql(partnerId: string): SQL {
  return sql`
    SELECT pa.id, pa.name, pa.tariff_code_id, tc.tariff_code, g.tariff_group, g.input_mode,
      g.base_tariff AS g_base, g.logic1 AS g_logic1, g.logic2 AS g_logic2, g.logic3 AS g_logic3,
      tc.base_tariff AS c_base, tc.logic1 AS c_logic1, tc.logic2 AS c_logic2,
      tc.logic3 AS c_logic3, b.id AS branch_id, b.tax_name, b.tax_rate
    FROM partners pa
    LEFT JOIN tariff_codes tc ON tc.id = pa.tariff_code_id
    LEFT JOIN tariff_groups g ON g.id = tc.group_id
    LEFT JOIN LATERAL (
      SELECT id, tax_name, tax_rate FROM branches
      WHERE partner_id = pa.id
      ORDER BY main_partner DESC, created_at, id
      LIMIT 1
    ) b ON true
    WHERE pa.id = ${partnerId}::uuid`;
}

/** The terms of a row of termsSql (none: 404; no tariff code: 422). */
function termsOf(row: TermsRow | undefined): PartnerTerms {
  if (!row?.id) throw new NotFoundError('Partner');
  if (!row.tariff_code_id || !row.tariff_code || row.g_base === null) {
    throw new BusinessRuleError(ORDER_MESSAGES.noTariffCode);
  }
  const group = groupRule({
    baseTariff: row.g_base,
    logic1: Number(row.g_logic1),
    logic2: Number(row.g_logic2),
    logic3: Number(row.g_logic3),
  });
  const overrides = codeOverrides({
    baseTariff: row.c_base,
    logic1: row.c_logic1 === null ? null : Number(row.c_logic1),
    logic2: row.c_logic2 === null ? null : Number(row.c_logic2),
    logic3: row.c_logic3 === null ? null : Number(row.c_logic3),
  });
  return {
    partnerId: row.id,
    partnerName: row.name,
    tariffCodeId: row.tariff_code_id,
    tariffCode: row.tariff_code,
    tariffGroup: row.tariff_group ?? '',
    rule: resolveRule(group, overrides),
    inputMode: row.input_mode ?? 'auto',
    branchId: row.branch_id,
    taxName: row.tax_name ?? BRANCH_DEFAULTS.taxName,
    taxRate: row.tax_rate === null ? BRANCH_DEFAULTS.taxRate : Number(row.tax_rate),
  };
}

/**
 * The partner's terms. A partner that does not exist or is out of the caller's scope is a 404
 * 'Partner not found'; one without a tariff code a 422 (it cannot buy anything).
 */
export async function loadPartnerTerms(
  q: Queryable,
  partnerId: string,
  scope: PartnerScope,
): Promise<PartnerTerms> {
  if (!scope.all && scope.partnerId !== partnerId) throw new NotFoundError('Partner');
  return termsOf(rowsOf<TermsRow>(await q.execute(termsSql(partnerId)))[0]);
}

export interface PurchaseStart {
  /** The order already placed with the purchase's Idempotency-Key, if any. */
  existing: { id: string; requestHash: string } | null;
  /** The partner's terms; throws the refusals of loadPartnerTerms. */
  terms: () => PartnerTerms;
}

/** The statement of a purchase's start: the order holding the key, and the partner's terms. */
export function purchaseStartSql(partnerId: string, idempotencyKey: string): SQL {
  return sql`
    SELECT t.*, k.id AS existing_id, k.request_hash AS existing_hash
    FROM (SELECT 1) one
    LEFT JOIN (${termsSql(partnerId)}) t ON true
    LEFT JOIN orders k ON k.idempotency_key = ${idempotencyKey}::text`;
}

type PurchaseStartRow = Partial<TermsRow> & {
  existing_id: string | null;
  existing_hash: string | null;
};

/** The PurchaseStart of the row of purchaseStartSql. */
export function toPurchaseStart(
  row: Record<string, unknown> | undefined,
  partnerId: string,
  scope: PartnerScope,
): PurchaseStart {
  const start = row as PurchaseStartRow | undefined;
  const reachable = scope.all || scope.partnerId === partnerId;
  return {
    existing:
      start?.existing_id && start.existing_hash
        ? { id: start.existing_id, requestHash: start.existing_hash }
        : null,
    terms: () => {
      if (!reachable) throw new NotFoundError('Partner');
      return termsOf(start as TermsRow);
    },
  };
}

/**
 * What a purchase starts from, in one query: the order holding its Idempotency-Key (a replay
 * answers it whatever became of the partner since) and the partner's terms.
 */
export async function loadPurchaseStart(
  q: Queryable,
  partnerId: string,
  scope: PartnerScope,
  idempotencyKey: string,
): Promise<PurchaseStart> {
  const [row] = rowsOf<Record<string, unknown>>(
    await executePrepared(q, purchaseStartSql(partnerId, idempotencyKey)),
  );
  return toPurchaseStart(row, partnerId, scope);
}
