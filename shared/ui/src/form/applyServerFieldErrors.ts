import type { ApiErrorBody, ApiErrorItem } from '@esim/contracts';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/** "items[0].name" (API) -> "items.0.name" (react-hook-form). */
function toFieldPath(field: string): string {
  return field.replace(/\[(\w+)\]/g, '.$1').replace(/^\./, '');
}

/**
 * Puts the API's field errors (400 validation: errors[].field) on the matching form fields and
 * focuses the first. Returns the errors that name no field (or a field not in `fields`), so
 * the caller can show them another way.
 */
export function applyServerFieldErrors<TValues extends FieldValues>(
  setError: UseFormSetError<TValues>,
  apiErrors: readonly ApiErrorItem[] | ApiErrorBody | null | undefined,
  fields?: readonly string[],
): ApiErrorItem[] {
  const list = Array.isArray(apiErrors)
    ? apiErrors
    : ((apiErrors as ApiErrorBody | null | undefined)?.errors ?? []);
  const rest: ApiErrorItem[] = [];
  let focused = false;
  for (const error of list) {
    const path = error.field ? toFieldPath(error.field) : '';
    if (!path || (fields && !fields.includes(path))) {
      rest.push(error);
      continue;
    }
    setError(
      path as Path<TValues>,
      { type: 'server', message: error.message },
      { shouldFocus: !focused },
    );
    focused = true;
  }
  return rest;
}
