import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '@esim/contracts';
import { AuditHistory } from '@esim/ui';
import { formatDateTime } from '@esim/utils';
import { historyQuery } from '../api';

/** The audit history of a branch or an issuer, paged. */
export function HistoryPanel({ entity, id }: { entity: 'branch' | 'issuer'; id: string }) {
  const { t, i18n } = useTranslation('branches');
  const [paging, setPaging] = useState({ page: 1, pageSize: PAGE_SIZES[1] as number });
  const query = useQuery(historyQuery(entity, id, paging.page, paging.pageSize));
  return (
    <AuditHistory
      entries={query.data?.items ?? []}
      total={query.data?.total ?? 0}
      loading={query.isFetching}
      error={query.isError ? query.error : undefined}
      onRetry={() => void query.refetch()}
      page={paging.page}
      pageSize={paging.pageSize}
      onPageChange={(page, pageSize) =>
        setPaging((current) => ({ page: pageSize === current.pageSize ? page : 1, pageSize }))
      }
      fieldLabel={(field) => t(`fields.${field}`, { defaultValue: field })}
      formatValue={(field, value) => {
        if (value === null || value === undefined || value === '') return '—';
        if (field === 'target' && typeof value === 'string') return t(`target.${value}`);
        if (typeof value === 'boolean') return value ? t('yes') : t('no');
        if ((field === 'createdDate' || field === 'updatedDate') && typeof value === 'string')
          return formatDateTime(value, i18n.language);
        return typeof value === 'string' ? value : JSON.stringify(value);
      }}
    />
  );
}
