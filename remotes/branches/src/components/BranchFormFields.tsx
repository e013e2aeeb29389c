import { Checkbox, Col, Form, Row, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useController, type Control } from 'react-hook-form';
import {
  BRANCH_DEFAULTS,
  BRANCH_TARGETS,
  MAX_LENGTH,
  REPORT_LANGUAGES,
  type BranchDetail,
  type CreateBranchInput,
} from '@esim/contracts';
import { countriesQuery } from '@esim/platform';
import { FormNumberField, FormSelectField, FormTextField, type OptionItem } from '@esim/ui';
import { referenceListQuery } from '../api';
import { TemplateField } from './TemplateField';

export type BranchFormValues = CreateBranchInput;

/** A yes/no field as a checkbox (Space toggles it from the keyboard). */
function CheckboxField({
  control,
  name,
}: {
  control: Control<BranchFormValues>;
  name: 'mainPartner';
}) {
  const { t } = useTranslation('branches');
  const {
    field: { value, onChange, ref },
  } = useController({ control, name });
  return (
    <Form.Item label=" " colon={false}>
      <Checkbox
        id={`field-${name}`}
        checked={Boolean(value)}
        onChange={(event) => onChange(event.target.checked)}
        ref={ref}
        data-testid={`field-${name}`}
      >
        {t(`fields.${name}`)}
      </Checkbox>
    </Form.Item>
  );
}

/** Every branch field of the spec, in sections; the template with its preview last. */
export function BranchFormFields({ control }: { control: Control<BranchFormValues> }) {
  const { t } = useTranslation('branches');
  const countries = useQuery(countriesQuery());
  const residence = useQuery(referenceListQuery('residenceCountries'));
  const methods = useQuery(referenceListQuery('paymentMethods'));

  const countryOptions: OptionItem<string>[] = (countries.data ?? []).map((country) => ({
    value: country.code,
    label: `${country.code} — ${country.nameEnglish}`,
  }));
  const residenceOptions: OptionItem<string>[] = (residence.data ?? []).map((country) => ({
    value: String(country.code),
    label: `${String(country.code)} — ${String(country.nameEnglish)}`,
  }));
  const methodOptions: OptionItem<number>[] = (methods.data ?? []).map((method) => ({
    value: Number(method.id),
    label: String(method.name),
  }));
  const targetOptions: OptionItem<string>[] = BRANCH_TARGETS.map((target) => ({
    value: target,
    label: t(`target.${target}`),
  }));
  const languageOptions: OptionItem<string>[] = REPORT_LANGUAGES.map((language) => ({
    value: language,
    label: t(`language.${language}`),
  }));

  const text = (
    name: keyof BranchFormValues & string,
    maxLength: number,
    extra: {
      required?: boolean;
      type?: 'text' | 'email' | 'tel' | 'url';
      placeholder?: string;
    } = {},
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
          {text('code', MAX_LENGTH.code, { required: true })}
        </Col>
        <Col xs={24} md={12}>
          <FormSelectField
            control={control}
            name="target"
            label={t('fields.target')}
            options={targetOptions}
            required
          />
        </Col>
        <Col xs={24} md={12}>
          <FormSelectField
            control={control}
            name="countryCode"
            label={t('fields.countryCode')}
            options={countryOptions}
            loading={countries.isPending}
            showSearch
            required
          />
        </Col>
        <Col xs={24} md={12}>
          <CheckboxField control={control} name="mainPartner" />
        </Col>
        <Col xs={24} md={12}>
          {text('providerName', MAX_LENGTH.default)}
        </Col>
      </Row>

      <Typography.Title level={5}>{t('form.sections.payment')}</Typography.Title>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          {text('paymentGateway', MAX_LENGTH.default)}
        </Col>
        <Col xs={24} md={12}>
          <FormSelectField
            control={control}
            name="paymentMethodId"
            label={t('fields.paymentMethodId')}
            options={methodOptions}
            loading={methods.isPending}
            allowClear
          />
        </Col>
      </Row>

      <Typography.Title level={5}>{t('form.sections.inquiry')}</Typography.Title>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          {text('inquiryEmail', MAX_LENGTH.long, { type: 'email' })}
        </Col>
        <Col xs={24} md={8}>
          {text('inquiryPhone', MAX_LENGTH.phone, { type: 'tel' })}
        </Col>
        <Col xs={24} md={8}>
          {text('inquiryWeb', MAX_LENGTH.long, { type: 'url', placeholder: 'https://' })}
        </Col>
      </Row>

      <Typography.Title level={5}>{t('form.sections.documents')}</Typography.Title>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <FormSelectField
            control={control}
            name="residenceCountryCode"
            label={t('fields.residenceCountryCode')}
            options={residenceOptions}
            loading={residence.isPending}
            showSearch
            allowClear
          />
        </Col>
        <Col xs={24} md={12}>
          <FormSelectField
            control={control}
            name="reportLanguage"
            label={t('fields.reportLanguage')}
            options={languageOptions}
            required
          />
        </Col>
        <Col xs={24} md={12}>
          {text('invoiceTitle', MAX_LENGTH.default, { placeholder: BRANCH_DEFAULTS.invoiceTitle })}
        </Col>
        <Col xs={24} md={12}>
          {text('receiptTitle', MAX_LENGTH.default, { placeholder: BRANCH_DEFAULTS.receiptTitle })}
        </Col>
        <Col xs={24} md={12}>
          {text('taxName', MAX_LENGTH.default, { placeholder: BRANCH_DEFAULTS.taxName })}
        </Col>
        <Col xs={24} md={12}>
          <FormNumberField
            control={control}
            name="taxRate"
            label={t('fields.taxRate')}
            decimals={2}
            suffix="%"
          />
        </Col>
      </Row>

      <Typography.Title level={5}>{t('form.sections.template')}</Typography.Title>
      <TemplateField control={control} />
    </>
  );
}

