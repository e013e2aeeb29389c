import { ROLE_IDS } from '@esim/contracts';
import type { AuthContext } from '../../http/define-route';

/**
 * Which partners' records a caller may reach (docs/partners.md, decision 0019):
 * - the reseller's staff (no partner bound): every partner;
 * - a partner's staff account (users.partner_id): that partner only;
 * - a user in administrators_partner bound to no partner: none (fail closed).
 */
export type PartnerScope =
  { readonly all: true } | { readonly all: false; readonly partnerId: string | null };

export const ALL_PARTNERS: PartnerScope = Object.freeze({ all: true });

export function partnerScopeOf(auth: Pick<AuthContext, 'partnerId' | 'roleId'>): PartnerScope {
  if (auth.partnerId) return { all: false, partnerId: auth.partnerId };
  if (auth.roleId === ROLE_IDS.partner) return { all: false, partnerId: null };
  return ALL_PARTNERS;
}

/** Whether the scope reaches this partner. */
export function scopeReaches(scope: PartnerScope, partnerId: string): boolean {
  return scope.all || scope.partnerId === partnerId;
}
