/** The orders area's order detail (a recent purchase's order). */
export const orderDetailPath = (id: string) => `/orders/detail?id=${encodeURIComponent(id)}`;
