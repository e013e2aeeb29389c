import { Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import {
  RESOURCES,
  TARIFF_SORT_COLUMNS,
  type TariffGroupListItem,
  type TariffSortColumn,
} from '@esim/contracts';
import { usePermission } from '@esim/platform';
import { DataTable, ListPage, ListSearch, useListPage, type DataTableColumn } from '@esim/ui';
import { formatDate } from '@esim/utils';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { tariffListQuery } from '../api';

const FILTERS = ['search'] as const;
const DEFAULTS = {
  sort: { column: 'createdDate', order: 'desc' as const },
  sortColumns: TARIFF_SORT_COLUMNS,
};

/** /tariff: the tariff profiles (groups) with their codes. */
export function TariffListScreen() {
  const { t, i18n } = useTranslation(['tariffs', 'common']);
  const navigate = useNavigate();
  const canCreate = usePermission(RESOURCES.tariffs, 'POST');
  const list = useListPage(FILTERS, DEFAULTS);
  const { table, filters, setTable } = list;
  const query = useQuery(
    tariffListQuery({
      page: table.page,
      pageSize: table.pageSize,
      sort: table.sort?.column as TariffSortColumn | undefined,
      order: table.sort?.order,
      from: table.from,
      to: table.to,
      search: filters.search,
    }),
  );

  const columns: DataTableColumn<TariffGroupListItem>[] = [
    {
      key: 'tariffGroup',
      title: t('common:fields.tariffGroup'),
      sortable: true,
      fixed: 'left',
      render: (_, row) => (
        <Link to={`/tariff/detail?id=${encodeURIComponent(row.id)}`}>{row.tariffGroup}</Link>
      ),
    },
    { key: 'name', title: t('common:fields.name'), sortable: true, dataIndex: 'name' },
    {
      key: 'baseTariff',
      title: t('common:fields.baseTariff'),
      sortable: true,
      render: (_, row) => t(`baseTariff.${row.baseTariff}`),
    },
    {
      key: 'logic1',
      title: t('common:fields.logic1'),
      sortable: true,
      render: (_, row) => `${row.logic1}%`,
    },
    { key: 'logic2', title: t('common:fields.logic2'), sortable: true, dataIndex: 'logic2' },
    {
      key: 'inputMode',
      title: t('common:fields.inputMode'),
      sortable: true,
      defaultHidden: true,
      render: (_, row) => t(`inputMode.${row.inputMode}`),
    },
    {
      key: 'codeCount',
      title: t('list.codes'),
      sortable: true,
      render: (_, row) => (
        <Space size={[4, 4]} wrap>
          {row.codes.map((code) => (
            <Tag key={code.id}>
              <Link
                to={`/tariff/detail?id=${encodeURIComponent(row.id)}&code=${encodeURIComponent(code.tariffCode)}`}
              >
                {code.tariffCode}
              </Link>
            </Tag>
          ))}
          {row.codes.length === 0 && (
            <Typography.Text type="secondary">{t('list.noCodes')}</Typography.Text>
          )}
        </Space>
      ),
    },
    {
      key: 'createdDate',
      title: t('common:fields.createdDate'),
      sortable: true,
      render: (_, row) => formatDate(row.createdDate, undefined, i18n.language),
    },
  ];

  return (
    <ListPage
      screen="tariff-list"
      title={t('list.title')}
      headerExtra={<Link to="/tariff/exchange-rates">{t('rates.title')}</Link>}
      createAction={
        canCreate
          ? { label: t('list.newProfile'), run: () => void navigate('/tariff/create') }
          : undefined
      }
      filters={<ListSearch list={list} label={t('list.search')} width={320} />}
    >
      <DataTable
        columns={columns}
        rows={query.data?.items ?? []}
        total={query.data?.total ?? 0}
        state={table}
        onChange={setTable}
        rowKey="id"
        tableId="tariff-list"
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        defaultSortColumn="createdDate"
        dateFilter
      />
    </ListPage>
  );
}

export default TariffListScreen;
