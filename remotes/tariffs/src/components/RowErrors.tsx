import { Alert, Flex } from 'antd';
import type { CsvRowError } from '@esim/contracts';
import { ImportRowErrors } from '@esim/ui';
import { useTranslation } from 'react-i18next';

/** Every row-level problem of an import preview: how many, then the kit's table. */
export function RowErrors({ errors }: { errors: readonly CsvRowError[] }) {
  const { t } = useTranslation('tariffs');
  if (errors.length === 0) return null;
  return (
    <Flex vertical gap="small">
      <Alert type="error" showIcon title={t('import.errorCount', { count: errors.length })} />
      <ImportRowErrors errors={errors} areaNamespace="tariffs" />
    </Flex>
  );
}
