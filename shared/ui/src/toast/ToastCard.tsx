import {
  CheckCircleFilled,
  CloseCircleFilled,
  CloseOutlined,
  ExclamationCircleFilled,
  InfoCircleFilled,
} from '../icons';
import { Button, theme } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useToastStore, type ToastItem, type ToastType } from './toastStore';
import { useSwipeToDismiss } from './useSwipeToDismiss';

const ICONS: Record<ToastType, typeof InfoCircleFilled> = {
  success: CheckCircleFilled,
  error: CloseCircleFilled,
  warning: ExclamationCircleFilled,
  info: InfoCircleFilled,
};

/** One toast: icon, text, close button; swipe right to dismiss; hover/focus pauses its clock. */
export function ToastCard({ toast }: { toast: ToastItem }) {
  const { t } = useTranslation('ui');
  const { token } = theme.useToken();
  const dismiss = useToastStore((s) => s.dismiss);
  const pause = useToastStore((s) => s.pause);
  const resume = useToastStore((s) => s.resume);
  const { offset, dragging, handlers } = useSwipeToDismiss(() => dismiss(toast.id));
  const dismissed = toast.status === 'dismissed';
  const color = {
    success: token.colorSuccess,
    error: token.colorError,
    warning: token.colorWarning,
    info: token.colorInfo,
  }[toast.type];
  const Icon = ICONS[toast.type];

  const style: CSSProperties = {
    display: 'flex',
    alignItems: 'flex-start',
    gap: token.marginXS,
    width: 360,
    maxWidth: 'calc(100vw - 32px)',
    padding: `${token.paddingSM}px ${token.padding}px`,
    background: token.colorBgElevated,
    borderRadius: token.borderRadiusLG,
    boxShadow: token.boxShadowSecondary,
    borderInlineStart: `4px solid ${color}`,
    pointerEvents: 'auto',
    touchAction: 'pan-y',
    userSelect: 'none',
    transform: `translateX(${dismissed ? Math.max(offset, 400) : offset}px)`,
    opacity: dismissed ? 0 : 1,
    transition: dragging && !dismissed ? 'none' : 'transform 0.2s ease, opacity 0.2s ease',
  };

  return (
    <div
      role={toast.type === 'error' ? 'alert' : 'status'}
      data-toast-id={toast.id}
      data-toast-type={toast.type}
      data-state={toast.status}
      style={style}
      {...handlers}
      onPointerEnter={() => pause(toast.id)}
      onPointerLeave={() => resume(toast.id)}
      onFocus={() => pause(toast.id)}
      onBlur={() => resume(toast.id)}
    >
      <Icon style={{ color, fontSize: 18, marginTop: 2 }} />
      <span style={{ flex: 1, color: token.colorText, wordBreak: 'break-word' }}>{toast.text}</span>
      <Button
        type="text"
        size="small"
        aria-label={t('toast.close')}
        icon={<CloseOutlined />}
        onPointerDown={(e) => e.stopPropagation()}
        onClick={() => dismiss(toast.id)}
      />
    </div>
  );
}
