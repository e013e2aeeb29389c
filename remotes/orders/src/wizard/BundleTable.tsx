import { PlusOutlined } from '@esim/ui/icons';
import { Button, Flex, Input, Tag, Tooltip, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import {
  PURCHASABLE_SORT_COLUMNS,
  type PurchasableListInput,
  type PurchasableProduct,
} from '@esim/contracts';
import { countriesQuery } from '@esim/platform';
import {
  DataTable,
  OptionSelect,
  initialTableState,
  type DataTableColumn,
  type DataTableState,
} from '@esim/ui';
import { ALL_VALUE } from '@esim/utils';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bundleListQuery } from '../api';
import { coverageText, useOrderFormat, yen } from '../format';
import { addProblem, type BasketLine } from './basket';

type BundleType = NonNullable<PurchasableListInput['type']>;
const SORTABLE = new Set<string>(PURCHASABLE_SORT_COLUMNS);

/** The bundles the partner can buy, searched, filtered, sorted and paged on the server. */
export function BundleTable({
  partnerId,
  lines,
  onAdd,
}: {
  partnerId: string;
  lines: readonly BasketLine[];
  onAdd: (product: PurchasableProduct) => void;
}) {
  const { t } = useTranslation(['orders', 'common']);
  const format = useOrderFormat();
  const [table, setTable] = useState<DataTableState>(() =>
    initialTableState({ column: 'productCode', order: 'asc' }),
  );
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [type, setType] = useState<BundleType | undefined>();
  const [country, setCountry] = useState<string | undefined>();
  const countries = useQuery(countriesQuery());

  const query = useMemo(
    (): PurchasableListInput => ({
      partnerId,
      page: table.page,
      pageSize: table.pageSize,
      ...(table.sort && SORTABLE.has(table.sort.column)
        ? { sort: table.sort.column as PurchasableListInput['sort'], order: table.sort.order }
        : {}),
      ...(search ? { search } : {}),
      ...(type ? { type } : {}),
      ...(country ? { country } : {}),
    }),
    [partnerId, table, search, type, country],
  );
  const result = useQuery(bundleListQuery(query));
  const firstPage = (next: () => void) => {
    next();
    setTable((current) => ({ ...current, page: 1 }));
  };

  const countryOptions = (countries.data ?? []).map((item) => ({
    value: item.code,
    label: `${item.nameEnglish} (${item.code})`,
  }));

  const columns: DataTableColumn<PurchasableProduct>[] = [
    {
      key: 'name',
      title: t('common:fields.productName'),
      sortable: true,
      fixed: 'left',
      render: (_, row) => (
        <Flex vertical>
          <span>{row.name}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.productCode}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'productCode',
      title: t('common:fields.productCode'),
      sortable: true,
      defaultHidden: true,
      dataIndex: 'productCode',
    },
    {
      key: 'coverage',
      title: t('common:fields.coverage'),
      render: (_, row) => (
        <Tooltip title={row.coverage.join(', ')}>
          <span>{coverageText(row.coverage)}</span>
        </Tooltip>
      ),
    },
    {
      key: 'dataMb',
      title: t('common:fields.data'),
      sortable: true,
      render: (_, row) => format.data(row.dataMb),
    },
    {
      key: 'durationDays',
      title: t('common:fields.duration'),
      sortable: true,
      render: (_, row) => format.duration(row.durationDays),
    },
    {
      key: 'type',
      title: t('common:fields.type'),
      render: (_, row) => <Tag>{t(`bundleType.${row.type}`)}</Tag>,
    },
    {
      key: 'unitPrice',
      title: t('lines.unitPrice'),
      sortable: true,
      align: 'right',
      render: (_, row) => yen(row.unitPrice),
    },
    {
      key: 'available',
      title: t('bundles.available'),
      sortable: true,
      align: 'right',
      render: (_, row) =>
        row.available === null ? (
          <Tag color="blue">{t('bundles.onDemand')}</Tag>
        ) : row.available === 0 ? (
          <Tag color="red">{t('bundles.outOfStock')}</Tag>
        ) : (
          row.available.toLocaleString('en-US')
        ),
    },
    {
      key: 'add',
      title: t('bundles.basketColumn'),
      fixed: 'right',
      render: (_, row) => {
        const problem = addProblem(lines, row);
        const button = (
          <Button
            size="small"
            icon={<PlusOutlined />}
            disabled={problem !== null}
            onClick={() => onAdd(row)}
            aria-label={t('bundles.addNamed', { name: row.name })}
            data-testid="bundle-add"
            autoInsertSpace={false}
          >
            {t('bundles.add')}
          </Button>
        );
        return problem ? (
          <Tooltip title={t(`bundles.problem.${problem}`)}>{button}</Tooltip>
        ) : (
          button
        );
      },
    },
  ];

  return (
    <Flex vertical gap="small" data-testid="bundle-table">
      <Flex gap="small" wrap role="search">
        <Input.Search
          aria-label={t('bundles.search')}
          placeholder={t('bundles.search')}
          allowClear
          value={searchText}
          maxLength={100}
          onChange={(event) => setSearchText(event.target.value)}
          onSearch={(value) => firstPage(() => setSearch(value.trim()))}
          style={{ width: 260 }}
        />
        <OptionSelect
          aria-label={t('common:fields.type')}
          includeAll
          allLabel={t('bundles.allTypes')}
          value={type ?? ALL_VALUE}
          options={(['daypass', 'package'] as const).map((value) => ({
            value,
            label: t(`bundleType.${value}`),
          }))}
          onChange={(value: string) =>
            firstPage(() => setType(value === ALL_VALUE ? undefined : (value as BundleType)))
          }
          style={{ minWidth: 150 }}
        />
        <OptionSelect
          aria-label={t('bundles.country')}
          includeAll
          allLabel={t('bundles.allCountries')}
          showSearch
          loading={countries.isLoading}
          value={country ?? ALL_VALUE}
          options={countryOptions}
          onChange={(value: string) =>
            firstPage(() => setCountry(value === ALL_VALUE ? undefined : value))
          }
          style={{ minWidth: 200 }}
        />
      </Flex>
      <DataTable<PurchasableProduct>
        columns={columns}
        rows={result.data?.items ?? []}
        total={result.data?.total ?? 0}
        state={table}
        onChange={setTable}
        rowKey="productId"
        tableId="order-bundles"
        loading={result.isFetching}
        error={result.isError ? result.error : undefined}
        onRetry={() => void result.refetch()}
        defaultSortColumn="productCode"
        emptyText={search || type || country ? t('bundles.emptyFiltered') : t('bundles.empty')}
        size="small"
      />
    </Flex>
  );
}
