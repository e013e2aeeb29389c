import { Table, Typography } from 'antd';
import type { CsvRowError } from '@esim/contracts';
import { formatNumber } from '@esim/utils';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useImportErrorText } from './useImportErrorText';

export interface ImportRowErrorsProps {
  errors: readonly CsvRowError[];
  /** How many there are in all when the API sent only the first ones (default: errors.length). */
  errorCount?: number;
  /** The area's namespace, for its own import error keys (useImportErrorText). */
  areaNamespace: string;
}

/** The row errors of an import preview: row, column and what is wrong, ten a page. */
export function ImportRowErrors({ errors, errorCount, areaNamespace }: ImportRowErrorsProps) {
  const { t } = useTranslation(['ui', 'common']);
  const text = useImportErrorText(areaNamespace);
  if (errors.length === 0) return null;
  const total = errorCount ?? errors.length;
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
            title: t('ui:importErrors.row'),
            width: 90,
            render: (_, error) => (error.row > 0 ? error.row : t('ui:importErrors.file')),
          },
          {
            key: 'field',
            title: t('ui:importErrors.field'),
            width: 160,
            render: (_, error) =>
              error.field ? t(`common:fields.${error.field}`, { defaultValue: error.field }) : '',
          },
          {
            key: 'message',
            title: t('ui:importErrors.message'),
            render: (_, error) => text(error),
          },
        ]}
      />
      {total > errors.length && (
        <Typography.Text type="secondary" data-testid="import-errors-more">
          {t('ui:importErrors.more', {
            shown: formatNumber(errors.length),
            count: total,
            n: formatNumber(total),
          })}
        </Typography.Text>
      )}
    </>
  );
}
