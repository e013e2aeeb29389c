export {
  isAddressAllowed,
  isPublicAddress,
  parseAllowList,
  parseAllowRule,
  type AllowRule,
} from './address-policy';
export { checkOutboundUrl, type OutboundUrlVerdict } from './check-url';
export { OutboundBlockedError } from './errors';
export { createOutboundFetch, type OutboundFetch } from './outbound-fetch';
