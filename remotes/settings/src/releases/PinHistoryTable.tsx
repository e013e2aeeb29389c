import { Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PinHistoryItem, RemoteReleaseItem } from '@esim/contracts';
import { getFormatters } from '@esim/platform';

/** A remote's pin changes, newest first: when, who, pin or rollback, from, to, why. */
export function PinHistoryTable({ release }: { release: RemoteReleaseItem }) {
  const { t, i18n } = useTranslation(['settings', 'common']);
  const format = getFormatters(i18n.language);

  const columns: TableColumnsType<PinHistoryItem> = [
    {
      key: 'when',
      title: t('releases.history.when'),
      dataIndex: 'pinnedAt',
      render: (at: string) => format.dateTime(at),
    },
    { key: 'who', title: t('releases.history.who'), dataIndex: 'pinnedBy' },
    {
      key: 'action',
      title: t('releases.history.action'),
      dataIndex: 'action',
      render: (action: PinHistoryItem['action']) => (
        <Tag color={action === 'rollback' ? 'orange' : 'blue'}>
          {t(`releases.history.actions.${action}`, { defaultValue: action })}
        </Tag>
      ),
    },
    {
      key: 'from',
      title: t('releases.history.from'),
      dataIndex: 'fromVersion',
      render: (from: string | null) => from ?? t('releases.history.none'),
    },
    { key: 'to', title: t('releases.history.to'), dataIndex: 'toVersion' },
    {
      key: 'reason',
      title: t('releases.history.reason'),
      dataIndex: 'reason',
      render: (reason: string | null) => reason ?? '',
    },
  ];

  return (
    <div data-testid={`release-history-${release.remote}`}>
      <Table<PinHistoryItem>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={release.history}
        pagination={release.history.length > 5 ? { pageSize: 5 } : false}
        locale={{ emptyText: t('releases.history.empty') }}
        scroll={{ x: 'max-content' }}
      />
    </div>
  );
}
