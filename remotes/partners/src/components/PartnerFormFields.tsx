import { DeleteOutlined, PlusOutlined } from '@esim/ui/icons';
import { Button, Card, Col, Flex, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFieldArray, useWatch, type Control } from 'react-hook-form';
import {
  COMMISSION_TYPES,
  CUSTOM_FIELD_TYPES,
  MAX_LENGTH,
  PARTNER_PLAN_TYPES,
  PARTNER_TARGETS,
  PARTNER_VISIBLE_FIELDS,
  type CreatePartnerInput,
  type PartnerDetail,
} from '@esim/contracts';
import {
  FormCheckboxField,
  FormFileField,
  FormNumberField,
  FormSelectField,
  FormTextField,
  type OptionItem,
} from '@esim/ui';

export type PartnerFormValues = CreatePartnerInput;

export interface PartnerFormFieldsProps {
  control: Control<PartnerFormValues>;
  /** A partner's own staff: its terms and identity are read-only for them. */
  staffOnlyLocked?: boolean;
}

/** One custom field: name, type, limits and its value (input by type). */
function CustomFieldRow({
  control,
  index,
  onRemove,
  locked,
}: {
  control: Control<PartnerFormValues>;
  index: number;
  onRemove: () => void;
  locked: boolean;
}) {
  const { t } = useTranslation('partners');
  const dataType = useWatch({ control, name: `customFields.${index}.dataType` });
  const typeOptions: OptionItem<string>[] = CUSTOM_FIELD_TYPES.map((type) => ({
    value: type,
    label: t(`dataType.${type}`),
  }));
  const valueName = `customFields.${index}.value` as const;
  return (
    <Card size="small" data-testid={`custom-field-${index}`}>
      <Row gutter={12} align="bottom">
        <Col xs={24} md={6}>
          <FormTextField
            control={control}
            name={`customFields.${index}.name`}
            label={t('fields.fieldName')}
            maxLength={MAX_LENGTH.default}
            required
            disabled={locked}
          />
        </Col>
        <Col xs={24} md={5}>
          <FormSelectField
            control={control}
            name={`customFields.${index}.dataType`}
            label={t('fields.dataType')}
            options={typeOptions}
            required
            disabled={locked}
          />
        </Col>
        <Col xs={24} md={4}>
          {dataType === 'string' && (
            <FormNumberField
              control={control}
              name={`customFields.${index}.maxLength`}
              label={t('fields.maxLength')}
              decimals={0}
              disabled={locked}
            />
          )}
          {dataType === 'number' && (
            <FormNumberField
              control={control}
              name={`customFields.${index}.maxAmount`}
              label={t('fields.maxAmount')}
              decimals={6}
              disabled={locked}
            />
          )}
        </Col>
        <Col xs={20} md={7}>
          {dataType === 'boolean' ? (
            <FormCheckboxField
              control={control}
              name={valueName}
              label={t('fields.value')}
              text={t('customFields.yes')}
            />
          ) : dataType === 'number' ? (
            <FormNumberField
              control={control}
              name={valueName}
              label={t('fields.value')}
              decimals={6}
            />
          ) : (
            <FormTextField
              control={control}
              name={valueName}
              label={dataType === 'file' ? t('customFields.fileKey') : t('fields.value')}
            />
          )}
        </Col>
        <Col xs={4} md={2}>
          {!locked && (
            <Button
              icon={<DeleteOutlined />}
              aria-label={t('customFields.remove')}
              onClick={onRemove}
              style={{ marginBottom: 24 }}
            />
          )}
        </Col>
      </Row>
    </Card>
  );
}

