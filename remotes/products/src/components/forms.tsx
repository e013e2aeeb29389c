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
 * Puts a failed save's field errors on the form (only `fields` when given). Returns whether it
 * was a version conflict (the caller shows <ConflictAlert/>) and the messages no field took
 * (the caller shows them in the form; the API client has toasted them too).
 */
export function handleSaveError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields?: readonly string[],
): { conflict: boolean; unplaced: string[] } {
  if (isVersionConflict(error)) return { conflict: true, unplaced: [] };
  if (!isApiError(error)) return { conflict: false, unplaced: [] };
  const rest = applyServerFieldErrors(setError, error.errors, fields);
  const unplaced = rest.map((item) => item.message).filter(Boolean);
  if (error.errors.length === 0 && error.message) unplaced.push(error.message);
  return { conflict: false, unplaced };
}

/** The optimistic-concurrency conflict: explains it and offers to reload the record. */
export function ConflictAlert({
  onReload,
  reloading,
}: {
  onReload: () => void;
  reloading?: boolean;
}) {
  const { t } = useTranslation(['products', 'common']);
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      data-testid="product-conflict"
      title={t('conflict.title')}
      description={t('conflict.description')}
      action={
        <Button onClick={onReload} loading={reloading} autoInsertSpace={false}>
          {t('common:actions.reload')}
        </Button>
      }
    />
  );
}

/** Messages of the API that no form field took (shown inside the form, next to the inputs). */
export function ServerErrors({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      data-testid="server-error"
      title={messages.join(' ')}
      style={{ marginBottom: 16 }}
    />
  );
}
