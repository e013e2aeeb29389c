/** The supplier area's view of the outbound guard: one policy per service, from the config. */
import type { AppConfig } from '../../config';
import {
  checkOutboundUrl,
  createOutboundFetch,
  parseAllowList,
  type OutboundFetch,
} from '../../connectors/outbound';

export interface SupplierOutbound {
  fetch: OutboundFetch;
  /** false when the base URL's host is, or resolves to, an address calls may not reach. */
  baseUrlAllowed(baseUrl: string): Promise<boolean>;
}

export function supplierOutbound(config: Pick<AppConfig, 'outboundAllowList'>): SupplierOutbound {
  const rules = parseAllowList(config.outboundAllowList);
  return {
    fetch: createOutboundFetch(rules),
    baseUrlAllowed: async (baseUrl) => (await checkOutboundUrl(baseUrl, rules)) !== 'blocked',
  };
}
