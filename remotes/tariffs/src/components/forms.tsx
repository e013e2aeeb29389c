import { Alert, Button } from 'antd';
import { isApiError } from '@esim/platform';
import { applyServerFieldErrors } from '@esim/ui';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** A save failed with a stale version (409 on field 'version'): someone else changed the record. */
export function isVersionConflict(error: unknown): boolean {
  return (
    isApiError(error) &&
    error.status === 409 &&
    error.errors.some((item) => item.field === 'version')
  );
}

/**
 * Puts a failed save's field errors on the form. Returns true when it was a version conflict
 * (the caller shows <ConflictAlert/>). Other errors were already toasted by the API client.
 */
export function handleSaveError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
): boolean {
  if (isVersionConflict(error)) return true;
  if (isApiError(error)) applyServerFieldErrors(setError, error.errors);
  return false;
}

/** The optimistic-concurrency conflict: explains it and offers to reload the record. */
export function ConflictAlert({ onReload }: { onReload: () => void }) {
  const { t } = useTranslation(['tariffs', 'common']);
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      data-testid="conflict-alert"
      title={t('conflict.title')}
      description={t('conflict.description')}
      action={
        <Button onClick={onReload} autoInsertSpace={false}>
          {t('common:actions.reload')}
        </Button>
      }
    />
  );
}
