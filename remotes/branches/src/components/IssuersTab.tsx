import { Button } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  ISSUER_COUNTRIES,
  ISSUER_SORT_COLUMNS,
  RESOURCES,
  type BranchDetail,
  type IssuerCountry,
  type IssuerListItem,
  type IssuerListQuery,
} from '@esim/contracts';
import { usePermission } from '@esim/platform';
import {
  DataTable,
  ListSearch,
  ListSection,
  useListPage,
  type DataTableColumn,
  type UrlTableDefaults,
} from '@esim/ui';
import { displayValue, formatDateTime } from '@esim/utils';
import { issuerListQuery } from '../api';
import { issuerRegisterPath } from '../paths';
import { IssuerDrawer } from './IssuerDrawer';

const DEFAULTS: UrlTableDefaults = {
  sort: { column: 'createdDate', order: 'asc' },
  pageSize: 10,
  sortColumns: ISSUER_SORT_COLUMNS,
};

/** The issuer country a new issuer of the branch starts with: its own when it has a scheme. */
export function defaultIssuerCountry(branchCountry: string): IssuerCountry {
  return (ISSUER_COUNTRIES as readonly string[]).includes(branchCountry)
    ? (branchCountry as IssuerCountry)
    : 'JP';
}

/** A branch's issuers (branch items): list, New issuer, open one to edit. */
export function IssuersTab({ branch }: { branch: BranchDetail }) {
  const { t, i18n } = useTranslation('branches');
  const navigate = useNavigate();
  const canCreate = usePermission(RESOURCES.branches, 'POST');
  const list = useListPage(['search'], DEFAULTS, { urlPrefix: 'issuers' });
  const [openId, setOpenId] = useState<string | null>(null);
  const query: IssuerListQuery = useMemo(
    () => ({
      branchId: branch.id,
      page: list.table.page,
      pageSize: list.table.pageSize,
      ...(list.table.sort
        ? {
            sort: list.table.sort.column as IssuerListQuery['sort'],
            order: list.table.sort.order,
          }
        : {}),
      ...(list.filters.search ? { search: list.filters.search } : {}),
    }),
    [branch.id, list.table, list.filters],
  );
  const result = useQuery(issuerListQuery(query));

  const columns: DataTableColumn<IssuerListItem>[] = [
    {
      key: 'legalName',
      title: t('fields.legalName'),
      sortable: true,
      render: (_, row) => (
        <Button
          type="link"
          style={{ padding: 0 }}
          onClick={() => setOpenId(row.id)}
          data-testid="issuer-link"
        >
          {row.legalName}
        </Button>
      ),
    },
    {
      key: 'countryCode',
      title: t('fields.countryCode'),
      sortable: true,
      dataIndex: 'countryCode',
    },
    {
      key: 'registrationNumber',
      title: t('fields.registrationNumber'),
      dataIndex: 'registrationNumber',
    },
    {
      key: 'branchNumber',
      title: t('fields.branchNumber'),
      render: (_, row) => displayValue(row.branchNumber),
    },
    {
      key: 'createdDate',
      title: t('fields.createdDate'),
      sortable: true,
      render: (_, row) => formatDateTime(row.createdDate, i18n.language),
    },
  ];

  return (
    <ListSection
      title={t('issuer.listTitle')}
      testId="issuer-list"
      createAction={
        canCreate
          ? {
              label: t('issuer.create'),
              run: () =>
                void navigate(
                  issuerRegisterPath(defaultIssuerCountry(branch.countryCode), branch.id),
                ),
            }
          : undefined
      }
      filters={<ListSearch list={list} label={t('issuer.search')} />}
    >
      <DataTable<IssuerListItem>
        columns={columns}
        rows={result.data?.items ?? []}
        total={result.data?.total ?? 0}
        state={list.table}
        onChange={list.setTable}
        rowKey="id"
        tableId="issuer-list"
        loading={result.isFetching}
        error={result.isError ? result.error : undefined}
        onRetry={() => void result.refetch()}
        defaultSortColumn="createdDate"
        emptyText={list.hasFilter ? t('list.emptyFiltered') : t('issuer.empty')}
      />
      {openId && <IssuerDrawer issuerId={openId} onClose={() => setOpenId(null)} />}
    </ListSection>
  );
}
