import { useQuery } from '@tanstack/react-query';
import { AuditHistory } from '@esim/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tariffHistoryQuery } from '../api';

/** A group's or a code's audit history (GET tariff/history?id=). */
export function History({ id }: { id: string }) {
  const { t } = useTranslation(['tariffs', 'common']);
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const query = useQuery(tariffHistoryQuery(id, paging.page, paging.pageSize));
  return (
    <AuditHistory
      entries={query.data?.items ?? []}
      total={query.data?.total ?? 0}
      loading={query.isFetching}
      error={query.error}
      page={paging.page}
      pageSize={paging.pageSize}
      onPageChange={(page, pageSize) => setPaging({ page, pageSize })}
      onRetry={() => void query.refetch()}
      fieldLabel={(field) =>
        field.startsWith('price.')
          ? t('history.price', { code: field.slice('price.'.length) })
          : t(`common:fields.${field}`, { defaultValue: field })
      }
    />
  );
}
