import { Flex, Segmented, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Control } from 'react-hook-form';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ISSUER_COUNTRIES, createIssuerSchema, type IssuerCountry } from '@esim/contracts';
import { BackLink, DetailGate, FormPanel, isDetailReady, useValibotForm } from '@esim/ui';
import { branchQuery } from '../api';
import {
  ISSUER_FORM_FIELDS,
  IssuerFormFields,
  toIssuerFormValues,
  type IssuerFormValues,
} from '../components/IssuerFormFields';
import { branchMutations } from '../mutations';
import { LIST_PATH, detailPath, issuerRegisterPath } from '../paths';

/** The issuer country of the route's {branchType} (jp, th, de), or null for anything else. */
export function issuerCountryOf(branchType: string | undefined): IssuerCountry | null {
  const upper = (branchType ?? '').toUpperCase();
  return (ISSUER_COUNTRIES as readonly string[]).includes(upper) ? (upper as IssuerCountry) : null;
}

function IssuerForm({ branchId, country }: { branchId: string; country: IssuerCountry }) {
  const { t } = useTranslation('branches');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useValibotForm(createIssuerSchema, {
    defaultValues: toIssuerFormValues(branchId, country),
  });
  const mutation = useMutation(branchMutations.createIssuer(queryClient));
  return (
    <FormPanel
      key={country}
      form={form}
      onSubmit={(values) => mutation.mutateAsync(values)}
      onSaved={() => void navigate(detailPath(branchId, 'issuers'), { replace: true })}
      onCancel={() => void navigate(detailPath(branchId, 'issuers'))}
      serverFields={ISSUER_FORM_FIELDS}
      submitText={t('issuer.submit')}
      submitTestId="issuer-save"
      testId="issuer-form"
      discard={{ title: t('form.discardTitle'), description: t('form.discardDescription') }}
    >
      <IssuerFormFields
        control={form.control as unknown as Control<IssuerFormValues>}
        country={country}
      />
    </FormPanel>
  );
}

/** /branch-master/item/register/{branchType}?branchId=: a new issuer of the branch. */
export function IssuerRegisterScreen() {
  const { t } = useTranslation('branches');
  const navigate = useNavigate();
  const { branchType } = useParams();
  const [params] = useSearchParams();
  const branchId = params.get('branchId') ?? '';
  const country = issuerCountryOf(branchType);
  const branch = useQuery({ ...branchQuery(branchId), enabled: branchId !== '' });

  if (!isDetailReady(branch, branchId))
    return (
      <div data-testid="area-screen" data-screen="issuer-register">
        <DetailGate
          query={branch}
          id={branchId}
          name={t('entity.branch')}
          backTo={LIST_PATH}
          backLabel={t('detail.back')}
        />
      </div>
    );

  return (
    <Flex vertical gap="middle" data-testid="area-screen" data-screen="issuer-register">
      <BackLink to={detailPath(branchId, 'issuers')} label={t('issuer.back')} />
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('issuer.createTitle', { branch: branch.data.name })}
      </Typography.Title>
      <div>
        <Typography.Text id="issuer-country-label">{t('issuer.country')}</Typography.Text>
        <div>
          <Segmented
            aria-labelledby="issuer-country-label"
            value={country ?? undefined}
            options={ISSUER_COUNTRIES.map((code) => ({
              value: code,
              label: t(`issuer.countries.${code}`),
            }))}
            onChange={(next) =>
              void navigate(issuerRegisterPath(next as IssuerCountry, branchId), { replace: true })
            }
            data-testid="issuer-country"
          />
        </div>
      </div>
      {country ? (
        <IssuerForm key={country} branchId={branchId} country={country} />
      ) : (
        <Typography.Text type="secondary">{t('issuer.chooseCountry')}</Typography.Text>
      )}
    </Flex>
  );
}

export default IssuerRegisterScreen;
