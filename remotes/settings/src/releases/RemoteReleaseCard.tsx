import { useState } from 'react';
import { Button, Card, Flex, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RESOURCES, type RemoteReleaseItem } from '@esim/contracts';
import { getFormatters, usePermission } from '@esim/platform';
import type { ReleasePreviews } from '@esim/remote-kit/release';
import { CanaryDialog } from './CanaryDialog';
import { CanaryPanel } from './CanaryPanel';
import { EndCanaryDialog } from './EndCanaryDialog';
import { PinDialog } from './PinDialog';
import { PinHistoryTable } from './PinHistoryTable';
import { RollbackDialog } from './RollbackDialog';
import { VersionTable } from './VersionTable';

export interface RemoteReleaseCardProps {
  release: RemoteReleaseItem;
  /** This tab's preview overrides. */
  previews: ReleasePreviews;
}

type Dialog = 'pin' | 'rollback' | 'canary' | 'endCanary';

/** One remote: its pin, its canary, its published versions (with preview), its pin history. */
export function RemoteReleaseCard({ release, previews }: RemoteReleaseCardProps) {
  const { t, i18n } = useTranslation(['settings', 'common']);
  const format = getFormatters(i18n.language);
  const canPin = usePermission(RESOURCES.releases, 'PUT');
  const canRollback = usePermission(RESOURCES.releases, 'POST');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const { remote, pinnedVersion, rollbackVersion } = release;
  const area = t(`common:areas.${remote}`, { defaultValue: remote });
  const close = () => setDialog(null);

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

        <CanaryPanel
          release={release}
          area={area}
          canChange={canPin}
          onSet={() => setDialog('canary')}
          onEnd={() => setDialog('endCanary')}
        />

        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('releases.versions.title')}
        </Typography.Title>
        <VersionTable release={release} previewed={previews[remote]} />

        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('releases.history.title')}
        </Typography.Title>
        <PinHistoryTable release={release} />
      </Flex>

      {dialog === 'pin' && <PinDialog release={release} area={area} onClose={close} />}
      {dialog === 'rollback' && pinnedVersion && rollbackVersion && (
        <RollbackDialog remote={remote} area={area} pinnedVersion={pinnedVersion} onClose={close} />
      )}
      {dialog === 'canary' && <CanaryDialog release={release} area={area} onClose={close} />}
      {dialog === 'endCanary' && pinnedVersion && (
        <EndCanaryDialog
          remote={remote}
          area={area}
          pinnedVersion={pinnedVersion}
          onClose={close}
        />
      )}
    </Card>
  );
}
