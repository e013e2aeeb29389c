import { Button, Flex, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  NOTICE_SORT_COLUMNS,
  NOTIFICATION_STATES,
  RESOURCES,
  type NoticeListQuery,
  type NoticeRecord,
} from '@esim/contracts';
import { usePermission } from '@esim/platform';
import {
  ActionRefusal,
  DataTable,
  ListFilter,
  ListSearch,
  ListSection,
  NoticeTag,
  useConfirmedDelete,
  listPageQuery,
  useListPage,
  useNoticeText,
  type DataTableColumn,
  type UrlTableDefaults,
} from '@esim/ui';
import { formatDateTime } from '@esim/utils';
import { noticeListQuery, noticeMutations } from './api';
import { NoticeFormDrawer } from './NoticeFormDrawer';
import { NoticeStateTag } from './NoticeStateTag';
import { useNoticeTagOptions } from './useNoticeTagOptions';

const FILTERS = ['search', 'tag', 'state'] as const;
type Filter = (typeof FILTERS)[number];
const DEFAULTS: UrlTableDefaults = {
  sort: { column: 'createdDate', order: 'desc' },
  pageSize: 10,
  sortColumns: NOTICE_SORT_COLUMNS,
};

/** The list's state as the regular-update/all query. */
export function toNoticeQuery(
  table: ReturnType<typeof useListPage<Filter>>['table'],
  filters: Partial<Record<Filter, string>>,
): NoticeListQuery {
  return {
    ...listPageQuery<NonNullable<NoticeListQuery['sort']>>(table),
    ...(filters.search ? { search: filters.search } : {}),
    ...(filters.tag ? { tag: filters.tag as NoticeListQuery['tag'] } : {}),
    ...(filters.state ? { state: filters.state as NoticeListQuery['state'] } : {}),
  };
}

/** Every notice (scheduled, current, expired) for those who publish: publish, edit, withdraw. */
export function NoticeManageList() {
  const { t, i18n } = useTranslation('settings');
  const text = useNoticeText();
  const queryClient = useQueryClient();
  const list = useListPage<Filter>(FILTERS, DEFAULTS);
  const { table, filters, setTable } = list;
  const canEdit = usePermission(RESOURCES.notifications, 'PUT');
  const canWithdraw = usePermission(RESOURCES.notifications, 'DELETE');
  const query = useMemo(() => toNoticeQuery(table, filters), [table, filters]);
  const result = useQuery(noticeListQuery(query));
  const { options: tagOptions } = useNoticeTagOptions();
  const [editing, setEditing] = useState<NoticeRecord | 'new' | null>(null);
  const withdraw = useMutation(noticeMutations.withdraw(queryClient));
  const removal = useConfirmedDelete({
    question: (notice: NoticeRecord) => ({
      title: t('notices.withdraw.title'),
      description: t('notices.withdraw.description', { title: notice.title.en }),
      confirmText: t('notices.withdraw.confirm'),
    }),
    action: (notice: NoticeRecord) => withdraw.mutateAsync(notice),
  });
  const at = (value: string) => formatDateTime(value, i18n.language);

  const columns: DataTableColumn<NoticeRecord>[] = [
    {
      key: 'title',
      title: t('notices.fields.title'),
      sortable: true,
      fixed: 'left',
      render: (_, row) => (
        <Typography.Text data-testid="notice-row-title">{row.title.en}</Typography.Text>
      ),
    },
    {
      key: 'tag',
      title: t('notices.fields.tag'),
      sortable: true,
      render: (_, row) => <NoticeTag tag={row.tag} severity={row.severity} />,
    },
    {
      key: 'severity',
      title: t('notices.fields.severity'),
      sortable: true,
      render: (_, row) => text.severity(row.severity),
    },
    {
      key: 'validFrom',
      title: t('notices.fields.validFrom'),
      sortable: true,
      render: (_, row) => at(row.validFrom),
    },
    {
      key: 'validTo',
      title: t('notices.fields.validTo'),
      sortable: true,
      render: (_, row) => (row.validTo ? at(row.validTo) : t('notices.list.noEnd')),
    },
    {
      key: 'state',
      title: t('notices.fields.state'),
      render: (_, row) => <NoticeStateTag state={row.state} />,
    },
    {
      key: 'readCount',
      title: t('notices.fields.readCount'),
      align: 'right',
      render: (_, row) => row.readCount,
    },
    {
      key: 'createdDate',
      title: t('notices.fields.createdDate'),
      sortable: true,
      defaultHidden: true,
      render: (_, row) => `${at(row.createdDate)} (${row.createdBy})`,
    },
    {
      key: 'updatedDate',
      title: t('notices.fields.updatedDate'),
      sortable: true,
      defaultHidden: true,
      render: (_, row) => `${at(row.updatedDate)} (${row.updatedBy})`,
    },
    {
      key: 'actions',
      title: t('notices.list.actions'),
      fixed: 'right',
      render: (_, row) => (
        <Flex gap="small">
          {canEdit && (
            <Button size="small" onClick={() => setEditing(row)} data-testid="notice-edit">
              {t('notices.list.edit')}
            </Button>
          )}
          {canWithdraw && (
            <Button
              size="small"
              danger
              onClick={() => void removal.run(row)}
              data-testid="notice-withdraw"
            >
              {t('notices.list.withdraw')}
            </Button>
          )}
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap="middle">
      <ActionRefusal
        refusal={removal.refusal}
        title={t('notices.withdraw.refused')}
        onClose={removal.clearRefusal}
      />
      <ListSection
        title={t('notices.list.title')}
        testId="notices-manage"
        createAction={{ label: t('notices.list.publish'), run: () => setEditing('new') }}
        filters={
          <>
            <ListSearch
              list={list}
              label={t('notices.list.search')}
              placeholder={t('notices.list.searchPlaceholder')}
            />
            <ListFilter
              list={list}
              filterKey="tag"
              label={t('notices.fields.tag')}
              allLabel={t('notices.list.allTags')}
              options={tagOptions}
              testId="filter-tag"
            />
            <ListFilter
              list={list}
              filterKey="state"
              label={t('notices.fields.state')}
              allLabel={t('notices.list.allStates')}
              options={NOTIFICATION_STATES.map((value) => ({
                value,
                label: t(`notices.state.${value}`),
              }))}
              testId="filter-state"
            />
          </>
        }
      >
        <DataTable<NoticeRecord>
          columns={columns}
          rows={result.data?.items ?? []}
          total={result.data?.total ?? 0}
          state={table}
          onChange={setTable}
          rowKey="id"
          tableId="notice-list"
          loading={result.isFetching}
          error={result.isError ? result.error : undefined}
          onRetry={() => void result.refetch()}
          defaultSortColumn="createdDate"
          dateFilter
          emptyText={list.hasFilter ? t('notices.list.emptyFiltered') : t('notices.list.empty')}
        />
      </ListSection>
      {editing !== null && (
        <NoticeFormDrawer
          notice={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Flex>
  );
}
