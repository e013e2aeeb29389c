import { Col, Row, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useWatch, type Control } from 'react-hook-form';
import {
  APN_TYPES,
  DEFAULT_THROTTLING_SPEED_KBPS,
  MAX_LENGTH,
  PRODUCT_NETWORKS,
  PRODUCT_STATUSES,
  PRODUCT_TYPES,
  type CreateProductInput,
  type ProductRecord,
} from '@esim/contracts';
import {
  FormMoneyField,
  FormNumberField,
  FormSelectField,
  FormTextField,
  type OptionItem,
} from '@esim/ui';
import { countriesQuery, currenciesQuery, useMinorUnits } from '@esim/platform';
import { supplierOptionsQuery } from '../api';

/** The fields POST product and PUT product share (prices and labels have calls of their own). */
export type ProductFormValues = Omit<CreateProductInput, 'sellingPriceJpy' | 'labels'>;

export interface ProductFormFieldsProps {
  control: Control<ProductFormValues>;
  mode: 'create' | 'edit';
  /** Extra fields at the end of the prices section (the create form's selling price, labels). */
  extra?: ReactNode;
}

/** Every product field of the spec, grouped: product, data plan, cost. */
export function ProductFormFields({ control, mode, extra }: ProductFormFieldsProps) {
  const { t } = useTranslation(['products', 'common']);
  const suppliers = useQuery(supplierOptionsQuery());
  const countries = useQuery(countriesQuery());
  const currencies = useQuery(currenciesQuery());
  const minorUnits = useMinorUnits();
  const [supplierId, apnType, costCurrency] = useWatch({
    control,
    name: ['supplierId', 'apnType', 'costCurrency'],
  });

  // New products belong to stock-type suppliers (API suppliers' products come from the sync).
  const supplierOptions: OptionItem<string>[] = (suppliers.data?.items ?? [])
    .filter((supplier) => mode === 'edit' || supplier.deliveryType === 'stock')
    .map((supplier) => ({ value: supplier.id, label: supplier.name }));
  if (supplierId && !supplierOptions.some((option) => option.value === supplierId))
    supplierOptions.push({ value: supplierId, label: supplierId });
  const countryOptions: OptionItem<string>[] = (countries.data ?? []).map((country) => ({
    value: country.code,
    label: `${country.code} — ${country.nameEnglish}`,
  }));
  const currencyOptions: OptionItem<string>[] = (currencies.data ?? []).map((currency) => ({
    value: currency.isoCode,
    label: currency.isoCode,
  }));
  const enumOptions = (kind: string, values: readonly string[]): OptionItem<string>[] =>
    values.map((value) => ({ value, label: t(`${kind}.${value}`) }));
  const currency = costCurrency || 'JPY';

  const text = (
    name: keyof ProductFormValues & string,
    maxLength: number,
    extraProps: { required?: boolean; rows?: number; extra?: ReactNode; placeholder?: string } = {},
  ) => (
    <FormTextField
      control={control}
      name={name}
      label={t(`common:fields.${name}`)}
      maxLength={maxLength}
      {...extraProps}
    />
  );

  return (
    <>
      <Typography.Title level={5}>{t('form.sections.general')}</Typography.Title>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          {text('name', MAX_LENGTH.long, { required: true })}
        </Col>
        <Col xs={24} md={12}>
          {text('productCode', MAX_LENGTH.code, { required: true, extra: t('form.codeHint') })}
        </Col>
        <Col xs={24} md={12}>
          <FormSelectField
            control={control}
            name="supplierId"
            label={t('common:fields.supplierId')}
            options={supplierOptions}
            loading={suppliers.isPending}
            disabled={mode === 'edit'}
            showSearch
            required
            extra={mode === 'create' ? t('form.stockSuppliersOnly') : undefined}
          />
        </Col>
        <Col xs={24} md={12}>
          {text('category', MAX_LENGTH.default)}
        </Col>
        <Col xs={24} md={12}>
          {text('display', MAX_LENGTH.long, { extra: t('form.displayHint') })}
        </Col>
        <Col xs={24} md={12}>
          {text('iccid', 20, { extra: t('form.iccidHint') })}
        </Col>
        <Col xs={24} md={8}>
          <FormSelectField
            control={control}
            name="type"
            label={t('common:fields.type')}
            options={enumOptions('type', PRODUCT_TYPES)}
            required
          />
        </Col>
        <Col xs={24} md={8}>
          <FormSelectField
            control={control}
            name="network"
            label={t('common:fields.network')}
            options={enumOptions('network', PRODUCT_NETWORKS)}
            required
          />
        </Col>
        <Col xs={24} md={8}>
          <FormSelectField
            control={control}
            name="status"
            label={t('common:fields.status')}
            options={enumOptions('status', PRODUCT_STATUSES)}
            required
          />
        </Col>
        <Col xs={24}>{text('description', MAX_LENGTH.description, { rows: 3 })}</Col>
      </Row>

      <Typography.Title level={5}>{t('form.sections.plan')}</Typography.Title>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <FormNumberField
            control={control}
            name="dataMb"
            label={t('common:fields.dataMb')}
            decimals={0}
            maxLength={8}
            suffix="MB"
            extra={t('form.dataHint')}
          />
        </Col>
        <Col xs={24} md={8}>
          <FormNumberField
            control={control}
            name="durationDays"
            label={t('common:fields.durationDays')}
            decimals={0}
            maxLength={4}
            required
          />
        </Col>
        <Col xs={24} md={8}>
          <FormNumberField
            control={control}
            name="throttlingSpeed"
            label={t('common:fields.throttlingSpeed')}
            decimals={0}
            maxLength={8}
            suffix="kbps"
            placeholder={String(DEFAULT_THROTTLING_SPEED_KBPS)}
          />
        </Col>
        <Col xs={24}>
          <FormSelectField
            control={control}
            name="coverage"
            label={t('common:fields.coverage')}
            options={countryOptions}
            loading={countries.isPending}
            mode="multiple"
            showSearch
            allowClear
            placeholder={t('form.coveragePlaceholder')}
          />
        </Col>
        <Col xs={24} md={8}>
          <FormSelectField
            control={control}
            name="apnType"
            label={t('common:fields.apnType')}
            options={enumOptions('apnType', APN_TYPES)}
            required
          />
        </Col>
        <Col xs={24} md={16}>
          {text('apnValue', MAX_LENGTH.default, {
            required: apnType === 'manual',
            extra: t('form.apnValueHint'),
          })}
        </Col>
      </Row>

      <Typography.Title level={5}>{t('form.sections.prices')}</Typography.Title>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <FormSelectField
            control={control}
            name="costCurrency"
            label={t('common:fields.costCurrency')}
            options={currencyOptions}
            loading={currencies.isPending}
            showSearch
            required
          />
        </Col>
        <Col xs={24} md={8}>
          <FormMoneyField
            control={control}
            name="costMinor"
            label={t('common:fields.costMinor')}
            currency={currency}
            minorUnits={minorUnits(currency)}
            required
          />
        </Col>
        <Col xs={24} md={8}>
          <FormMoneyField
            control={control}
            name="priceMinor"
            label={t('common:fields.priceMinor')}
            currency={currency}
            minorUnits={minorUnits(currency)}
          />
        </Col>
        {extra}
      </Row>
    </>
  );
}

