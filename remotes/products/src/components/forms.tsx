import { ConflictAlert } from '@esim/ui';
import { useTranslation } from 'react-i18next';

/** The kit's version-conflict alert in the products area's words. */
export function ProductConflictAlert(props: { onReload: () => void; reloading?: boolean }) {
  const { t } = useTranslation('products');
  return (
    <ConflictAlert
      {...props}
      title={t('conflict.title')}
      description={t('conflict.description')}
      testId="product-conflict"
    />
  );
}
