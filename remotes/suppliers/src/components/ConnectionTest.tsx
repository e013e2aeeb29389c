import { ApiOutlined } from '@esim/ui/icons';
import { Alert, Button, Flex } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '@esim/utils';
import { supplierMutations } from '../mutations';

/** 'Test connection' for an api supplier: reachability, HTTP status, latency or the error. */
export function ConnectionTest({
  supplierId,
  disabled,
}: {
  supplierId: string;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation('suppliers');
  const mutation = useMutation(supplierMutations.testConnection());
  const result = mutation.data;
  return (
    <Flex vertical gap="small" data-testid="connection-test">
      <div>
        <Button
          icon={<ApiOutlined />}
          onClick={() => mutation.mutate(supplierId)}
          loading={mutation.isPending}
          disabled={disabled}
          autoInsertSpace={false}
        >
          {t('connection.test')}
        </Button>
      </div>
      {mutation.isError && (
        <Alert
          type="error"
          showIcon
          title={t('connection.failed')}
          description={mutation.error.message}
        />
      )}
      {result && (
        <Alert
          data-testid="connection-result"
          type={result.ok ? 'success' : 'error'}
          showIcon
          title={result.ok ? t('connection.reachable') : t('connection.unreachable')}
          description={
            <Flex vertical>
              <span>
                {t('connection.status')}: {result.status ?? t('connection.noAnswer')}
              </span>
              <span>
                {t('connection.latency', {
                  ms: formatNumber(result.latencyMs, { maxDecimals: 0 }),
                })}
              </span>
              <span>
                {t('connection.url')}: {result.url}
              </span>
              {result.error && (
                <span>
                  {t('connection.error')}: {result.error}
                </span>
              )}
              <span>
                {t('connection.checkedAt')}: {formatDateTime(result.checkedAt, i18n.language)}
              </span>
            </Flex>
          }
        />
      )}
    </Flex>
  );
}