/** Form values from a stored product (null text -> '' so inputs stay controlled). */
export function toFormValues(product: Partial<ProductRecord>): ProductFormValues {
  const text = (value: string | null | undefined) => value ?? '';
  return {
    supplierId: product.supplierId ?? '',
    name: text(product.name),
    productCode: text(product.productCode),
    category: text(product.category),
    costMinor: product.costMinor as number,
    costCurrency: product.costCurrency ?? '',
    priceMinor: product.priceMinor ?? null,
    dataMb: product.dataMb ?? null,
    durationDays: product.durationDays as number,
    coverage: product.coverage ?? [],
    type: product.type ?? 'package',
    network: product.network ?? 'local',
    status: product.status ?? 'active',
    iccid: text(product.iccid),
    display: text(product.display),
    throttlingSpeed: product.throttlingSpeed ?? DEFAULT_THROTTLING_SPEED_KBPS,
    apnType: product.apnType ?? 'automatic',
    apnValue: text(product.apnValue),
    description: text(product.description),
  };
}

/** Names of the form's fields (server field errors on any other field are shown another way). */
export const PRODUCT_FORM_FIELDS = [
  'supplierId',
  'name',
  'productCode',
  'category',
  'costMinor',
  'costCurrency',
  'priceMinor',
  'dataMb',
  'durationDays',
  'coverage',
  'type',
  'network',
  'status',
  'iccid',
  'display',
  'throttlingSpeed',
  'apnType',
  'apnValue',
  'description',
] as const;
