import { Alert } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  PRODUCT_PRICE_SORT_COLUMNS,
  RESOURCES,
  type ProductPriceListItem,
  type ProductPriceListQuery,
} from '@esim/contracts';
import { isApiError, usePermission } from '@esim/platform';
import {
  DataTable,
  OptionSelect,
  type DataTableColumn,
  type OptionItem,
  type UrlTableDefaults,
  ListPage,
  useExport,
  useListPage,
} from '@esim/ui';
import { ALL_VALUE } from '@esim/utils';
import { exportPrices, priceListQuery, tariffCodeOptionsQuery } from '../api';
import {
  CategoryFilter,
  CountryFilter,
  EnumFilter,
  SearchFilter,
  SupplierFilter,
} from '../components/filters';
import { percent, useProductFormat, yen } from '../format';
import { GrossProfit } from '../components/GrossProfit';
import { priceDetailUrl } from '../paths';
import { SpecialPrice } from '../components/SpecialPrice';

const FILTERS = ['search', 'supplierId', 'category', 'country', 'type', 'tariffCodeId'] as const;
type Filter = (typeof FILTERS)[number];
const DEFAULTS: UrlTableDefaults = {
  sort: { column: 'productCode', order: 'asc' },
  pageSize: 20,
  sortColumns: PRODUCT_PRICE_SORT_COLUMNS,
};

type MoneyKey = 'costJpy' | 'sellingPriceJpy' | 'tariffPrice' | 'tariffGrossProfit';

/** Tariff codes to choose from, grouped by profile. */
function TariffCodeFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const { t } = useTranslation(['products', 'common']);
  // Only for users who may list tariff codes; others never see a filter that cannot load.
  const canListCodes = usePermission(RESOURCES.tariffs, 'GET');
  const groups = useQuery({ ...tariffCodeOptionsQuery(), enabled: canListCodes });
  if (!canListCodes) return null;
  const options = (groups.data?.items ?? []).map((group) => ({
    label: `${group.tariffGroup} — ${group.name}`,
    title: group.tariffGroup,
    options: group.codes.map((code) => ({
      value: code.id,
      label: code.name ? `${code.tariffCode} (${code.name})` : code.tariffCode,
    })),
  }));
  return (
    <OptionSelect
      aria-label={t('common:fields.tariffCode')}
      includeAll
      allLabel={t('prices.noTariffCode')}
      options={options as unknown as OptionItem[]}
      value={value ?? ALL_VALUE}
      onChange={(next) => onChange(next === ALL_VALUE || next == null ? undefined : String(next))}
      loading={groups.isPending}
      showSearch
      popupMatchSelectWidth={false}
      style={{ minWidth: 200 }}
    />
  );
}

