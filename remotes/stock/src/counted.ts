import { formatNumber } from '@esim/utils';

/** i18next options of a counted text: `count` picks the plural form, `n` is shown formatted. */
export const counted = (count: number) => ({ count, n: formatNumber(count) });
