import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '@esim/contracts';
import { AuditHistory } from '@esim/ui';
import { campaignHistoryQuery } from '../api';

/** The campaign's audit history (campaign/history). */
export function CampaignHistory({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation('campaigns');
  const [paging, setPaging] = useState({ page: 1, pageSize: PAGE_SIZES[1] as number });
  const query = useQuery(campaignHistoryQuery(campaignId, paging.page, paging.pageSize));
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
      formatValue={(field, value) =>
        field === 'type' || field === 'discountType' || field === 'status'
          ? t(`${field}.${String(value)}`, { defaultValue: String(value) })
          : Array.isArray(value)
            ? value.join(', ')
            : typeof value === 'string'
              ? value
              : JSON.stringify(value)
      }
    />
  );
}
