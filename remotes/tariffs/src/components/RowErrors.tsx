import { Alert, List } from 'antd';
import { encodeMessage, type CsvRowError } from '@esim/contracts';
import { translateValidationMessage } from '@esim/ui';
import { useTranslation } from 'react-i18next';

/** Translates one import problem: the area's business keys, else the validation keys. */
export function useRowErrorText() {
  const { t, i18n } = useTranslation(['tariffs', 'validation', 'common']);
  return (error: CsvRowError): string => {
    const own = `tariffs:import.errors.${error.key}`;
    if (i18n.exists(own)) return t(own, { row: error.row, ...error.params });
    const text = translateValidationMessage(
      t,
      encodeMessage(error.key as Parameters<typeof encodeMessage>[0], error.params),
    );
    return text.startsWith(error.key) ? error.message : text;
  };
}

/** Every row-level problem of an import preview, with its row number. */
export function RowErrors({ errors }: { errors: readonly CsvRowError[] }) {
  const { t } = useTranslation('tariffs');
  const text = useRowErrorText();
  if (errors.length === 0) return null;
  return (
    <Alert
      type="error"
      showIcon
      title={t('import.errorCount', { count: errors.length })}
      description={
        <List
          size="small"
          data-testid="import-errors"
          dataSource={[...errors]}
          renderItem={(error) => (
            <List.Item data-testid="import-error">
              {error.row > 0 ? `${t('import.row', { row: error.row })}: ` : ''}
              {text(error)}
            </List.Item>
          )}
        />
      }
    />
  );
}
