import { Descriptions, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CampaignDetail, CampaignTarget } from '@esim/contracts';
import { useCampaignFormat } from '../format';
import { CampaignStatusTag } from './CampaignStatusTag';

function Targets({ targets, all }: { targets: CampaignTarget[]; all: string }) {
  if (targets.length === 0) return <>{all}</>;
  return (
    <>
      {targets.map((target) => (
        <Tag key={target.id} title={target.code}>
          {target.name}
        </Tag>
      ))}
    </>
  );
}

/** Every field of the campaign; remaining uses of the total. */
export function CampaignOverview({ campaign }: { campaign: CampaignDetail }) {
  const { t } = useTranslation('campaigns');
  const format = useCampaignFormat();
  const remaining =
    campaign.remainingQuantity === null || campaign.useQuantity === null
      ? t('values.unlimited')
      : t('detail.remainingOf', {
          remaining: campaign.remainingQuantity,
          total: campaign.useQuantity,
        });
  const items: { key: string; label: string; children: ReactNode }[] = [
    { key: 'code', label: t('fields.code'), children: campaign.code },
    { key: 'name', label: t('fields.name'), children: campaign.name },
    { key: 'type', label: t('fields.type'), children: t(`type.${campaign.type}`) },
    {
      key: 'status',
      label: t('fields.status'),
      children: <CampaignStatusTag status={campaign.status} />,
    },
    {
      key: 'discountType',
      label: t('fields.discountType'),
      children: t(`discountType.${campaign.discountType}`),
    },
    { key: 'discount', label: t('fields.discount'), children: format.discount(campaign) },
    {
      key: 'useQuantity',
      label: t('fields.useQuantity'),
      children: format.quantity(campaign.useQuantity),
    },
    { key: 'remainingQuantity', label: t('fields.remainingQuantity'), children: remaining },
    { key: 'usedCount', label: t('fields.usedCount'), children: campaign.usedCount },
    {
      key: 'voucherCodeCount',
      label: t('fields.voucherCodeCount'),
      children: campaign.voucherCodeCount,
    },
    {
      key: 'validity',
      label: t('fields.validity'),
      children: format.validity(campaign.validFrom, campaign.validTo),
    },
    {
      key: 'partners',
      label: t('fields.partners'),
      children: <Targets targets={campaign.partners} all={t('detail.allPartners')} />,
    },
    {
      key: 'products',
      label: t('fields.products'),
      children: <Targets targets={campaign.products} all={t('detail.allProducts')} />,
    },
    {
      key: 'created',
      label: t('fields.createdDate'),
      children: `${format.dateTime(campaign.createdDate)} (${campaign.createdBy})`,
    },
    {
      key: 'updated',
      label: t('fields.updatedDate'),
      children: `${format.dateTime(campaign.updatedDate)} (${campaign.updatedBy})`,
    },
  ];
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, md: 2 }}
      data-testid="campaign-overview"
      items={items.map((item) => ({
        ...item,
        children: <span data-testid={`campaign-field-${item.key}`}>{item.children}</span>,
      }))}
    />
  );
}