/** Every partner field of the spec, in sections. */
export function PartnerFormFields({ control, staffOnlyLocked = false }: PartnerFormFieldsProps) {
  const { t } = useTranslation('partners');
  const customFields = useFieldArray({ control, name: 'customFields' });
  const options = <T extends string>(values: readonly T[], group: string): OptionItem<string>[] =>
    values.map((value) => ({ value, label: t(`${group}.${value}`) }));
  const locked = staffOnlyLocked;

  const text = (
    name: keyof PartnerFormValues & string,
    maxLength: number,
    extra: { required?: boolean; type?: 'text' | 'email' | 'tel' | 'url'; disabled?: boolean } = {},
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
          {text('name', MAX_LENGTH.default, { required: true, disabled: locked })}
        </Col>
        <Col xs={24} md={12}>
          {text('code', MAX_LENGTH.code, { required: true, disabled: locked })}
        </Col>
        <Col xs={24} md={12}>
          <FormSelectField
            control={control}
            name="target"
            label={t('fields.target')}
            options={options(PARTNER_TARGETS, 'target')}
            required
            disabled={locked}
          />
        </Col>
        <Col xs={24} md={12}>
          <FormSelectField
            control={control}
            name="planType"
            label={t('fields.planType')}
            options={options(PARTNER_PLAN_TYPES, 'planType')}
            required
            disabled={locked}
          />
        </Col>
        <Col xs={24} md={12}>
          {text('typeOfBusiness', MAX_LENGTH.default)}
        </Col>
        <Col xs={24} md={12}>
          {text('businessModel', MAX_LENGTH.default)}
        </Col>
      </Row>

      <Typography.Title level={5}>{t('form.sections.contact')}</Typography.Title>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          {text('representativeName', MAX_LENGTH.default)}
        </Col>
        <Col xs={24} md={12}>
          {text('phone', MAX_LENGTH.phone, { type: 'tel' })}
        </Col>
        <Col xs={24} md={12}>
          {text('loginEmail', MAX_LENGTH.long, { type: 'email' })}
        </Col>
        <Col xs={24} md={12}>
          {text('website', MAX_LENGTH.long, { type: 'url' })}
        </Col>
      </Row>

      <Typography.Title level={5}>{t('form.sections.terms')}</Typography.Title>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          {text('tariffCode', MAX_LENGTH.code, { disabled: locked })}
        </Col>
        <Col xs={24} md={6}>
          <FormNumberField
            control={control}
            name="monthlyCommit"
            label={t('fields.monthlyCommit')}
            decimals={0}
            suffix="JPY"
            disabled={locked}
          />
        </Col>
        <Col xs={24} md={6}>
          <FormNumberField
            control={control}
            name="billingDate"
            label={t('fields.billingDate')}
            decimals={0}
            disabled={locked}
          />
        </Col>
        <Col xs={24} md={12}>
          <FormSelectField
            control={control}
            name="commissionType"
            label={t('fields.commissionType')}
            options={options(COMMISSION_TYPES, 'commissionType')}
            required
            disabled={locked}
          />
        </Col>
        <Col xs={24} md={12}>
          <FormNumberField
            control={control}
            name="commissionValue"
            label={t('fields.commissionValue')}
            decimals={2}
            disabled={locked}
          />
        </Col>
        <Col xs={24}>
          <FormSelectField
            control={control}
            name="visibleFields"
            label={t('fields.visibleFields')}
            options={options(PARTNER_VISIBLE_FIELDS, 'visibleField')}
            mode="multiple"
            allowClear
            disabled={locked}
          />
        </Col>
      </Row>

      <Typography.Title level={5}>{t('form.sections.web')}</Typography.Title>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          {text('url', MAX_LENGTH.long, { type: 'url' })}
        </Col>
        <Col xs={24} md={12}>
          <FormFileField
            control={control}
            name="logoKey"
            purpose="partnerLogo"
            label={t('fields.logoKey')}
          />
        </Col>
        <Col xs={24} md={12}>
          {text('prefix', MAX_LENGTH.prefix, { disabled: locked })}
        </Col>
        <Col xs={24} md={12}>
          <FormTextField
            control={control}
            name="slug"
            label={t('fields.slug')}
            maxLength={MAX_LENGTH.default}
            disabled={locked}
            extra={t('form.slugHint')}
          />
        </Col>
      </Row>

      <Flex justify="space-between" align="center">
        <Typography.Title level={5}>{t('form.sections.customFields')}</Typography.Title>
        {!locked && (
          <Button
            icon={<PlusOutlined />}
            onClick={() =>
              customFields.append({
                name: '',
                dataType: 'string',
                maxLength: null,
                maxAmount: null,
                value: null,
              })
            }
            data-testid="add-custom-field"
          >
            {t('customFields.add')}
          </Button>
        )}
      </Flex>
      <Flex vertical gap="small">
        {customFields.fields.length === 0 && (
          <Typography.Text type="secondary">{t('customFields.empty')}</Typography.Text>
        )}
        {customFields.fields.map((field, index) => (
          <CustomFieldRow
            key={field.id}
            control={control}
            index={index}
            locked={locked}
            onRemove={() => customFields.remove(index)}
          />
        ))}
      </Flex>
    </>
  );
}

/** Form values from a stored partner (null -> '' so inputs stay controlled). */
export function toFormValues(partner: Partial<PartnerDetail>): PartnerFormValues {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    name: text(partner.name),
    code: text(partner.code),
    target: partner.target ?? 'affiliate',
    representativeName: text(partner.representativeName),
    phone: text(partner.phone),
    loginEmail: text(partner.loginEmail),
    planType: partner.planType ?? 'entry',
    monthlyCommit: partner.monthlyCommit ?? null,
    billingDate: partner.billingDate ?? null,
    website: text(partner.website),
    typeOfBusiness: text(partner.typeOfBusiness),
    businessModel: text(partner.businessModel),
    visibleFields: partner.visibleFields ?? [],
    commissionType: partner.commissionType ?? 'percentage',
    commissionValue: partner.commissionValue ?? null,
    customFields: (partner.customFields ?? []).map((field) => ({ ...field })),
    logoKey: text(partner.logoKey),
    url: text(partner.url),
    prefix: text(partner.prefix),
    slug: text(partner.slug),
    tariffCode: text(partner.tariffCode),
  };
}

/** Names of the form's fields (server field errors on any other field show under the form). */
export const PARTNER_FORM_FIELDS = [
  'name',
  'code',
  'target',
  'representativeName',
  'phone',
  'loginEmail',
  'planType',
  'monthlyCommit',
  'billingDate',
  'website',
  'typeOfBusiness',
  'businessModel',
  'visibleFields',
  'commissionType',
  'commissionValue',
  'customFields',
  'logoKey',
  'url',
  'prefix',
  'slug',
  'tariffCode',
] as const;
