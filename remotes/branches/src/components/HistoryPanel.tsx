import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EntityHistoryTab, useHistoryPaging } from '@esim/ui';
import { formatDateTime } from '@esim/utils';
import { historyQuery } from '../api';

/** The audit history of a branch or an issuer, paged. */
export function HistoryPanel({ entity, id }: { entity: 'branch' | 'issuer'; id: string }) {
  const { t, i18n } = useTranslation('branches');
  const paging = useHistoryPaging();
  const query = useQuery(historyQuery(entity, id, paging.page, paging.pageSize));
  return (
    <EntityHistoryTab
      query={query}
      paging={paging}
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
