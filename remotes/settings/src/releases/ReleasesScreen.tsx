import { useState } from 'react';
import { Alert, Button, Empty, Flex, Result, Skeleton, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { readReleasePreviews, type ReleasePreviews } from '@esim/remote-kit/release';
import { releaseListQuery } from './api';
import { RemoteReleaseCard } from './RemoteReleaseCard';

/**
 * /settings/releases: per remote, the pinned version, the published versions and the pin
 * history; pin, roll back, and preview an unpinned version in this browser session only.
 */
export function ReleasesScreen() {
  const { t } = useTranslation(['settings', 'common']);
  const query = useQuery(releaseListQuery());
  // The overrides of this tab; changing one reloads the page, so reading once is enough.
  const [previews] = useState<ReleasePreviews>(() => readReleasePreviews());

  let body;
  if (query.isPending) {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  } else if (query.isError) {
    body = (
      <Result
        status="warning"
        title={t('releases.loadFailed')}
        extra={
          <Button type="primary" onClick={() => void query.refetch()}>
            {t('common:actions.retry')}
          </Button>
        }
      />
    );
  } else if (query.data.remotes.length === 0) {
    body = <Empty description={t('releases.empty')} />;
  } else {
    body = query.data.remotes.map((release) => (
      <RemoteReleaseCard key={release.remote} release={release} previews={previews} />
    ));
  }

  return (
    <Flex vertical gap="large" data-testid="releases-screen">
      <div>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('releases.title')}
        </Typography.Title>
        <Alert type="info" showIcon title={t('releases.intro')} />
      </div>
      {body}
    </Flex>
  );
}

export default ReleasesScreen;
