import { Alert, Button, Flex, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RESOURCES, type CanaryPin, type RemoteReleaseItem } from '@esim/contracts';
import { getFormatters, usePermission } from '@esim/platform';
import { confirm } from '@esim/ui';
import { canaryRolesQuery } from './api';
import { canaryDoingWorse } from './compatibility';
import { releaseMutations } from './mutations';

export interface CanaryPanelProps {
  release: RemoteReleaseItem;
  /** The area's translated name. */
  area: string;
  /** The user may set and end canaries (PUT on /settings/releases). */
  canChange: boolean;
  onSet: () => void;
  onEnd: () => void;
}

function useRoleNames(roleIds: readonly string[]): string {
  const canReadRoles = usePermission(RESOURCES.roles, 'GET');
  const roles = useQuery({ ...canaryRolesQuery(), enabled: canReadRoles && roleIds.length > 0 });
  const names = new Map((roles.data ?? []).map((role) => [role.id, role.name]));
  return roleIds.map((id) => names.get(id) ?? id).join(', ');
}

function CanaryAudience({ canary }: { canary: CanaryPin }) {
  const { t } = useTranslation(['settings']);
  const roles = useRoleNames(canary.roleIds);
  const parts: string[] = [];
  if (canary.percent !== null) parts.push(t('releases.canary.share', { percent: canary.percent }));
  if (canary.roleIds.length > 0) parts.push(t('releases.canary.roles', { roles }));
  return <>{parts.join(' · ')}</>;
}

/**
 * A remote's canary beside its pin: which version, for whom, who set it and why; end it. When
 * the canary fails more often than the pinned version, a one-click "Roll back canary" ends it
 * (after a confirm) with a reason that says so.
 */
export function CanaryPanel({ release, area, canChange, onSet, onEnd }: CanaryPanelProps) {
  const { t, i18n } = useTranslation(['settings', 'common']);
  const format = getFormatters(i18n.language);
  const queryClient = useQueryClient();
  const end = useMutation(releaseMutations.endCanary(queryClient));
  const { remote, canary, pinnedVersion } = release;
  const percent = (rate: number) =>
    format.number(rate, { style: 'percent', maximumFractionDigits: 1 });

  if (!canary) {
    return (
      <Flex gap="small" align="center" wrap data-testid={`release-canary-${remote}`}>
        <Typography.Text type="secondary">{t('releases.canary.none')}</Typography.Text>
        {canChange && pinnedVersion && (
          <Button size="small" data-testid={`release-canary-set-${remote}`} onClick={onSet}>
            {t('releases.canary.set')}
          </Button>
        )}
      </Flex>
    );
  }

  const worse = canaryDoingWorse(release);
  const rollBack = async () => {
    if (!worse) return;
    const rates = { canary: percent(worse.canaryRate), pinned: percent(worse.pinnedRate) };
    const go = await confirm({
      title: t('releases.canary.rollbackTitle', { area }),
      description: t('releases.canary.rollbackDescription', {
        version: pinnedVersion ?? '',
        ...rates,
      }),
      confirmText: t('releases.canary.rollback'),
      danger: true,
    });
    if (!go) return;
    const reason = t('releases.canary.rollbackReason', {
      version: canary.version,
      pinnedVersion: pinnedVersion ?? '',
      ...rates,
    });
    // A refusal is toasted by the API client; the panel shows the canary as it still is.
    await end.mutateAsync({ remote, reason }).catch(() => undefined);
  };

  return (
    <Alert
      type={worse ? 'error' : 'info'}
      showIcon
      data-testid={`release-canary-${remote}`}
      data-version={canary.version}
      title={
        <span>
          {t('releases.canary.running', { version: canary.version })}{' '}
          <Typography.Text type="secondary">
            <CanaryAudience canary={canary} />
          </Typography.Text>
        </span>
      }
      description={
        <Flex vertical gap={2}>
          <span>
            {t('releases.canary.setBy', { by: canary.setBy, at: format.dateTime(canary.setAt) })}
          </span>
          <span>{t('releases.canary.reason', { reason: canary.reason })}</span>
          {worse && (
            <Typography.Text strong data-testid={`release-canary-worse-${remote}`}>
              {t('releases.canary.rateAbove', {
                canary: percent(worse.canaryRate),
                pinned: percent(worse.pinnedRate),
              })}
            </Typography.Text>
          )}
        </Flex>
      }
      action={
        canChange && (
          <Flex vertical gap={4}>
            {worse && (
              <Button
                danger
                type="primary"
                size="small"
                loading={end.isPending}
                data-testid={`release-canary-rollback-${remote}`}
                onClick={() => void rollBack()}
              >
                {t('releases.canary.rollback')}
              </Button>
            )}
            <Button size="small" data-testid={`release-canary-set-${remote}`} onClick={onSet}>
              {t('releases.canary.change')}
            </Button>
            <Button size="small" data-testid={`release-canary-end-${remote}`} onClick={onEnd}>
              {t('releases.canary.end')}
            </Button>
          </Flex>
        )
      }
    />
  );
}
