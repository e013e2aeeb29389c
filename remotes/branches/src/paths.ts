import type { IssuerCountry } from '@esim/contracts';

/** The area's routes (manifest.ts) as links. */
export const LIST_PATH = '/branch-master';
export const REGISTER_PATH = '/branch-master/register';
export const detailPath = (id: string, tab?: string) =>
  `/branch-master/detail?id=${encodeURIComponent(id)}${tab ? `&tab=${tab}` : ''}`;
/** /branch-master/item/register/{branchType}: the branch type is the issuer's country (jp, th, de). */
export const issuerRegisterPath = (country: IssuerCountry, branchId: string) =>
  `/branch-master/item/register/${country.toLowerCase()}?branchId=${encodeURIComponent(branchId)}`;
