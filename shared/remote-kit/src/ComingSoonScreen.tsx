import { useContext, useEffect, useState } from 'react';
import { Descriptions, Result, Typography } from 'antd';
import { QueryClientContext } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PinnedReleaseDocument } from '@esim/contracts';
import { getQueryClient, useAuthStore, usePermissionStore } from '@esim/platform';
import { RELEASE_DOCUMENT_QUERY_KEY } from './release';
import type { NamespaceLoader } from './locales';
import type { RemoteBuild } from './types';

export interface ComingSoonScreenProps {
  build: RemoteBuild;
  namespace: NamespaceLoader;
  /** 'namespace:key' of the screen's name. */
  screenKey: string;
}

/**
 * The skeleton every route of an area shows until its real screen is released: it says
 * plainly that the screen is not available yet (nothing on it pretends to work) and which
 * remote build is showing it.
 */
export function ComingSoonScreen({ build, namespace, screenKey }: ComingSoonScreenProps) {
  // Re-renders when the language changes; the area's texts come from its own namespace.
  const { i18n } = useTranslation();
  const language = i18n.language;
  const ready = namespace.has(language);
  const [, setAttempt] = useState(0);

  useEffect(() => {
    if (ready) return;
    let live = true;
    namespace.ensure(i18n, language).then(
      () => live && setAttempt((n) => n + 1),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [i18n, language, namespace, ready]);

  const t = i18n.getFixedT(language, build.name);
  const common = i18n.getFixedT(language, 'common');
  return (
    <div data-testid="area-coming-soon" data-remote={build.name}>
      <Result
        status="info"
        title={t('skeleton.title', { screen: t(screenKey) })}
        subTitle={t('skeleton.description', { area: t('area') })}
        extra={
          <>
            <Typography.Text type="secondary">
              {t('skeleton.version')}{' '}
              <Typography.Text code>
                <span data-testid="remote-version">{`${build.name}@${build.version}`}</span>
              </Typography.Text>
            </Typography.Text>
            <SessionFacts
              build={build}
              emailLabel={common('fields.email')}
              roleLabel={common('fields.roleId')}
            />
          </>
        }
      />
    </div>
  );
}

/**
 * What this remote reads from the console's runtime singletons, shown so that anyone (and the
 * e2e suite) can see the remote shares them with the host: the signed-in user from the auth
 * store, the role from the permission store the host filled, and the host's QueryClient (the
 * React context the host provides is the @esim/platform client, whose cache holds the release
 * document the host loaded this remote from). With a second copy of React, react-query,
 * zustand or @esim/platform these would be empty or different.
 */
function SessionFacts({
  build,
  emailLabel,
  roleLabel,
}: {
  build: RemoteBuild;
  emailLabel: string;
  roleLabel: string;
}) {
  const email = useAuthStore((state) => state.user?.email ?? '');
  const roleId = usePermissionStore((state) => state.roleId ?? '');
  const contextClient = useContext(QueryClientContext);
  const platformClient = getQueryClient();
  const document = platformClient.getQueryData<PinnedReleaseDocument>(RELEASE_DOCUMENT_QUERY_KEY);
  const release = document?.remotes[build.name];
  return (
    <div
      data-testid="remote-session"
      data-shared-query-client={String(contextClient === platformClient)}
      data-release-version={release?.version ?? ''}
      data-release-preview={String(release?.preview === true)}
      style={{ marginTop: 16, display: 'flex', justifyContent: 'center' }}
    >
      <Descriptions
        size="small"
        column={1}
        items={[
          {
            key: 'email',
            label: emailLabel,
            children: <span data-testid="remote-user-email">{email}</span>,
          },
          {
            key: 'role',
            label: roleLabel,
            children: <span data-testid="remote-role-id">{roleId}</span>,
          },
        ]}
      />
    </div>
  );
}
