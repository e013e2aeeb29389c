import { Col, Flex, Row, Typography } from 'antd';
import { QueryClientContext } from '@tanstack/react-query';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import type { PinnedReleaseDocument } from '@esim/contracts';
import { getQueryClient } from '@esim/platform';
import { RELEASE_DOCUMENT_QUERY_KEY } from '@esim/remote-kit/release';
import { LanguageCard } from './LanguageCard';
import { MoreSettingsCard } from './MoreSettingsCard';
import { ProfileCard } from './ProfileCard';
import { SessionCard } from './SessionCard';

/** This remote's name in the release document. */
const AREA = 'settings';

/**
 * /settings: language, profile, session and the way to the other settings screens.
 *
 * Its frame also says whether this remote shares the console's QueryClient (the React context
 * the host provides is @esim/platform's client, whose cache holds the release document the host
 * loaded this remote from): with a second copy of react-query or @esim/platform it would not.
 * The e2e suite reads it (e2e/tests/releases.spec.ts).
 */
export function SettingsScreen() {
  const { t } = useTranslation('settings');
  const contextClient = useContext(QueryClientContext);
  const platformClient = getQueryClient();
  const release = platformClient.getQueryData<PinnedReleaseDocument>(RELEASE_DOCUMENT_QUERY_KEY)
    ?.remotes[AREA];
  return (
    <Flex
      vertical
      gap="large"
      data-testid="area-screen"
      data-screen="settings"
      data-shared-query-client={String(contextClient === platformClient)}
      data-release-version={release?.version ?? ''}
    >
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('home.title')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <ProfileCard />
        </Col>
        <Col xs={24} xl={12}>
          <Flex vertical gap="middle">
            <LanguageCard />
            <SessionCard />
            <MoreSettingsCard />
          </Flex>
        </Col>
      </Row>
    </Flex>
  );
}

export default SettingsScreen;
