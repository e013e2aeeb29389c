import { Flex, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  PRODUCT_SORT_COLUMNS,
  RESOURCES,
  type ProductListItem,
  type ProductListQuery,
} from '@esim/contracts';
import { usePermission } from '@esim/platform';
import {
  DataTable,
  type DataTableColumn,
  type UrlTableDefaults,
  ListPage,
  useExport,
  useListPage,
  listPageQuery,
} from '@esim/ui';
import { displayValue } from '@esim/utils';
import { exportProducts, productListQuery } from '../api';
import { CreateProductDrawer } from '../components/CreateProductDrawer';
import { SpecialPrice } from '../components/SpecialPrice';
import {
  CategoryFilter,
  CountryFilter,
  EnumFilter,
  LabelFilter,
  SearchFilter,
  SupplierFilter,
} from '../components/filters';
import { useProductFormat, yen } from '../format';
import { GrossProfit } from '../components/GrossProfit';
import { PRODUCT_DETAIL_PATH } from '../paths';

const FILTERS = [
  'search',
  'supplierId',
  'category',
  'type',
  'network',
  'label',
  'country',
  'status',
] as const;
type Filter = (typeof FILTERS)[number];
const DEFAULTS: UrlTableDefaults = {
  sort: { column: 'productCode', order: 'asc' },
  pageSize: 20,
  sortColumns: PRODUCT_SORT_COLUMNS,
};

/** /products: the catalogue, filtered (URL), sorted and paged on the server; CSV export. */
export function ProductListScreen() {
  const { t } = useTranslation(['products', 'common']);
  const format = useProductFormat();
  const list = useListPage<Filter>(FILTERS, DEFAULTS);
  const { table, filters, setTable, setFilter } = list;
  const canCreate = usePermission(RESOURCES.products, 'POST');
  const [creating, setCreating] = useState(false);

  const query: ProductListQuery = useMemo(
    () => ({
      ...listPageQuery<NonNullable<ProductListQuery['sort']>>(table),
      ...(filters.search ? { search: filters.search } : {}),
      ...(filters.supplierId ? { supplierId: filters.supplierId } : {}),
      ...(filters.category ? { category: filters.category } : {}),
      ...(filters.type ? { type: filters.type as ProductListQuery['type'] } : {}),
      ...(filters.network ? { network: filters.network as ProductListQuery['network'] } : {}),
      ...(filters.label ? { label: filters.label } : {}),
      ...(filters.country ? { country: filters.country } : {}),
      ...(filters.status ? { status: filters.status as ProductListQuery['status'] } : {}),
    }),
    [table, filters],
  );
  const result = useQuery(productListQuery(query));
  const rows = result.data?.items ?? [];

  const money = (key: 'costJpy'): DataTableColumn<ProductListItem> => ({
    key,
    title: t(`common:fields.${key}`),
    sortable: true,
    align: 'right',
    render: (_, row) => <span data-testid={`cell-${key}`}>{yen(row[key])}</span>,
  });
  const columns: DataTableColumn<ProductListItem>[] = [
    {
      key: 'name',
      title: t('common:fields.name'),
      sortable: true,
      fixed: 'left',
      render: (_, row) => (
        <Link
          to={`${PRODUCT_DETAIL_PATH}?id=${encodeURIComponent(row.id)}`}
          data-testid="product-link"
        >
          {row.name}
        </Link>
      ),
    },
    {
      key: 'productCode',
      title: t('common:fields.productCode'),
      sortable: true,
      dataIndex: 'productCode',
    },
    {
      key: 'supplierName',
      title: t('common:fields.supplierId'),
      sortable: true,
      dataIndex: 'supplierName',
      defaultHidden: true,
    },
    {
      key: 'cost',
      title: t('common:fields.cost'),
      sortable: true,
      align: 'right',
      defaultHidden: true,
      render: (_, row) => format.money(row.costMinor, row.costCurrency),
    },
    { ...money('costJpy'), defaultHidden: true },
    {
      key: 'sellingPrice',
      title: t('common:fields.sellingPrice'),
      sortable: true,
      align: 'right',
      render: (_, row) => <span data-testid="cell-sellingPrice">{yen(row.sellingPriceJpy)}</span>,
    },
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
      key: 'labels',
      title: t('common:fields.labels'),
      sortable: true,
      defaultHidden: true,
      render: (_, row) =>
        row.labels.length === 0 ? (
          displayValue(null)
        ) : (
          <Flex gap={4} wrap data-testid="cell-labels">
            {row.labels.map((label) => (
              <Tag key={label} color="blue" style={{ marginInlineEnd: 0 }}>
                {label}
              </Tag>
            ))}
          </Flex>
        ),
    },
  ];

  const { exporting, runExport } = useExport(
    useCallback(() => exportProducts(query), [query]),
    t('list.exportSuccess'),
  );

  const hasFilter = list.hasFilter;
  const filterProps = (key: Filter) => ({
    value: filters[key],
    onChange: (value: string | undefined) => setFilter(key, value),
  });

  return (
    <ListPage
      screen="product-list"
      title={t('list.title')}
      exportAction={{ label: t('list.export'), exporting, run: () => void runExport() }}
      createAction={
        canCreate ? { label: t('list.create'), run: () => setCreating(true) } : undefined
      }
      filters={
        <>
          <SearchFilter
            {...filterProps('search')}
            label={t('list.search')}
            placeholder={t('list.searchPlaceholder')}
          />
          <SupplierFilter {...filterProps('supplierId')} />
          <CategoryFilter
            {...filterProps('category')}
            suggestions={rows.map((row) => row.category)}
          />
          <EnumFilter kind="type" {...filterProps('type')} />
          <EnumFilter kind="network" {...filterProps('network')} />
          <LabelFilter {...filterProps('label')} />
          <CountryFilter {...filterProps('country')} />
          <EnumFilter kind="status" {...filterProps('status')} />
        </>
      }
    >
      <DataTable<ProductListItem>
        columns={columns}
        rows={rows}
        total={result.data?.total ?? 0}
        state={table}
        onChange={setTable}
        rowKey="id"
        tableId="product-list"
        loading={result.isFetching}
        error={result.isError ? result.error : undefined}
        onRetry={() => void result.refetch()}
        defaultSortColumn="productCode"
        dateFilter
        emptyText={hasFilter ? t('list.emptyFiltered') : t('list.empty')}
        scroll={{ x: 'max-content' }}
      />
      {creating && <CreateProductDrawer onClose={() => setCreating(false)} />}
    </ListPage>
  );
}

export default ProductListScreen;
