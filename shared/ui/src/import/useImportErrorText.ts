import type { CsvRowError } from '@esim/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Translates one import problem the API reported with its key and params: the area's own key
 * (<area>:import.errors.<key>) first, else the shared validation key, with `name` / `format`
 * shown as field labels; the API's English only for a key this console does not know yet.
 */
export function useImportErrorText(areaNamespace: string): (error: CsvRowError) => string {
  const { t, i18n } = useTranslation([areaNamespace, 'validation', 'common']);
  return useCallback(
    (error: CsvRowError) => {
      const values: Record<string, unknown> = { row: error.row, rowCount: error.row };
      for (const [key, value] of Object.entries(error.params ?? {})) {
        values[key] =
          (key === 'name' || key === 'format') && typeof value === 'string'
            ? t(`common:fields.${value}`, { defaultValue: value })
            : value;
      }
      const own = `${areaNamespace}:import.errors.${error.key}`;
      if (i18n.exists(own)) return t(own, values);
      const shared = `validation:${error.key}`;
      if (i18n.exists(shared)) return t(shared, values);
      return error.message;
    },
    [areaNamespace, t, i18n],
  );
}
