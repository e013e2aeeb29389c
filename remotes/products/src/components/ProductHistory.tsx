import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EntityHistoryTab, useHistoryPaging } from '@esim/ui';
import { productHistoryQuery, supplierOptionsQuery } from '../api';
import { useProductFormat, yen } from '../format';

const JPY_FIELDS = new Set(['sellingPriceJpy', 'specialPriceJpy', 'costJpy']);
const ENUM_FIELDS = new Set(['type', 'network', 'status', 'apnType']);
/** Supplier amounts in minor units of the product's cost currency. */
const MINOR_FIELDS = new Set(['costMinor', 'priceMinor']);

/** The product's History tab (GET product/history): who, when, each field's old -> new value. */
export function ProductHistory({
  productId,
  costCurrency,
}: {
  productId: string;
  /** Amounts in minor units are shown in it (the currency of today, also for older entries). */
  costCurrency: string;
}) {
  const { t } = useTranslation(['products', 'common']);
  const { money } = useProductFormat();
  const paging = useHistoryPaging();
  const query = useQuery(productHistoryQuery(productId, paging.page, paging.pageSize));
  const suppliers = useQuery(supplierOptionsQuery());
  const supplierName = (id: string) =>
    suppliers.data?.items.find((supplier) => supplier.id === id)?.name ?? id;
  return (
    <EntityHistoryTab
      query={query}
      paging={paging}
      fieldLabel={(field) =>
        t(`fields.${field}`, { defaultValue: t(`common:fields.${field}`, { defaultValue: field }) })
      }
      formatValue={(field, value) => {
        if (field === 'supplierId' && typeof value === 'string') return supplierName(value);
        if (JPY_FIELDS.has(field) && typeof value === 'number') return `${yen(value)} JPY`;
        if (MINOR_FIELDS.has(field) && typeof value === 'number') return money(value, costCurrency);
        if (field === 'source' && value === 'supplier sync') return t('historySource.supplierSync');
        if (ENUM_FIELDS.has(field) && typeof value === 'string')
          return t(`${field}.${value}`, { defaultValue: value });
        if (Array.isArray(value)) return value.map(String).join(', ');
        if (typeof value === 'string') return value;
        return typeof value === 'number' || typeof value === 'boolean'
          ? String(value)
          : JSON.stringify(value);
      }}
    />
  );
}
