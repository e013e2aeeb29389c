import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateValidationMessage } from '../i18n/translateValidationMessage';

/** The field's error message key, translated; undefined when the field is valid. */
export function useErrorText(error: FieldError | undefined): string | undefined {
  const { t } = useTranslation(['validation', 'common']);
  return error?.message ? translateValidationMessage(t, error.message) : undefined;
}
