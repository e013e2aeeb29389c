import { Button, Tag } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CURRENCY_SORT_COLUMNS,
  type CurrencyListItem,
  type CurrencyListQuery,
  type CurrencySortColumn,
} from '@esim/contracts';
import {
  DataTable,
  ListSearch,
  ListSection,
  confirm,
  useListPage,
  type DataTableColumn,
  type UrlTableDefaults,
} from '@esim/ui';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { currencyListQuery } from '../api';
import { rateMutations } from '../mutations';
import { rateText } from './currencyOptions';

const FILTERS = ['search'] as const;
type Filter = (typeof FILTERS)[number];
const DEFAULTS: UrlTableDefaults = {
  sort: { column: 'isoCode', order: 'asc' },
  pageSize: 10,
  sortColumns: CURRENCY_SORT_COLUMNS,
};
/** The rate history keeps its view in the URL's plain keys; this list under currencies.*. */
const URL_OPTIONS = { urlPrefix: 'currencies' };

/** The currency list (roundCurrency): add, retire and restore (deleteFlag). */
export function CurrencyTable({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation(['tariffs', 'common']);
  const retireOrRestore = useMutation(rateMutations.updateCurrency(useQueryClient()));
  const list = useListPage<Filter>(FILTERS, DEFAULTS, URL_OPTIONS);
  const { table, filters } = list;
  const query: CurrencyListQuery = useMemo(
    () => ({
      page: table.page,
      pageSize: table.pageSize,
      ...(table.sort
        ? { sort: table.sort.column as CurrencySortColumn, order: table.sort.order }
        : {}),
      ...(filters.search ? { search: filters.search } : {}),
    }),
    [table, filters],
  );
  const result = useQuery(currencyListQuery(query));
  const toggle = async (item: CurrencyListItem) => {
    const retire = !item.deleteFlag;
    const ok = await confirm({
      title: t(retire ? 'currencies.retireTitle' : 'currencies.restoreTitle', {
        code: item.isoCode,
      }),
      description: t(retire ? 'currencies.retireDescription' : 'currencies.restoreDescription'),
      danger: retire,
    });
    if (!ok) return;
    // A refusal is shown by the API client; the list stays as it is.
    await retireOrRestore
      .mutateAsync({ isoCode: item.isoCode, deleteFlag: retire })
      .catch(() => undefined);
  };
  const columns: DataTableColumn<CurrencyListItem>[] = [
    {
      key: 'isoCode',
      title: t('common:fields.isoCode'),
      sortable: true,
      dataIndex: 'isoCode',
      fixed: 'left',
    },
    { key: 'name', title: t('common:fields.currencyName'), sortable: true, dataIndex: 'name' },
    {
      key: 'minorUnits',
      title: t('common:fields.minorUnits'),
      sortable: true,
      dataIndex: 'minorUnits',
    },
    {
      key: 'currentRate',
      title: t('rates.toJpy'),
      align: 'right',
      render: (_, r) => (r.isDefault ? t('rates.base') : rateText(r.currentRate)),
    },
    {
      key: 'status',
      title: t('common:fields.status'),
      render: (_, r) => (
        <Tag color={r.deleteFlag ? 'default' : 'green'}>
          {t(r.deleteFlag ? 'currencies.retired' : 'currencies.active')}
        </Tag>
      ),
    },
    {
      key: 'actions',
      title: t('currencies.actions'),
      fixed: 'right',
      render: (_, r) =>
        canEdit && !r.isDefault ? (
          <Button
            size="small"
            danger={!r.deleteFlag}
            onClick={() => void toggle(r)}
            autoInsertSpace={false}
          >
            {t(r.deleteFlag ? 'currencies.restore' : 'currencies.retire')}
          </Button>
        ) : null,
    },
  ];
  return (
    <ListSection
      title={t('currencies.title')}
      filters={<ListSearch list={list} label={t('currencies.search')} />}
    >
      <DataTable<CurrencyListItem>
        columns={columns}
        rows={result.data?.items ?? []}
        total={result.data?.total ?? 0}
        state={table}
        onChange={list.setTable}
        rowKey="isoCode"
        loading={result.isFetching}
        error={result.isError ? result.error : undefined}
        onRetry={() => void result.refetch()}
        defaultSortColumn="isoCode"
        emptyText={list.hasFilter ? t('currencies.emptyFiltered') : undefined}
      />
    </ListSection>
  );
}
