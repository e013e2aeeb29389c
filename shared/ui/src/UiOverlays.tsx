import { ConfirmDialogHost } from './confirm/ConfirmDialogHost';
import { LoadingOverlay } from './loading/LoadingOverlay';
import { TopProgressBar } from './loading/TopProgressBar';
import { ModalNotificationHost } from './modal/ModalNotificationHost';
import { ToastViewport } from './toast/ToastViewport';

/**
 * Everything the imperative APIs draw (toast, showModalNotification, confirm, loading,
 * progress). The host mounts it once inside its antd ConfigProvider / App and i18n provider.
 */
export function UiOverlays() {
  return (
    <>
      <TopProgressBar />
      <ToastViewport />
      <ModalNotificationHost />
      <ConfirmDialogHost />
      <LoadingOverlay />
    </>
  );
}
