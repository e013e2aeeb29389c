import { Alert, Button } from 'antd';
import { isApiError } from '@esim/platform';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors } from './applyServerFieldErrors';

/**
 * A save refused because the record changed since it was loaded (optimistic concurrency): 409
 * about the version, or a 409 that names no field at all.
 */
export function isVersionConflict(error: unknown): boolean {
  return (
    isApiError(error) &&
    error.status === 409 &&
    (error.errors.length === 0 || error.errors.some((item) => item.field === 'version'))
  );
}

/**
 * Puts a failed save's field errors on the form (only `fields` when given). Returns whether it
 * was a version conflict (the caller shows <ConflictAlert/>) and the messages no field took (the
 * caller shows them with <ServerErrors/>; the API client has toasted them too).
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

export interface ConflictAlertProps {
  onReload: () => void;
  reloading?: boolean;
  /** The area's own words ('Someone else changed this product'); the kit's otherwise. */
  title?: string;
  description?: string;
  testId?: string;
}

/** The version conflict: nothing was saved; Reload shows the record as it is now. */
export function ConflictAlert({
  onReload,
  reloading,
  title,
  description,
  testId = 'conflict-alert',
}: ConflictAlertProps) {
  const { t } = useTranslation('ui');
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      data-testid={testId}
      title={title ?? t('conflict.title')}
      description={description ?? t('conflict.description')}
      action={
        <Button onClick={onReload} loading={reloading} autoInsertSpace={false}>
          {t('conflict.reload')}
        </Button>
      }
    />
  );
}

/** Messages of the API that no form field took, shown inside the form next to the inputs. */
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
