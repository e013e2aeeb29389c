import { Col, Row } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWatch, type Control } from 'react-hook-form';
import {
  CAMPAIGN_CODE_MAX_LENGTH,
  CAMPAIGN_DISCOUNT_TYPES,
  CAMPAIGN_STATUSES,
  CAMPAIGN_TYPES,
  MAX_LENGTH,
  RESOURCES,
  type CampaignDetail,
  type CampaignTarget,
  type CreateCampaignInput,
  businessToday,
} from '@esim/contracts';
import { usePermission } from '@esim/platform';
import {
  FormDateField,
  FormNumberField,
  FormSelectField,
  FormTextField,
  type OptionItem,
} from '@esim/ui';
import { partnerOptionsQuery, productOptionsQuery } from '../api';

export type CampaignFormValues = CreateCampaignInput;

export interface CampaignFormFieldsProps {
  control: Control<CampaignFormValues>;
  /** Edit: the campaign as loaded (its partners and products name the chosen options). */
  campaign?: CampaignDetail;
}

/** Days before today in Asia/Tokyo, which a new campaign cannot start or end on. */
const beforeToday = (day: Dayjs) => day.format('YYYY-MM-DD') < businessToday();

const targetLabel = (target: { code: string; name: string }) => `${target.code} — ${target.name}`;

/** Every campaign field of the spec, in two columns. */
export function CampaignFormFields({ control, campaign }: CampaignFormFieldsProps) {
  const { t } = useTranslation('campaigns');
  const canReadPartners = usePermission(RESOURCES.partners, 'GET');
  const canReadProducts = usePermission(RESOURCES.products, 'GET');
  const [productSearch, setProductSearch] = useState('');
  const partners = useQuery({ ...partnerOptionsQuery(), enabled: canReadPartners });
  const products = useQuery({ ...productOptionsQuery(productSearch), enabled: canReadProducts });
  const discountType = useWatch({ control, name: 'discountType' });
  const usesVoucherCodes = (campaign?.voucherCodeCount ?? 0) > 0;

  const partnerOptions = useMemo(() => {
    const byId = new Map<string, OptionItem<string>>();
    for (const partner of campaign?.partners ?? [])
      byId.set(partner.id, { value: partner.id, label: targetLabel(partner) });
    for (const partner of partners.data ?? [])
      byId.set(partner.id, { value: partner.id, label: targetLabel(partner) });
    return [...byId.values()];
  }, [campaign, partners.data]);

  // Products are searched on the server: the ones seen keep their names between searches.
  const [knownProducts, setKnownProducts] = useState(
    () => new Map((campaign?.products ?? []).map((product) => [product.id, product])),
  );
  const [seenProducts, setSeenProducts] = useState(products.data);
  if (seenProducts !== products.data) {
    setSeenProducts(products.data);
    const known = new Map(knownProducts);
    for (const product of products.data?.items ?? [])
      known.set(product.id, { id: product.id, code: product.productCode, name: product.name });
    setKnownProducts(known);
  }
  const productOptions = useMemo(
    () =>
      [...knownProducts.values()].map((product: CampaignTarget) => ({
        value: product.id,
        label: targetLabel(product),
      })),
    [knownProducts],
  );

  const options = <T extends string>(values: readonly T[], group: string) =>
    values.map((value) => ({ value, label: t(`${group}.${value}`) }));

  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <FormTextField
          control={control}
          name="code"
          label={t('fields.code')}
          maxLength={CAMPAIGN_CODE_MAX_LENGTH}
          required
          extra={t('form.codeHint')}
        />
      </Col>
      <Col xs={24} md={12}>
        <FormTextField
          control={control}
          name="name"
          label={t('fields.name')}
          maxLength={MAX_LENGTH.default}
          required
        />
      </Col>
      <Col xs={24} md={12}>
        <FormSelectField
          control={control}
          name="type"
          label={t('fields.type')}
          options={options(CAMPAIGN_TYPES, 'type')}
          required
        />
      </Col>
      <Col xs={24} md={12}>
        <FormSelectField
          control={control}
          name="status"
          label={t('fields.status')}
          options={options(CAMPAIGN_STATUSES, 'status')}
          required
        />
      </Col>
      <Col xs={24} md={12}>
        <FormSelectField
          control={control}
          name="discountType"
          label={t('fields.discountType')}
          options={options(CAMPAIGN_DISCOUNT_TYPES, 'discountType')}
          required
        />
      </Col>
      <Col xs={24} md={12}>
        <FormNumberField
          control={control}
          name="discountValue"
          label={t('fields.discountValue')}
          decimals={0}
          maxLength={10}
          suffix={discountType === 'percent' ? '%' : 'JPY'}
          required
          extra={discountType === 'percent' ? t('form.percentHint') : t('form.priceHint')}
        />
      </Col>
      <Col xs={24} md={12}>
        <FormNumberField
          control={control}
          name="useQuantity"
          label={t('fields.useQuantity')}
          decimals={0}
          maxLength={10}
          disabled={usesVoucherCodes}
          extra={usesVoucherCodes ? t('form.useQuantityCodes') : t('form.useQuantityHint')}
        />
      </Col>
      <Col xs={24} md={12} />
      <Col xs={24} md={12}>
        <FormDateField
          control={control}
          name="validFrom"
          label={t('fields.validFrom')}
          required
          disabledDate={campaign ? undefined : beforeToday}
        />
      </Col>
      <Col xs={24} md={12}>
        <FormDateField
          control={control}
          name="validTo"
          label={t('fields.validTo')}
          required
          disabledDate={campaign ? undefined : beforeToday}
        />
      </Col>
      <Col xs={24}>
        <FormSelectField
          control={control}
          name="partnerIds"
          label={t('fields.partners')}
          mode="multiple"
          options={partnerOptions}
          loading={partners.isFetching}
          showSearch
          allowClear
          placeholder={t('form.allPartners')}
          extra={t('form.partnersHint')}
        />
      </Col>
      <Col xs={24}>
        <FormSelectField
          control={control}
          name="productIds"
          label={t('fields.products')}
          mode="multiple"
          options={productOptions}
          loading={products.isFetching}
          onSearch={setProductSearch}
          allowClear
          placeholder={t('form.allProducts')}
          extra={t('form.productsHint')}
        />
      </Col>
    </Row>
  );
}

/** Form values of a new campaign, or of a stored one. */
export function toFormValues(campaign?: CampaignDetail): CampaignFormValues {
  if (!campaign)
    return {
      code: '',
      name: '',
      type: 'coupon',
      discountType: 'percent',
      discountValue: undefined as unknown as number,
      useQuantity: null,
      // Dates are business days in Asia/Tokyo (the API refuses ones before its today).
      validFrom: businessToday(),
      validTo: '',
      partnerIds: [],
      productIds: [],
      status: 'active',
    };
  return {
    code: campaign.code,
    name: campaign.name,
    type: campaign.type,
    discountType: campaign.discountType,
    discountValue: campaign.discountValue,
    useQuantity: campaign.useQuantity,
    validFrom: campaign.validFrom,
    validTo: campaign.validTo,
    partnerIds: campaign.partnerIds,
    productIds: campaign.productIds,
    status: campaign.status,
  };
}

/** Names of the form's fields (server field errors on any other field are shown another way). */
export const CAMPAIGN_FORM_FIELDS = [
  'code',
  'name',
  'type',
  'discountType',
  'discountValue',
  'useQuantity',
  'validFrom',
  'validTo',
  'partnerIds',
  'productIds',
  'status',
] as const;
