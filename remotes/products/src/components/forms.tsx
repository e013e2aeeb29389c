import { ConflictAlert } from '@esim/ui';
import { useTranslation } from 'react-i18next';

/** The version conflict in the products area's words (the form kit's conflictAlert prop). */
export function useProductConflictWords() {
  const { t } = useTranslation('products');
  return {
    title: t('conflict.title'),
    description: t('conflict.description'),
    testId: 'product-conflict',
  };
}

/** The kit's version-conflict alert in the products area's words. */
export function ProductConflictAlert(props: { onReload: () => void; reloading?: boolean }) {
  return <ConflictAlert {...props} {...useProductConflictWords()} />;
}
