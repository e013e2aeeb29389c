import { Button, Card, Input, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { type CurrencyListItem, type CurrencySortColumn } from '@esim/contracts';
import { DataTable, confirm, type DataTableColumn, type DataTableState } from '@esim/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currencyListQuery, updateCurrency } from '../api';
import { rateText } from './currencyOptions';

/** The currency list (roundCurrency): add, retire and restore (deleteFlag). */
export function CurrencyTable({
  canEdit,
  onChanged,
}: {
  canEdit: boolean;
  onChanged: () => Promise<void>;
}) {
  const { t } = useTranslation(['tariffs', 'common']);
  const [state, setState] = useState<DataTableState>({
    page: 1,
    pageSize: 10,
    sort: { column: 'isoCode', order: 'asc' },
  });
  const [search, setSearch] = useState<string>();
  const query = useQuery(
    currencyListQuery({
      page: state.page,
      pageSize: state.pageSize,
      sort: state.sort?.column as CurrencySortColumn | undefined,
      order: state.sort?.order,
      search,
    }),
  );
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
    await updateCurrency({ isoCode: item.isoCode, deleteFlag: retire }).catch(() => undefined);
    await onChanged();
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
    <Card title={t('currencies.title')} size="small">
      <DataTable
        columns={columns}
        rows={query.data?.items ?? []}
        total={query.data?.total ?? 0}
        state={state}
        onChange={setState}
        rowKey="isoCode"
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        defaultSortColumn="isoCode"
        toolbar={
          <Input.Search
            aria-label={t('currencies.search')}
            placeholder={t('currencies.search')}
            allowClear
            onSearch={(value) => {
              setSearch(value.trim() || undefined);
              setState({ ...state, page: 1 });
            }}
            style={{ maxWidth: 280 }}
          />
        }
      />
    </Card>
  );
}
