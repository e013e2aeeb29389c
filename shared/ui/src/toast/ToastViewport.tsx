import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { ToastCard } from './ToastCard';
import { useToastStore } from './toastStore';

/** Where toasts appear (top right, newest first); the host mounts it once. */
export function ToastViewport() {
  const { t } = useTranslation('ui');
  const { token } = theme.useToken();
  const toasts = useToastStore((s) => s.toasts);
  return (
    <section
      aria-label={t('toast.region')}
      style={{
        position: 'fixed',
        top: token.marginLG,
        right: token.marginLG,
        zIndex: token.zIndexPopupBase + 100,
        display: 'flex',
        flexDirection: 'column',
        gap: token.marginXS,
        pointerEvents: 'none',
      }}
    >
      {[...toasts].reverse().map((item) => (
        <ToastCard key={item.id} toast={item} />
      ))}
    </section>
  );
}
