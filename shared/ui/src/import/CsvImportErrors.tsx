import { Alert, Flex } from 'antd';
import type { CsvRowError } from '@esim/contracts';
import { formatNumber } from '@esim/utils';
import { useTranslation } from 'react-i18next';
import { ImportRowErrors } from './ImportRowErrors';

export interface CsvImportErrorsProps {
  errors: readonly CsvRowError[];
  /** All errors when the API listed only the first ones (default errors.length). */
  errorCount?: number;
  areaNamespace: string;
}

/** A dry run's row errors: how many and that nothing is imported meanwhile, then the table. */
export function CsvImportErrors({ errors, errorCount, areaNamespace }: CsvImportErrorsProps) {
  const { t } = useTranslation('ui');
  const total = errorCount ?? errors.length;
  if (total === 0) return null;
  return (
    <Flex vertical gap="small">
      <Alert
        type="error"
        showIcon
        data-testid="import-has-errors"
        title={t('csvImport.hasErrors', { count: total, n: formatNumber(total) })}
      />
      <ImportRowErrors errors={errors} errorCount={total} areaNamespace={areaNamespace} />
    </Flex>
  );
}
