import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { displayValue, formatDateTime } from '@esim/utils';

/** Formatters for the area's values in the current language. */
export function useRolesFormat() {
  const { i18n } = useTranslation('roles');
  const dateTime = useCallback(
    (value: string | null | undefined): string =>
      value ? formatDateTime(value, i18n.language) : displayValue(null),
    [i18n.language],
  );
  return { dateTime, text: (value: string | null | undefined) => displayValue(value) };
}
