import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Control } from 'react-hook-form';
import {
  MAX_LENGTH,
  THAI_HEAD_OFFICE,
  type CreateIssuerInput,
  type IssuerCountry,
  type IssuerDetail,
} from '@esim/contracts';
import { FormTextField } from '@esim/ui';

export type IssuerFormValues = CreateIssuerInput;

/** The issuer's legal identity and its country's registration data. */
export function IssuerFormFields({
  control,
  country,
}: {
  control: Control<IssuerFormValues>;
  country: IssuerCountry;
}) {
  const { t } = useTranslation('branches');
  return (
    <Row gutter={16}>
      <Col xs={24}>
        <FormTextField
          control={control}
          name="legalName"
          label={t('fields.legalName')}
          maxLength={MAX_LENGTH.long}
          required
        />
      </Col>
      <Col xs={24}>
        <FormTextField
          control={control}
          name="address"
          label={t('fields.address')}
          maxLength={500}
          rows={2}
          required
        />
      </Col>
      <Col xs={24} md={country === 'TH' ? 12 : 24}>
        <FormTextField
          control={control}
          name="registrationNumber"
          label={t(`issuer.registrationNumber.${country}`)}
          placeholder={t(`issuer.registrationExample.${country}`)}
          maxLength={24}
          required
          extra={t(`issuer.registrationHint.${country}`)}
        />
      </Col>
      {country === 'TH' && (
        <Col xs={24} md={12}>
          <FormTextField
            control={control}
            name="branchNumber"
            label={t('fields.branchNumber')}
            placeholder={THAI_HEAD_OFFICE}
            maxLength={5}
            required
            extra={t('issuer.branchNumberHint')}
          />
        </Col>
      )}
      <Col xs={24} md={8}>
        <FormTextField
          control={control}
          name="postalCode"
          label={t('fields.postalCode')}
          maxLength={MAX_LENGTH.postalCode}
        />
      </Col>
      <Col xs={24} md={8}>
        <FormTextField
          control={control}
          name="phone"
          label={t('fields.phone')}
          maxLength={MAX_LENGTH.phone}
          type="tel"
        />
      </Col>
      <Col xs={24} md={8}>
        <FormTextField
          control={control}
          name="email"
          label={t('fields.email')}
          maxLength={MAX_LENGTH.long}
          type="email"
        />
      </Col>
    </Row>
  );
}

/** Form values of a new issuer of a branch, or of a stored one. */
export function toIssuerFormValues(
  branchId: string,
  country: IssuerCountry,
  issuer: Partial<IssuerDetail> = {},
): IssuerFormValues {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    branchId,
    countryCode: country,
    legalName: text(issuer.legalName),
    address: text(issuer.address),
    postalCode: text(issuer.postalCode),
    phone: text(issuer.phone),
    email: text(issuer.email),
    registrationNumber: text(issuer.registrationNumber),
    branchNumber: country === 'TH' ? issuer.branchNumber || THAI_HEAD_OFFICE : '',
  };
}

export const ISSUER_FORM_FIELDS = [
  'legalName',
  'address',
  'registrationNumber',
  'branchNumber',
  'postalCode',
  'phone',
  'email',
] as const;