/** Form values from a stored branch (null -> '' so inputs stay controlled); defaults for a new one. */
export function toBranchFormValues(branch: Partial<BranchDetail>): BranchFormValues {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    name: text(branch.name),
    code: text(branch.code),
    target: branch.target as BranchFormValues['target'],
    countryCode: branch.countryCode ?? BRANCH_DEFAULTS.countryCode,
    mainPartner: branch.mainPartner ?? false,
    providerName: text(branch.providerName),
    paymentGateway: text(branch.paymentGateway),
    paymentMethodId: branch.paymentMethodId ?? null,
    inquiryEmail: text(branch.inquiryEmail),
    inquiryPhone: text(branch.inquiryPhone),
    inquiryWeb: text(branch.inquiryWeb),
    residenceCountryCode: branch.residenceCountryCode ?? null,
    reportLanguage: branch.reportLanguage ?? BRANCH_DEFAULTS.reportLanguage,
    invoiceTitle: branch.invoiceTitle ?? BRANCH_DEFAULTS.invoiceTitle,
    receiptTitle: branch.receiptTitle ?? BRANCH_DEFAULTS.receiptTitle,
    taxName: branch.taxName ?? BRANCH_DEFAULTS.taxName,
    taxRate: branch.taxRate ?? BRANCH_DEFAULTS.taxRate,
    templateHtml: text(branch.templateHtml),
  };
}

/** Names of the form's fields (server field errors on any other field are shown another way). */
export const BRANCH_FORM_FIELDS = [
  'name',
  'code',
  'target',
  'countryCode',
  'mainPartner',
  'providerName',
  'paymentGateway',
  'paymentMethodId',
  'inquiryEmail',
  'inquiryPhone',
  'inquiryWeb',
  'residenceCountryCode',
  'reportLanguage',
  'invoiceTitle',
  'receiptTitle',
  'taxName',
  'taxRate',
  'templateHtml',
] as const;
