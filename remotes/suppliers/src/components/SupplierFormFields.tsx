import { Col, Row, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useWatch, type Control } from 'react-hook-form';
import {
  CONNECTOR_KINDS,
  DELIVERY_TYPES,
  MAX_LENGTH,
  SUPPLIER_STATUSES,
  type CreateSupplierInput,
  type SupplierDetail,
} from '@esim/contracts';
import { FormSelectField, FormTextField, type OptionItem } from '@esim/ui';
import { countriesQuery, currenciesQuery } from '@esim/platform';

export type SupplierFormValues = CreateSupplierInput;

export interface SupplierFormFieldsProps {
  control: Control<SupplierFormValues>;
  /** Edit mode: whether a key is stored (the key itself is never shown). */
  apiKeySet?: boolean;
  mode: 'create' | 'edit';
}

/** Every supplier field of the spec, laid out in two columns. */
export function SupplierFormFields({ control, apiKeySet, mode }: SupplierFormFieldsProps) {
  const { t } = useTranslation('suppliers');
  const countries = useQuery(countriesQuery());
  const currencies = useQuery(currenciesQuery());
  const deliveryType = useWatch({ control, name: 'deliveryType' });

  const countryOptions: OptionItem<string>[] = (countries.data ?? []).map((country) => ({
    value: country.code,
    label: `${country.code} — ${country.nameEnglish}`,
  }));
  const currencyOptions: OptionItem<string>[] = (currencies.data ?? []).map((currency) => ({
    value: currency.isoCode,
    label: currency.isoCode,
  }));
  const statusOptions: OptionItem<string>[] = SUPPLIER_STATUSES.map((status) => ({
    value: status,
    label: t(`status.${status}`),
  }));
  const deliveryOptions: OptionItem<string>[] = DELIVERY_TYPES.map((type) => ({
    value: type,
    label: t(`deliveryType.${type}`),
  }));
  const connectorOptions: OptionItem<string>[] = CONNECTOR_KINDS.map((kind) => ({
    value: kind,
    label: t(`connectorKind.${kind}`),
  }));

  const text = (
    name: keyof SupplierFormValues & string,
    maxLength: number,
    extra: { required?: boolean; type?: 'text' | 'email' | 'tel' | 'url'; rows?: number } = {},
  ) => (
    <FormTextField
      control={control}
      name={name}
      label={t(`fields.${name}`)}
      maxLength={maxLength}
      {...extra}
    />
  );

  return (
    <>
      <Typography.Title level={5}>{t('form.sections.general')}</Typography.Title>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          {text('name', MAX_LENGTH.default, { required: true })}
        </Col>
        <Col xs={24} md={12}>
          {text('abbreviation', MAX_LENGTH.abbreviation)}
        </Col>
        <Col xs={24} md={12}>
          {text('target', MAX_LENGTH.default)}
        </Col>
        <Col xs={24} md={12}>
          {text('type', MAX_LENGTH.default)}
        </Col>
        <Col xs={24} md={12}>
          <FormSelectField
            control={control}
            name="status"
            label={t('fields.status')}
            options={statusOptions}
            required
          />
        </Col>
        <Col xs={24} md={12}>
          <FormSelectField
            control={control}
            name="deliveryType"
            label={t('fields.deliveryType')}
            options={deliveryOptions}
            required
          />
        </Col>
        <Col xs={24} md={12}>
          <FormSelectField
            control={control}
            name="currency"
            label={t('fields.currency')}
            options={currencyOptions}
            loading={currencies.isPending}
            showSearch
            required
          />
        </Col>
        <Col xs={24} md={12}>
          <FormSelectField
            control={control}
            name="purchaseCurrency"
            label={t('fields.purchaseCurrency')}
            options={currencyOptions}
            loading={currencies.isPending}
            showSearch
            allowClear
            placeholder={t('form.sameAsCurrency')}
          />
        </Col>
      </Row>

      <Typography.Title level={5}>{t('form.sections.contact')}</Typography.Title>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          {text('companyName', MAX_LENGTH.default)}
        </Col>
        <Col xs={24} md={12}>
          {text('contactName', MAX_LENGTH.default)}
        </Col>
        <Col xs={24} md={12}>
          {text('email', MAX_LENGTH.long, { type: 'email' })}
        </Col>
        <Col xs={24} md={6}>
          {text('phone', MAX_LENGTH.phone, { type: 'tel' })}
        </Col>
        <Col xs={24} md={6}>
          {text('mobile', MAX_LENGTH.phone, { type: 'tel' })}
        </Col>
        <Col xs={24} md={12}>
          {text('address', MAX_LENGTH.long)}
        </Col>
        <Col xs={24} md={12}>
          {text('officeAddress', MAX_LENGTH.long)}
        </Col>
        <Col xs={24} md={12}>
          <FormSelectField
            control={control}
            name="countryCode"
            label={t('fields.countryCode')}
            options={countryOptions}
            loading={countries.isPending}
            showSearch
            allowClear
          />
        </Col>
        <Col xs={24} md={12}>
          {text('postalCode', MAX_LENGTH.postalCode)}
        </Col>
        <Col xs={24}>{text('remark', MAX_LENGTH.description, { rows: 3 })}</Col>
      </Row>

      {deliveryType === 'api' && (
        <>
          <Typography.Title level={5}>{t('form.sections.connection')}</Typography.Title>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <FormSelectField
                control={control}
                name="connectorKind"
                label={t('fields.connectorKind')}
                options={connectorOptions}
                required
              />
            </Col>
            <Col xs={24} md={12}>
              {text('baseUrl', MAX_LENGTH.long, { required: true, type: 'url' })}
            </Col>
            <Col xs={24}>
              <FormTextField
                control={control}
                name="apiKey"
                type="password"
                autoComplete="new-password"
                maxLength={MAX_LENGTH.long}
                label={mode === 'edit' ? t('form.replaceApiKey') : t('fields.apiKey')}
                extra={
                  <span data-testid="api-key-state">
                    {mode === 'edit' ? (
                      <>
                        {t('fields.apiKey')}:{' '}
                        <Tag color={apiKeySet ? 'green' : 'default'}>
                          {apiKeySet ? t('apiKey.set') : t('apiKey.notSet')}
                        </Tag>
                        {t('form.replaceApiKeyHint')}
                      </>
                    ) : (
                      t('form.apiKeyHint')
                    )}
                  </span>
                }
              />
            </Col>
          </Row>
        </>
      )}
    </>
  );
}

