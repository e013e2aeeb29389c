import { Flex, Select, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { stockProductOptionsQuery } from '../../api';

export interface ChosenProduct {
  id: string;
  label: string | undefined;
}

/** Waits `ms` after the last change of `value`. */
function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** The wizard's first step: a stock product, searched by name or code. */
export function StockImportProductStep({
  chosen,
  onChoose,
}: {
  chosen: ChosenProduct | undefined;
  onChoose: (product: ChosenProduct) => void;
}) {
  const { t } = useTranslation(['stock', 'common']);
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebounced(search.trim(), 300);
  const products = useQuery(stockProductOptionsQuery(debouncedSearch));
  const options = (products.data?.items ?? []).map((item) => ({
    value: item.productId,
    label: `${item.productName} (${item.productCode}) · ${item.supplierName}`,
  }));
  if (chosen?.label && !options.some((item) => item.value === chosen.id)) {
    options.unshift({ value: chosen.id, label: chosen.label });
  }

  return (
    <Flex vertical gap="small">
      <label htmlFor="stock-import-product">
        <Typography.Text strong>{t('common:fields.productId')}</Typography.Text>
      </label>
      <Select
        id="stock-import-product"
        data-testid="stock-import-product"
        showSearch={{ filterOption: false, onSearch: setSearch }}
        placeholder={t('import.productPlaceholder')}
        value={chosen?.id}
        options={options}
        loading={products.isFetching}
        notFoundContent={products.isFetching ? t('common:loading') : t('import.noProducts')}
        onChange={(value: string, option) => {
          const picked = Array.isArray(option) ? option[0] : option;
          onChoose({
            id: value,
            label: typeof picked?.label === 'string' ? picked.label : undefined,
          });
        }}
        style={{ width: '100%' }}
        autoFocus
      />
      <Typography.Text type="secondary">{t('import.productHelp')}</Typography.Text>
    </Flex>
  );
}
