import { useState } from 'react';
import {
  Button,
  Card,
  Flex,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useTranslation } from 'react-i18next';
import {
  RESOURCES,
  type PinHistoryItem,
  type ReleaseVersionItem,
  type RemoteReleaseItem,
} from '@esim/contracts';
import { getFormatters, usePermission } from '@esim/platform';
import {
  clearReleasePreview,
  setReleasePreview,
  type ReleasePreviews,
} from '@esim/remote-kit/release';
import { PinDialog } from './PinDialog';
import { RollbackDialog } from './RollbackDialog';

export interface RemoteReleaseCardProps {
  release: RemoteReleaseItem;
  /** This tab's preview overrides. */
  previews: ReleasePreviews;
}

/** The console loads the release document at start: a preview change needs a page load. */
function reloadConsole(): void {
  window.location.reload();
}

/** One remote: its pin, its published versions (with preview), its pin history. */
export function RemoteReleaseCard({ release, previews }: RemoteReleaseCardProps) {
  const { t, i18n } = useTranslation(['settings', 'common']);
  const format = getFormatters(i18n.language);
  const canPin = usePermission(RESOURCES.releases, 'PUT');
  const canRollback = usePermission(RESOURCES.releases, 'POST');
  const [dialog, setDialog] = useState<'pin' | 'rollback' | null>(null);
  const { remote, pinnedVersion, rollbackVersion } = release;
  const area = t(`common:areas.${remote}`, { defaultValue: remote });
  const previewed = previews[remote];

  const versionColumns: TableColumnsType<ReleaseVersionItem> = [
    {
      key: 'version',
      title: t('releases.versions.version'),
      dataIndex: 'version',
      render: (version: string) => <Typography.Text strong>{version}</Typography.Text>,
    },
    {
      key: 'hash',
      title: t('releases.versions.hash'),
      dataIndex: 'manifestHash',
      render: (hash: string) => (
        <Typography.Text code copyable={{ text: hash }} title={hash}>
          {hash.slice(0, 12)}
        </Typography.Text>
      ),
    },
    { key: 'publishedBy', title: t('releases.versions.publishedBy'), dataIndex: 'publishedBy' },
    {
      key: 'publishedAt',
      title: t('releases.versions.publishedAt'),
      dataIndex: 'publishedAt',
      render: (at: string) => format.dateTime(at),
    },
    {
      key: 'status',
      title: t('releases.versions.status'),
      render: (_, item) => (
        <Space size={4} wrap>
          {item.pinned && <Tag color="green">{t('releases.versions.pinnedTag')}</Tag>}
          {previewed === item.version && (
            <Tag color="gold">{t('releases.versions.previewTag')}</Tag>
          )}
        </Space>
      ),
    },
    {
      key: 'actions',
      title: t('releases.versions.actions'),
      render: (_, item) => {
        if (item.pinned) return null;
        if (previewed === item.version) {
          return (
            <Button
              size="small"
              data-testid={`release-stop-preview-${remote}-${item.version}`}
              onClick={() => {
                clearReleasePreview(remote);
                reloadConsole();
              }}
            >
              {t('releases.preview.stop')}
            </Button>
          );
        }
        return (
          <Button
            size="small"
            data-testid={`release-preview-${remote}-${item.version}`}
            onClick={() => {
              setReleasePreview(remote, item.version);
              reloadConsole();
            }}
          >
            {t('releases.preview.button')}
          </Button>
        );
      },
    },
  ];

  const historyColumns: TableColumnsType<PinHistoryItem> = [
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
          {t(`releases.history.actions.${action}`)}
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
    <Card
      data-testid={`release-card-${remote}`}
      title={
        <Flex gap="small" align="baseline" wrap>
          <span>{area}</span>
          <Typography.Text type="secondary" code>
            {remote}
          </Typography.Text>
        </Flex>
      }
      extra={
        <Space wrap>
          {canPin && (
            <Button
              type="primary"
              data-testid={`release-pin-${remote}`}
              onClick={() => setDialog('pin')}
            >
              {t('releases.pin.button')}
            </Button>
          )}
          {canRollback && (
            <Tooltip
              title={
                rollbackVersion === null ? t('releases.rollback.nothingEarlier', { area }) : null
              }
            >
              <Button
                danger
                disabled={rollbackVersion === null}
                data-testid={`release-rollback-${remote}`}
                data-rollback-version={rollbackVersion ?? ''}
                onClick={() => setDialog('rollback')}
              >
                {t('releases.rollback.button')}
              </Button>
            </Tooltip>
          )}
        </Space>
      }
    >
      <Flex vertical gap="middle">
        <Space wrap>
          <Tag
            color={pinnedVersion ? 'green' : 'default'}
            data-testid={`release-pinned-${remote}`}
            data-version={pinnedVersion ?? ''}
          >
            {pinnedVersion
              ? t('releases.pinned', { version: pinnedVersion })
              : t('releases.notPinned')}
          </Tag>
          {release.pinnedBy && release.pinnedAt && (
            <Typography.Text type="secondary">
              {t('releases.pinnedBy', {
                by: release.pinnedBy,
                at: format.dateTime(release.pinnedAt),
              })}
            </Typography.Text>
          )}
        </Space>

        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('releases.versions.title')}
        </Typography.Title>
        <div data-testid={`release-versions-${remote}`}>
          <Table<ReleaseVersionItem>
            size="small"
            rowKey="version"
            columns={versionColumns}
            dataSource={release.versions}
            pagination={release.versions.length > 10 ? { pageSize: 10 } : false}
            scroll={{ x: 'max-content' }}
          />
        </div>

        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('releases.history.title')}
        </Typography.Title>
        <div data-testid={`release-history-${remote}`}>
          <Table<PinHistoryItem>
            size="small"
            rowKey="id"
            columns={historyColumns}
            dataSource={release.history}
            pagination={release.history.length > 5 ? { pageSize: 5 } : false}
            locale={{ emptyText: t('releases.history.empty') }}
            scroll={{ x: 'max-content' }}
          />
        </div>
      </Flex>

      {dialog === 'pin' && (
        <PinDialog release={release} area={area} onClose={() => setDialog(null)} />
      )}
      {dialog === 'rollback' && pinnedVersion && rollbackVersion && (
        <RollbackDialog
          remote={remote}
          area={area}
          pinnedVersion={pinnedVersion}
          onClose={() => setDialog(null)}
        />
      )}
    </Card>
  );
}
