import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import {
  RESOURCES,
  TARIFF_SORT_COLUMNS,
  type TariffGroupListItem,
  type TariffSortColumn,
} from '@esim/contracts';
import { usePermission } from '@esim/platform';
import { DataTable, useUrlListState, type DataTableColumn } from '@esim/ui';
import { formatDate } from '@esim/utils';
import { useState } from 'react';
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
  const { table, filters, setTable, setFilter } = useUrlListState(FILTERS, DEFAULTS);
  const [search, setSearch] = useState(filters.search ?? '');
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
    <Flex vertical gap="large" data-testid="area-screen" data-screen="tariff-list">
      <Flex justify="space-between" align="center" wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('list.title')}
        </Typography.Title>
        <Space wrap>
          <Link to="/tariff/exchange-rates">{t('rates.title')}</Link>
          {canCreate && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => void navigate('/tariff/create')}
              autoInsertSpace={false}
            >
              {t('list.newProfile')}
            </Button>
          )}
        </Space>
      </Flex>
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
        toolbar={
          <Input.Search
            aria-label={t('list.search')}
            placeholder={t('list.search')}
            allowClear
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            onSearch={(value) => setFilter('search', value.trim())}
            style={{ maxWidth: 320 }}
          />
        }
      />
    </Flex>
  );
}

export default TariffListScreen;