/** Form values from a stored supplier (null -> '' so inputs stay controlled). */
export function toFormValues(supplier: Partial<SupplierDetail>): SupplierFormValues {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    name: text(supplier.name),
    target: text(supplier.target),
    type: text(supplier.type),
    abbreviation: text(supplier.abbreviation),
    status: supplier.status ?? 'active',
    companyName: text(supplier.companyName),
    contactName: text(supplier.contactName),
    email: text(supplier.email),
    phone: text(supplier.phone),
    mobile: text(supplier.mobile),
    address: text(supplier.address),
    officeAddress: text(supplier.officeAddress),
    countryCode: supplier.countryCode ?? null,
    postalCode: text(supplier.postalCode),
    remark: text(supplier.remark),
    currency: text(supplier.currency) || 'JPY',
    purchaseCurrency: supplier.purchaseCurrency ?? null,
    deliveryType: supplier.deliveryType ?? 'stock',
    connectorKind: supplier.connectorKind ?? null,
    baseUrl: text(supplier.baseUrl),
    apiKey: '',
  };
}

/** Names of the form's fields (server field errors on any other field are shown another way). */
export const SUPPLIER_FORM_FIELDS = [
  'name',
  'target',
  'type',
  'abbreviation',
  'status',
  'companyName',
  'contactName',
  'email',
  'phone',
  'mobile',
  'address',
  'officeAddress',
  'countryCode',
  'postalCode',
  'remark',
  'currency',
  'purchaseCurrency',
  'deliveryType',
  'connectorKind',
  'baseUrl',
  'apiKey',
] as const;

/** The body to send: an empty API key means "keep" (create: none), so it is left out. */
export function withoutEmptyApiKey<T extends { apiKey?: string | null }>(values: T): T {
  const { apiKey, ...rest } = values;
  return (apiKey ? { ...rest, apiKey } : rest) as T;
}
