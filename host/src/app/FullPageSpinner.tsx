import { useTranslation } from 'react-i18next';

/** Lean busy indicator for the moments before the layout (and antd) is loaded. */
export function FullPageSpinner({ inline = false }: { inline?: boolean }) {
  const { t, ready } = useTranslation('common', { useSuspense: false });
  return (
    <div
      className={inline ? 'esim-inline-center' : 'esim-center'}
      role="status"
      aria-live="polite"
      aria-label={ready ? t('loading') : 'Loading'}
    >
      <div className="esim-spinner" />
    </div>
  );
}
