import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Space, Table, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EXCHANGE_RATE_SORT_COLUMNS,
  RESOURCES,
  type CurrentExchangeRate,
  type ExchangeRate,
  type ExchangeRateSortColumn,
} from '@esim/contracts';
import { usePermission } from '@esim/platform';
import { DataTable, OptionSelect, useUrlListState, type DataTableColumn } from '@esim/ui';
import { formatDate, formatDateTime } from '@esim/utils';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentRatesQuery, rateKeys, rateListQuery, tariffKeys } from '../api';
import { CurrencyTable } from '../rates/CurrencyTable';
import { rateText, useCurrencyOptions } from '../rates/currencyOptions';
import { ImportRatesDialog } from '../rates/ImportRatesDialog';
import { AddCurrencyDialog, AddRateDialog } from '../rates/RateDialogs';

const FILTERS = ['currency'] as const;
const DEFAULTS = {
  sort: { column: 'effectiveDate', order: 'desc' as const },
  sortColumns: EXCHANGE_RATE_SORT_COLUMNS,
};
/** /tariff/exchange-rates: current rates, history, add / import rates, the currency list. */
export function ExchangeRatesScreen() {
  const { t, i18n } = useTranslation(['tariffs', 'common']);
  const canCreate = usePermission(RESOURCES.exchangeRates, 'POST');
  const canEdit = usePermission(RESOURCES.exchangeRates, 'PUT');
  const queryClient = useQueryClient();
  const { table, filters, setTable, setFilter } = useUrlListState(FILTERS, DEFAULTS);
  const [dialog, setDialog] = useState<'rate' | 'import' | 'currency' | null>(null);
  const current = useQuery(currentRatesQuery());
  const currencyFilter = useCurrencyOptions();
  const history = useQuery(
    rateListQuery({
      page: table.page,
      pageSize: table.pageSize,
      sort: table.sort?.column as ExchangeRateSortColumn | undefined,
      order: table.sort?.order,
      from: table.from,
      to: table.to,
      currency: filters.currency,
    }),
  );

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
    <Flex vertical gap="large" data-testid="area-screen" data-screen="exchange-rates">
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('rates.title')}
        </Typography.Title>
        {canCreate && (
          <Space wrap>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setDialog('rate')}
              autoInsertSpace={false}
            >
              {t('rates.add')}
            </Button>
            <Button onClick={() => setDialog('import')} autoInsertSpace={false}>
              {t('rates.import')}
            </Button>
            <Button onClick={() => setDialog('currency')} autoInsertSpace={false}>
              {t('currencies.add')}
            </Button>
          </Space>
        )}
      </Flex>
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
      <Card title={t('rates.history')} size="small">
        <DataTable
          columns={historyColumns}
          rows={history.data?.items ?? []}
          total={history.data?.total ?? 0}
          state={table}
          onChange={setTable}
          rowKey="id"
          loading={history.isFetching}
          error={history.error}
          onRetry={() => void history.refetch()}
          defaultSortColumn="effectiveDate"
          dateFilter
          toolbar={
            <OptionSelect
              aria-label={t('common:fields.currency')}
              style={{ minWidth: 220 }}
              options={currencyFilter.options}
              showSearch
              filterOption={false}
              onSearch={currencyFilter.setSearch}
              loading={currencyFilter.loading}
              includeAll
              allValue=""
              value={filters.currency ?? ''}
              onChange={(value: string) => setFilter('currency', value || undefined)}
            />
          }
        />
      </Card>
      <CurrencyTable canEdit={canEdit} onChanged={refresh} />
      {dialog === 'rate' && <AddRateDialog onClose={() => setDialog(null)} onSaved={refresh} />}
      {dialog === 'import' && (
        <ImportRatesDialog onClose={() => setDialog(null)} onSaved={refresh} />
      )}
      {dialog === 'currency' && (
        <AddCurrencyDialog onClose={() => setDialog(null)} onSaved={refresh} />
      )}
    </Flex>
  );
}

export default ExchangeRatesScreen;
