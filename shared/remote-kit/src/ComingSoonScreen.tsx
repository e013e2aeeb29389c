import { useEffect, useState } from 'react';
import { Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
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
  return (
    <div data-testid="area-coming-soon" data-remote={build.name}>
      <Result
        status="info"
        title={t('skeleton.title', { screen: t(screenKey) })}
        subTitle={t('skeleton.description', { area: t('area') })}
        extra={
          <Typography.Text type="secondary">
            {t('skeleton.version')}{' '}
            <Typography.Text code>
              <span data-testid="remote-version">{`${build.name}@${build.version}`}</span>
            </Typography.Text>
          </Typography.Text>
        }
      />
    </div>
  );
}
