/** The area's routes (manifest.ts) as links. */
export const LIST_PATH = '/campaign-code';
export const detailPath = (id: string) => `/campaign-code/detail?id=${encodeURIComponent(id)}`;
/** The orders area's order detail (a redemption's order). */
export const orderDetailPath = (id: string) => `/orders/detail?id=${encodeURIComponent(id)}`;
