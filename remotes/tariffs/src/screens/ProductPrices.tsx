import { Alert, Button, Input, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  TARIFF_PRODUCT_SORT_COLUMNS,
  encodeMessage,
  tariffProductPriceSchema,
  type TariffProductItem,
  type TariffProductSortColumn,
} from '@esim/contracts';
import { isApiError, useMoneyFormat } from '@esim/platform';
import {
  DataTable,
  FormDialog,
  FormNumberField,
  useUrlListState,
  useValibotForm,
  type DataTableColumn,
} from '@esim/ui';
import { displayValue, formatNumber } from '@esim/utils';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { productListQuery } from '../api';
import { tariffMutations } from '../mutations';

const FILTERS = ['search'] as const;
const DEFAULTS = { sort: null, sortColumns: TARIFF_PRODUCT_SORT_COLUMNS, pageSize: 20 };
const yen = (value: number | null) => displayValue(formatNumber(value) || null);

/** The product list of one code: cost, computed / manual / selling price, profit (server-sorted). */
export function ProductPrices({ tariffCode, canEdit }: { tariffCode: string; canEdit: boolean }) {
  const { t } = useTranslation(['tariffs', 'common']);
  const { table, filters, setTable, setFilter } = useUrlListState(FILTERS, DEFAULTS);
  const [search, setSearch] = useState(filters.search ?? '');
  const [editing, setEditing] = useState<TariffProductItem | null>(null);
  const formatMoney = useMoneyFormat();
  const query = useQuery(
    productListQuery({
      tariffCode,
      page: table.page,
      pageSize: table.pageSize,
      sort: table.sort?.column as TariffProductSortColumn | undefined,
      order: table.sort?.order,
      search: filters.search,
    }),
  );

  const money = (
    key: keyof TariffProductItem & TariffProductSortColumn,
  ): DataTableColumn<TariffProductItem> => ({
    key,
    title: t(`common:fields.${key}`),
    sortable: true,
    align: 'right',
    render: (_, row) => <span data-testid={`cell-${key}`}>{yen(row[key] as number | null)}</span>,
  });
  const columns: DataTableColumn<TariffProductItem>[] = [
    {
      key: 'productCode',
      title: t('common:fields.productCode'),
      sortable: true,
      dataIndex: 'productCode',
      fixed: 'left',
    },
    { key: 'name', title: t('common:fields.name'), sortable: true, dataIndex: 'name' },
    {
      key: 'supplierName',
      title: t('common:fields.supplierName'),
      sortable: true,
      dataIndex: 'supplierName',
    },
    {
      key: 'cost',
      title: t('common:fields.cost'),
      sortable: true,
      align: 'right',
      render: (_, row) => (
        <span data-testid="cell-cost">
          {`${formatMoney(row.costMinor, row.costCurrency)} @ ${formatNumber(row.exchangeRate, { maxDecimals: 6 })}`}
        </span>
      ),
    },
    money('costJpy'),
    money('computedPrice'),
    {
      ...money('manualPrice'),
      render: (_, row) =>
        canEdit ? (
          <Button
            type="link"
            size="small"
            data-testid="edit-price"
            aria-label={t('products.editPrice', { code: row.productCode })}
            onClick={() => setEditing(row)}
          >
            {row.manualPrice === null ? t('products.setPrice') : formatNumber(row.manualPrice)}
          </Button>
        ) : (
          yen(row.manualPrice)
        ),
    },
    money('sellingPrice'),
    money('grossProfit'),
    {
      key: 'grossProfitPercent',
      title: t('common:fields.grossProfitPercent'),
      sortable: true,
      align: 'right',
      render: (_, row) =>
        row.grossProfitPercent === null
          ? displayValue(null)
          : `${formatNumber(row.grossProfitPercent, { fixedDecimals: 2 })}%`,
    },
  ];

  const missingRate =
    isApiError(query.error) && query.error.status === 422 ? query.error.message : null;

  return (
    <>
      {missingRate && <Alert type="error" showIcon title={missingRate} />}
      <DataTable
        columns={columns}
        rows={query.data?.items ?? []}
        total={query.data?.total ?? 0}
        state={table}
        onChange={setTable}
        rowKey="productId"
        tableId="tariff-products"
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        scroll={{ x: true }}
        toolbar={
          <Input.Search
            aria-label={t('products.search')}
            placeholder={t('products.search')}
            allowClear
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            onSearch={(value) => setFilter('search', value.trim())}
            style={{ maxWidth: 320 }}
          />
        }
      />
      {editing && (
        <PriceDialog tariffCode={tariffCode} product={editing} onClose={() => setEditing(null)} />
      )}
    </>
  );
}

/** A manual price for one product of the code (whole JPY above the cost), or Clear to drop it. */
function PriceDialog({
  tariffCode,
  product,
  onClose,
}: {
  tariffCode: string;
  product: TariffProductItem;
  onClose: () => void;
}) {
  const { t } = useTranslation(['tariffs', 'common']);
  const queryClient = useQueryClient();
  const form = useValibotForm(tariffProductPriceSchema, {
    defaultValues: {
      tariffCode,
      productId: product.productId,
      sellingPriceJpy: product.manualPrice,
    },
  });
  const mutation = useMutation(tariffMutations.saveProductPrice(queryClient));
  const save = (sellingPriceJpy: number | null) =>
    mutation.mutateAsync({ tariffCode, productId: product.productId, sellingPriceJpy });
  const aboveCost = ({ sellingPriceJpy }: { sellingPriceJpy?: number | null }) => {
    if (sellingPriceJpy === undefined || sellingPriceJpy === null) return true;
    if (sellingPriceJpy > product.costJpy) return true;
    form.setError('sellingPriceJpy', {
      type: 'validate',
      message: encodeMessage('sellingAboveCost'),
    });
    return false;
  };
  return (
    <FormDialog
      form={form}
      title={t('products.priceTitle', { code: product.productCode })}
      onSubmit={(values) => save(values.sellingPriceJpy ?? null)}
      onClose={onClose}
      validate={aboveCost}
      dangerAction={{
        label: t('products.clearPrice'),
        hidden: product.manualPrice === null,
        run: () => save(null),
      }}
    >
      <Typography.Paragraph>
        {t('products.costHint', { cost: formatNumber(product.costJpy) })}
      </Typography.Paragraph>
      <FormNumberField
        control={form.control}
        name="sellingPriceJpy"
        label={t('common:fields.sellingPriceJpy')}
        decimals={0}
        suffix="JPY"
        required
        maxLength={10}
      />
    </FormDialog>
  );
}
