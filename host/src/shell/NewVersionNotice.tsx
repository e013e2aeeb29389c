import { useEffect, useState, useSyncExternalStore } from 'react';
import { Alert, Button } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PinnedReleaseDocument } from '@esim/contracts';
import { RELEASE_DOCUMENT_QUERY_KEY } from '@esim/remote-kit/release';
import { loadedRemotes, subscribeLoadedRemotes } from '../remotes/loaded-remotes';
import { applyReleaseDocument } from '../remotes/federation';
import { changedRemotes, followLatestPins, latestPinsQuery } from '../remotes/new-version';
import { releaseDocumentQuery } from '../remotes/release-document';

function NewVersionWatcher({ loaded }: { loaded: ReadonlyMap<string, string> }) {
  const { t, i18n } = useTranslation('common');
  const queryClient = useQueryClient();
  const [dismissed, setDismissed] = useState('');
  const latest = useQuery({
    ...latestPinsQuery(),
    // The document this page loaded its remotes from: the first poll compares against it.
    initialData: () => queryClient.getQueryData<PinnedReleaseDocument>(RELEASE_DOCUMENT_QUERY_KEY),
    initialDataUpdatedAt: () =>
      queryClient.getQueryState(RELEASE_DOCUMENT_QUERY_KEY)?.dataUpdatedAt,
  });
  const { refetch } = latest;

  useEffect(() => {
    // Areas not opened in this tab yet follow the pins at once (nothing of theirs runs here).
    const current = queryClient.getQueryData<PinnedReleaseDocument>(RELEASE_DOCUMENT_QUERY_KEY);
    const next = followLatestPins(current, latest.data, loaded);
    if (!next) return;
    queryClient.setQueryData(RELEASE_DOCUMENT_QUERY_KEY, next);
    applyReleaseDocument(next);
  }, [latest.data, loaded, queryClient]);

  useEffect(() => {
    // A tab that comes back to the front checks at once (it may have been away for hours).
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void refetch();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [refetch]);

  const changed = changedRemotes(loaded, latest.data);
  const changeKey = changed.map(({ remote, latest: version }) => `${remote}@${version}`).join(',');
  if (changed.length === 0 || changeKey === dismissed) return null;
  const areas = new Intl.ListFormat(i18n.resolvedLanguage ?? i18n.language, {
    type: 'conjunction',
  }).format(changed.map(({ remote }) => t(`areas.${remote}`, { defaultValue: remote })));
  return (
    <Alert
      // A later change shows again, even after this one was closed.
      key={changeKey}
      type="info"
      banner
      showIcon
      data-testid="new-version-notice"
      data-remotes={changed.map(({ remote }) => remote).join(',')}
      title={t('newVersion.message', { areas })}
      description={t('newVersion.hint')}
      closable={{ onClose: () => setDismissed(changeKey) }}
      action={
        <Button
          size="small"
          type="primary"
          data-testid="new-version-reload"
          onClick={() => window.location.reload()}
        >
          {t('actions.reload')}
        </Button>
      }
      style={{ marginBottom: 16 }}
    />
  );
}

/**
 * Says when a release manager pinned another version of an area this tab has loaded, with
 * Reload. Never blocks: the tab keeps running what it loaded until the user reloads. Areas not
 * loaded yet follow the new pins without a notice.
 */
export function NewVersionNotice() {
  const loaded = useSyncExternalStore(subscribeLoadedRemotes, loadedRemotes);
  // Only watches once the page has its release document (this observer never fetches it): the
  // first poll then starts from that document instead of asking for it a second time.
  const pageDocument = useQuery({ ...releaseDocumentQuery(), enabled: false });
  if (pageDocument.data === undefined) return null;
  return <NewVersionWatcher loaded={loaded} />;
}
