import { Alert, Button } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { clearReleasePreview, previewedRemotes } from '@esim/remote-kit/release';
import { releaseDocumentQuery } from '../remotes/release-document';

/**
 * Shown while this browser tab previews an unpinned version of an area (a release manager's
 * override, kept in sessionStorage): which versions, and a way back to the pinned ones.
 * It also starts loading the release document as soon as the signed-in shell shows.
 */
export function PreviewBanner() {
  const { t } = useTranslation(['settings', 'common']);
  const { data } = useQuery(releaseDocumentQuery());
  const previews = previewedRemotes(data);
  if (previews.length === 0) return null;
  const versions = previews
    .map(
      ({ remote, version }) =>
        `${t(`common:areas.${remote}`, { defaultValue: remote })} ${version}`,
    )
    .join(', ');
  return (
    <Alert
      type="warning"
      banner
      showIcon
      data-testid="release-preview-banner"
      title={t('previewBanner.message', { versions })}
      action={
        <Button
          size="small"
          data-testid="release-preview-stop"
          onClick={() => {
            clearReleasePreview();
            // The console reads the release document at start: load the pinned versions.
            window.location.reload();
          }}
        >
          {t('previewBanner.stop')}
        </Button>
      }
      style={{ marginBottom: 16 }}
    />
  );
}
