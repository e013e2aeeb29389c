import { Button, Card, Flex, Table } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EXCHANGE_RATE_SORT_COLUMNS,
  RESOURCES,
  type CurrentExchangeRate,
  type ExchangeRate,
  type ExchangeRateListQuery,
  type ExchangeRateSortColumn,
} from '@esim/contracts';
import { usePermission } from '@esim/platform';
import {
  DataTable,
  ListFilter,
  ListPage,
  ListSection,
  useListPage,
  type DataTableColumn,
  type UrlTableDefaults,
  listPageQuery,
} from '@esim/ui';
import { formatDate, formatDateTime } from '@esim/utils';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentRatesQuery, rateKeys, rateListQuery, tariffKeys } from '../api';
import { CurrencyTable } from '../rates/CurrencyTable';
import { rateText, useCurrencyOptions } from '../rates/currencyOptions';
import { ImportRatesDialog } from '../rates/ImportRatesDialog';
import { AddCurrencyDialog, AddRateDialog } from '../rates/RateDialogs';

const FILTERS = ['currency'] as const;
type Filter = (typeof FILTERS)[number];
const DEFAULTS: UrlTableDefaults = {
  sort: { column: 'effectiveDate', order: 'desc' },
  pageSize: 10,
  sortColumns: EXCHANGE_RATE_SORT_COLUMNS,
};

/** The latest rate of every currency, as of today. */
function CurrentRatesCard() {
  const { t, i18n } = useTranslation(['tariffs', 'common']);
  const current = useQuery(currentRatesQuery());
  return (
    <Card title={t('rates.current')} size="small">
      <Table<CurrentExchangeRate>
        size="small"
        rowKey="currency"
        loading={current.isFetching}
        dataSource={current.data ?? []}
        pagination={false}
        columns={[
          { key: 'currency', title: t('common:fields.isoCode'), dataIndex: 'currency' },
          { key: 'name', title: t('common:fields.currencyName'), dataIndex: 'currencyName' },
          {
            key: 'rate',
            title: t('rates.toJpy'),
            align: 'right',
            render: (_, r) => (
              <span data-testid={`current-rate-${r.currency}`}>{rateText(r.rate)}</span>
            ),
          },
          {
            key: 'date',
            title: t('common:fields.effectiveDate'),
            render: (_, r) => formatDate(r.effectiveDate, undefined, i18n.language),
          },
        ]}
      />
    </Card>
  );
}

/** /tariff/exchange-rates: current rates, history, add / import rates, the currency list. */
export function ExchangeRatesScreen() {
  const { t, i18n } = useTranslation(['tariffs', 'common']);
  const canCreate = usePermission(RESOURCES.exchangeRates, 'POST');
  const canEdit = usePermission(RESOURCES.exchangeRates, 'PUT');
  const queryClient = useQueryClient();
  const list = useListPage<Filter>(FILTERS, DEFAULTS);
  const { table, filters } = list;
  const [dialog, setDialog] = useState<'rate' | 'import' | 'currency' | null>(null);
  const currencyFilter = useCurrencyOptions();
  const query: ExchangeRateListQuery = useMemo(
    () => ({
      ...listPageQuery<ExchangeRateSortColumn>(table),
      ...(filters.currency ? { currency: filters.currency } : {}),
    }),
    [table, filters],
  );
  const history = useQuery(rateListQuery(query));

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: rateKeys.all });
    await queryClient.invalidateQueries({ queryKey: tariffKeys.all });
  };

  const historyColumns: DataTableColumn<ExchangeRate>[] = [
    {
      key: 'currency',
      title: t('common:fields.currency'),
      sortable: true,
      fixed: 'left',
      render: (_, r) => `${r.currency} - ${r.currencyName}`,
    },
    {
      key: 'rate',
      title: t('rates.rateColumn'),
      sortable: true,
      align: 'right',
      render: (_, r) => rateText(r.rate),
    },
    {
      key: 'effectiveDate',
      title: t('common:fields.effectiveDate'),
      sortable: true,
      render: (_, r) => formatDate(r.effectiveDate, undefined, i18n.language),
    },
    {
      key: 'createdDate',
      title: t('common:fields.createdDate'),
      sortable: true,
      render: (_, r) => formatDateTime(r.createdDate, i18n.language),
    },
    { key: 'createdBy', title: t('common:fields.createdBy'), dataIndex: 'createdBy' },
  ];

  return (
    <ListPage
      screen="exchange-rates"
      title={t('rates.title')}
      createAction={canCreate ? { label: t('rates.add'), run: () => setDialog('rate') } : undefined}
      headerExtra={
        canCreate && (
          <>
            <Button onClick={() => setDialog('import')} autoInsertSpace={false}>
              {t('rates.import')}
            </Button>
            <Button onClick={() => setDialog('currency')} autoInsertSpace={false}>
              {t('currencies.add')}
            </Button>
          </>
        )
      }
    >
      <Flex vertical gap="large">
        <CurrentRatesCard />
        <ListSection
          title={t('rates.history')}
          filters={
            <ListFilter
              list={list}
              filterKey="currency"
              label={t('common:fields.currency')}
              allLabel={t('rates.allCurrencies')}
              options={currencyFilter.options}
              onSearch={currencyFilter.setSearch}
              loading={currencyFilter.loading}
              minWidth={220}
            />
          }
        >
          <DataTable<ExchangeRate>
            columns={historyColumns}
            rows={history.data?.items ?? []}
            total={history.data?.total ?? 0}
            state={table}
            onChange={list.setTable}
            rowKey="id"
            loading={history.isFetching}
            error={history.isError ? history.error : undefined}
            onRetry={() => void history.refetch()}
            defaultSortColumn="effectiveDate"
            dateFilter
            emptyText={list.hasFilter ? t('rates.historyEmptyFiltered') : t('rates.historyEmpty')}
          />
        </ListSection>
        <CurrencyTable canEdit={canEdit} />
      </Flex>
      {dialog === 'rate' && <AddRateDialog onClose={() => setDialog(null)} />}
      {dialog === 'import' && (
        <ImportRatesDialog onClose={() => setDialog(null)} onSaved={refresh} />
      )}
      {dialog === 'currency' && <AddCurrencyDialog onClose={() => setDialog(null)} />}
    </ListPage>
  );
}

export default ExchangeRatesScreen;
