import { Table, Typography } from 'antd';
import type { CsvRowError } from '@esim/contracts';
import type { HTMLAttributes } from 'react';
import { formatNumber } from '@esim/utils';
import { useTranslation } from 'react-i18next';
import { counted } from '../counted';

/**
 * Translates one import problem: the stock area's own keys (stock:import.errors.<key>), else the
 * shared validation keys with `name` / `format` shown as field labels, else the API's English.
 */
export function useRowErrorText() {
  const { t, i18n } = useTranslation(['stock', 'validation', 'common']);
  return (error: CsvRowError): string => {
    const values: Record<string, unknown> = { row: error.row, rowCount: error.row };
    for (const [key, value] of Object.entries(error.params ?? {})) {
      values[key] =
        (key === 'name' || key === 'format') && typeof value === 'string'
          ? t(`common:fields.${value}`, { defaultValue: value })
          : value;
    }
    const own = `stock:import.errors.${error.key}`;
    if (i18n.exists(own)) return t(own, values);
    const shared = `validation:${error.key}`;
    if (i18n.exists(shared)) return t(shared, values);
    return error.message;
  };
}

/** The row errors of an import preview: row number, column and what is wrong. */
export function RowErrorTable({
  errors,
  errorCount,
}: {
  errors: readonly CsvRowError[];
  errorCount: number;
}) {
  const { t } = useTranslation(['stock', 'common']);
  const text = useRowErrorText();
  if (errors.length === 0) return null;
  return (
    <>
      <Table<CsvRowError & { index: number }>
        size="small"
        data-testid="import-errors"
        rowKey="index"
        dataSource={errors.map((error, index) => ({ ...error, index }))}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        onRow={() => ({ 'data-testid': 'import-error' }) as HTMLAttributes<HTMLElement>}
        columns={[
          {
            key: 'row',
            title: t('import.errorTable.row'),
            width: 90,
            render: (_, error) => (error.row > 0 ? error.row : t('import.errorTable.file')),
          },
          {
            key: 'field',
            title: t('import.errorTable.field'),
            width: 160,
            render: (_, error) =>
              error.field ? t(`common:fields.${error.field}`, { defaultValue: error.field }) : '',
          },
          {
            key: 'message',
            title: t('import.errorTable.message'),
            render: (_, error) => text(error),
          },
        ]}
      />
      {errorCount > errors.length && (
        <Typography.Text type="secondary">
          {t('import.moreErrors', {
            shown: formatNumber(errors.length),
            ...counted(errorCount),
          })}
        </Typography.Text>
      )}
    </>
  );
}
