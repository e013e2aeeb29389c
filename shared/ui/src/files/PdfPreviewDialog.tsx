import { Alert, Button, Flex, Modal, Spin, Typography } from 'antd';
import { isApiError, type FetchedFile } from '@esim/platform';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadOutlined, EyeOutlined, ReloadOutlined } from '../icons';

export interface PdfPreviewDialogProps {
  title: ReactNode;
  /**
   * Fetches the PDF with the signed-in user's session, e.g.
   * `(signal) => fetchFile('order/document/pdf', 'invoice.pdf', { searchParams: { id }, signal })`.
   * Pass notifyError: false there: the dialog shows the refusal itself.
   */
  load: (signal: AbortSignal) => Promise<FetchedFile>;
  onClose: () => void;
  /** data-testid of the dialog's content (its state in data-state: loading, ready, failed). */
  testId?: string;
}

type Shown =
  | { state: 'loading' }
  | { state: 'ready'; url: string; name: string }
  | { state: 'failed'; message: string };

/** A document viewer: wider than a form dialog (the spec's 600 px is for forms). */
const VIEWER_WIDTH = 'min(1000px, calc(100vw - 32px))';

/**
 * A PDF the API answers (a preview, an issued document), fetched with the session (a plain link
 * would carry no token) and shown in the dialog from a blob URL, with "Open in a new tab" and
 * "Download" (links the user clicks, so no pop-up blocker stops them). The URL is revoked when
 * the dialog closes; a refusal ('Error generating PDF.') is shown with a retry. Embedding needs
 * `frame-src blob:` in the console's Content-Security-Policy; without it the dialog says so and
 * the tab and the download remain.
 */
export function PdfPreviewDialog({
  title,
  load,
  onClose,
  testId = 'pdf-preview',
}: PdfPreviewDialogProps) {
  const { t } = useTranslation(['ui', 'common']);
  const [shown, setShown] = useState<Shown>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // The latest load and words, read when a fetch starts or fails: a new render (a new arrow
  // function, the translations settling) must not fetch the PDF again.
  const latest = useRef({ load, t });
  useEffect(() => {
    latest.current = { load, t };
  });

  useEffect(() => {
    const controller = new AbortController();
    let url: string | undefined;
    latest.current.load(controller.signal).then(
      ({ blob, name }) => {
        if (controller.signal.aborted) return;
        // The browser's viewer shows a blob only when it is typed as a PDF.
        const pdf =
          blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' });
        url = URL.createObjectURL(pdf);
        setShown({ state: 'ready', url, name });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setShown({
          state: 'failed',
          message: isApiError(error) ? error.message : latest.current.t('common:errors.default'),
        });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [attempt]);

  // A page whose Content-Security-Policy allows no blob: frames (frame-src) refuses the embedded
  // viewer: the dialog then says so and offers the tab and the download, which still work.
  const [frameRefused, setFrameRefused] = useState(false);
  useEffect(() => {
    const refused = (event: SecurityPolicyViolationEvent) => {
      if (event.blockedURI.startsWith('blob')) setFrameRefused(true);
    };
    document.addEventListener('securitypolicyviolation', refused);
    return () => document.removeEventListener('securitypolicyviolation', refused);
  }, []);

  const retry = () => {
    setShown({ state: 'loading' });
    setAttempt((count) => count + 1);
  };

  return (
    <Modal
      open
      title={title}
      width={VIEWER_WIDTH}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap="small" wrap>
          {shown.state === 'ready' && (
            <>
              <Button
                icon={<EyeOutlined />}
                href={shown.url}
                target="_blank"
                rel="noopener"
                autoInsertSpace={false}
                data-testid={`${testId}-open`}
              >
                {t('ui:pdfPreview.openInTab')}
              </Button>
              <Button
                icon={<DownloadOutlined />}
                href={shown.url}
                download={shown.name}
                autoInsertSpace={false}
                data-testid={`${testId}-download`}
              >
                {t('ui:pdfPreview.download')}
              </Button>
            </>
          )}
          <Button
            type="primary"
            onClick={onClose}
            autoInsertSpace={false}
            data-testid={`${testId}-close`}
          >
            {t('ui:pdfPreview.close')}
          </Button>
        </Flex>
      }
    >
      <div data-testid={testId} data-state={shown.state} data-embedded={String(!frameRefused)}>
        {shown.state === 'loading' && (
          <Flex vertical align="center" gap="small" style={{ padding: '48px 0' }}>
            <Spin />
            <Typography.Text type="secondary">{t('ui:pdfPreview.loading')}</Typography.Text>
          </Flex>
        )}
        {shown.state === 'failed' && (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={t('ui:pdfPreview.failed')}
            description={shown.message}
            action={
              <Button
                icon={<ReloadOutlined />}
                onClick={retry}
                autoInsertSpace={false}
                data-testid={`${testId}-retry`}
              >
                {t('ui:pdfPreview.retry')}
              </Button>
            }
            data-testid={`${testId}-error`}
          />
        )}
        {shown.state === 'ready' && frameRefused && (
          <Alert
            type="info"
            showIcon
            title={t('ui:pdfPreview.notEmbedded')}
            data-testid={`${testId}-not-embedded`}
          />
        )}
        {shown.state === 'ready' && !frameRefused && (
          <iframe
            title={t('ui:pdfPreview.frameTitle')}
            src={shown.url}
            style={{ width: '100%', height: '70vh', border: 'none' }}
            data-testid={`${testId}-frame`}
          />
        )}
      </div>
    </Modal>
  );
}
