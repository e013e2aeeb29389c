import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { PROGRESS_FINISH_MS, PROGRESS_TRICKLE_MS, useProgressStore } from './progressStore';

/** Thin bar at the very top driven by progress.start() / progress.done(); mount once. */
export function TopProgressBar() {
  const { t } = useTranslation('ui');
  const { token } = theme.useToken();
  const value = useProgressStore((s) => s.value);
  if (value === null) return null;
  return (
    <div
      role="progressbar"
      aria-label={t('progress.label')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(value)}
      style={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        height: 3,
        zIndex: token.zIndexPopupBase + 200,
        pointerEvents: 'none',
      }}
    >
      <div
        style={{
          height: '100%',
          width: `${value}%`,
          background: token.colorPrimary,
          opacity: value >= 100 ? 0 : 1,
          transition: `width ${PROGRESS_TRICKLE_MS}ms ease, opacity ${PROGRESS_FINISH_MS}ms ease`,
        }}
      />
    </div>
  );
}
