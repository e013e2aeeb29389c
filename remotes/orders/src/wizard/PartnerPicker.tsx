import { Flex, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { OptionSelect } from '@esim/ui';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { partnerOptionsQuery } from '../api';

export interface ChosenPartner {
  id: string;
  name: string;
}

/**
 * The partner the order is for: chosen first, since the bundles and their prices are the
 * partner's. A partner's own staff sees only its partner, chosen for them.
 */
export function PartnerPicker({
  value,
  onChange,
}: {
  value: ChosenPartner | null;
  onChange: (partner: ChosenPartner | null) => void;
}) {
  const { t } = useTranslation('orders');
  const partners = useQuery(partnerOptionsQuery());
  const options = (partners.data ?? []).map((partner) => ({
    value: partner.id,
    label: `${partner.name} (${partner.code})`,
  }));
  const only = partners.data?.length === 1 ? partners.data[0] : undefined;
  useEffect(() => {
    if (!value && only) onChange({ id: only.id, name: only.name });
  }, [value, only, onChange]);

  return (
    <Flex vertical gap={4}>
      <Typography.Text strong>
        <label htmlFor="order-partner">{t('bundles.partner')}</label>
      </Typography.Text>
      <OptionSelect
        id="order-partner"
        data-testid="order-partner"
        style={{ maxWidth: 420 }}
        showSearch
        placeholder={t('bundles.partnerPlaceholder')}
        loading={partners.isLoading}
        options={options}
        value={value?.id}
        aria-required
        onChange={(id: string | undefined) => {
          const partner = partners.data?.find((item) => item.id === id);
          onChange(partner ? { id: partner.id, name: partner.name } : null);
        }}
        notFoundContent={partners.isError ? t('bundles.partnersFailed') : undefined}
      />
      <Typography.Text type="secondary">{t('bundles.partnerHelp')}</Typography.Text>
    </Flex>
  );
}
