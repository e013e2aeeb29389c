import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLoadingStore } from './loadingStore';

/** Full-screen spinner driven by loading.show() / loading.hide(); mount once. */
export function LoadingOverlay() {
  const { t } = useTranslation('ui');
  const visible = useLoadingStore((s) => s.count > 0);
  return (
    <Spin fullscreen spinning={visible} description={visible ? t('loading.label') : undefined} />
  );
}
