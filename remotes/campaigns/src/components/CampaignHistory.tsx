import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EntityHistoryTab, useHistoryPaging } from '@esim/ui';
import { campaignHistoryQuery } from '../api';

/** The campaign's audit history (campaign/history). */
export function CampaignHistory({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation('campaigns');
  const paging = useHistoryPaging();
  const query = useQuery(campaignHistoryQuery(campaignId, paging.page, paging.pageSize));
  return (
    <EntityHistoryTab
      query={query}
      paging={paging}
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
