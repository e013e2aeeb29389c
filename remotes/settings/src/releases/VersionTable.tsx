import { Button, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RemoteReleaseItem, ReleaseVersionItem } from '@esim/contracts';
import { getFormatters } from '@esim/platform';
import { clearReleasePreview, setReleasePreview } from '@esim/remote-kit/release';
import { CompatibilityTag } from './CompatibilityTag';
import { ErrorRateText } from './ErrorRateText';

export interface VersionTableProps {
  release: RemoteReleaseItem;
  /** The version this tab previews, if any. */
  previewed: string | undefined;
}

/** The console loads the release document at start: a preview change needs a page load. */
function reloadConsole(): void {
  window.location.reload();
}

/**
 * A remote's published versions: who published them, their fit with the console, their error
 * rate, pinned / canary / previewed, and preview in this tab.
 */
export function VersionTable({ release, previewed }: VersionTableProps) {
  const { t, i18n } = useTranslation(['settings', 'common']);
  const format = getFormatters(i18n.language);
  const { remote, canary } = release;

  const columns: TableColumnsType<ReleaseVersionItem> = [
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
      key: 'compatibility',
      title: t('releases.versions.compatibility'),
      render: (_, item) => (
        <CompatibilityTag
          compatibility={item.compatibility}
          testId={`release-compat-${remote}-${item.version}`}
        />
      ),
    },
    {
      key: 'errorRate',
      title: t('releases.versions.errorRate'),
      render: (_, item) => (
        <ErrorRateText
          errorRate={item.errorRate}
          testId={`release-error-rate-${remote}-${item.version}`}
        />
      ),
    },
    {
      key: 'status',
      title: t('releases.versions.status'),
      render: (_, item) => (
        <Space size={4} wrap>
          {item.pinned && <Tag color="green">{t('releases.versions.pinnedTag')}</Tag>}
          {canary?.version === item.version && (
            <Tag color="purple">{t('releases.versions.canaryTag')}</Tag>
          )}
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

  return (
    <div data-testid={`release-versions-${remote}`}>
      <Table<ReleaseVersionItem>
        size="small"
        rowKey="version"
        columns={columns}
        dataSource={release.versions}
        pagination={release.versions.length > 10 ? { pageSize: 10 } : false}
        scroll={{ x: 'max-content' }}
      />
    </div>
  );
}