/** /products-price: every product's cost (JPY today), selling, special and gross profit. */
export function PriceListScreen() {
  const { t } = useTranslation(['products', 'common']);
  const format = useProductFormat();
  const list = useListPage<Filter>(FILTERS, DEFAULTS);
  const { table, filters, setTable, setFilter } = list;

  const query: ProductPriceListQuery = useMemo(
    () => ({
      page: table.page,
      pageSize: table.pageSize,
      ...(table.sort
        ? { sort: table.sort.column as ProductPriceListQuery['sort'], order: table.sort.order }
        : {}),
      ...(filters.search ? { search: filters.search } : {}),
      ...(filters.supplierId ? { supplierId: filters.supplierId } : {}),
      ...(filters.category ? { category: filters.category } : {}),
      ...(filters.country ? { country: filters.country } : {}),
      ...(filters.type ? { type: filters.type as ProductPriceListQuery['type'] } : {}),
      ...(filters.tariffCodeId ? { tariffCodeId: filters.tariffCodeId } : {}),
    }),
    [table, filters],
  );
  const result = useQuery(priceListQuery(query));
  const rows = result.data?.items ?? [];
  const code = result.data?.tariffCode ?? null;

  const money = (key: MoneyKey, title: string): DataTableColumn<ProductPriceListItem> => ({
    key: key === 'sellingPriceJpy' ? 'sellingPrice' : key,
    title,
    sortable: true,
    align: 'right',
    render: (_, row) => <span data-testid={`cell-${key}`}>{yen(row[key])}</span>,
  });
  const columns: DataTableColumn<ProductPriceListItem>[] = [
    {
      key: 'productCode',
      title: t('common:fields.productCode'),
      sortable: true,
      fixed: 'left',
      render: (_, row) => (
        <Link to={priceDetailUrl(row.productId)} data-testid="price-link">
          {row.productCode}
        </Link>
      ),
    },
    { key: 'name', title: t('common:fields.name'), sortable: true, dataIndex: 'name' },
    {
      key: 'supplierName',
      title: t('common:fields.supplierId'),
      sortable: true,
      dataIndex: 'supplierName',
      defaultHidden: true,
    },
    {
      key: 'category',
      title: t('common:fields.category'),
      sortable: true,
      defaultHidden: true,
      render: (_, row) => row.category ?? yen(null),
    },
    {
      key: 'type',
      title: t('common:fields.type'),
      sortable: true,
      defaultHidden: true,
      render: (_, row) => t(`type.${row.type}`),
    },
    {
      key: 'dataMb',
      title: t('common:fields.data'),
      sortable: true,
      align: 'right',
      defaultHidden: true,
      render: (_, row) => format.data(row.dataMb),
    },
    {
      key: 'durationDays',
      title: t('common:fields.duration'),
      sortable: true,
      align: 'right',
      defaultHidden: true,
      render: (_, row) => format.duration(row.durationDays),
    },
    {
      key: 'cost',
      title: t('common:fields.cost'),
      sortable: true,
      align: 'right',
      defaultHidden: true,
      render: (_, row) => format.money(row.costMinor, row.costCurrency),
    },
    money('costJpy', t('common:fields.costJpy')),
    money('sellingPriceJpy', t('common:fields.sellingPrice')),
    {
      key: 'specialPrice',
      title: t('common:fields.specialPrice'),
      sortable: true,
      align: 'right',
      render: (_, row) => (
        <SpecialPrice
          price={row.specialPriceJpy}
          active={row.specialActive}
          period={format.period(row.specialFrom, row.specialTo)}
        />
      ),
    },
    {
      key: 'grossProfit',
      title: t('common:fields.grossProfit'),
      sortable: true,
      align: 'right',
      render: (_, row) => <GrossProfit figures={row} unit="yen" testId="cell-grossProfit" />,
    },
    {
      key: 'grossProfitPercent',
      title: t('common:fields.grossProfitPercent'),
      sortable: true,
      align: 'right',
      render: (_, row) => (
        <GrossProfit figures={row} unit="percent" testId="cell-grossProfitPercent" />
      ),
    },
  ];
  if (code) {
    columns.push(
      money('tariffPrice', t('prices.tariffPrice', { code: code.tariffCode })),
      money('tariffGrossProfit', t('prices.tariffGrossProfit', { code: code.tariffCode })),
      {
        key: 'tariffGrossProfitPercent',
        title: t('prices.tariffGrossProfitPercent', { code: code.tariffCode }),
        sortable: true,
        align: 'right',
        render: (_, row) => percent(row.tariffGrossProfitPercent),
      },
    );
  }

  const { exporting, runExport } = useExport(
    useCallback(() => exportPrices(query), [query]),
    t('list.exportSuccess'),
  );

  const filterProps = (key: Filter) => ({
    value: filters[key],
    onChange: (value: string | undefined) => setFilter(key, value),
  });
  const hasFilter = list.hasFilter;
  // A missing exchange rate makes the list impossible to price (422 naming the currency pair).
  const missingRate =
    isApiError(result.error) && result.error.status === 422 ? result.error.message : null;

  return (
    <ListPage
      screen="product-price-list"
      title={t('prices.title')}
      exportAction={{ label: t('list.export'), exporting, run: () => void runExport() }}
      filters={
        <>
          <SearchFilter
            {...filterProps('search')}
            label={t('prices.search')}
            placeholder={t('prices.searchPlaceholder')}
          />
          <SupplierFilter {...filterProps('supplierId')} />
          <CategoryFilter
            {...filterProps('category')}
            suggestions={rows.map((row) => row.category)}
          />
          <CountryFilter {...filterProps('country')} />
          <EnumFilter kind="type" {...filterProps('type')} />
          <TariffCodeFilter {...filterProps('tariffCodeId')} />
        </>
      }
    >
      {missingRate && <Alert type="error" showIcon title={missingRate} />}
      <DataTable<ProductPriceListItem>
        columns={columns}
        rows={rows}
        total={result.data?.total ?? 0}
        state={table}
        onChange={setTable}
        rowKey="productId"
        tableId="product-price-list"
        loading={result.isFetching}
        error={result.isError ? result.error : undefined}
        onRetry={() => void result.refetch()}
        defaultSortColumn="productCode"
        emptyText={hasFilter ? t('list.emptyFiltered') : t('prices.empty')}
        scroll={{ x: 'max-content' }}
      />
    </ListPage>
  );
}

export default PriceListScreen;
