import { isApiError } from '@esim/platform';

/**
 * The API's answer for a record a detail route cannot show because it does not exist: 404, or
 * 400 / 422 when the id in the URL is not even a valid id (a typed or cut-off link).
 */
export function isMissingRecordError(error: unknown): boolean {
  return isApiError(error) && [400, 404, 422].includes(error.status);
}
