import { Card, Col, Descriptions, Flex, Row, Skeleton, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MAX_LENGTH,
  createTariffCodeSchema,
  resolveRule,
  type PricingOverrides,
  type PricingRule,
} from '@esim/contracts';
import {
  DetailLoadFailed,
  DetailMissing,
  FormPanel,
  FormTextField,
  useValibotForm,
  isMissingRecordError,
} from '@esim/ui';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { profileByCodeQuery } from '../api';
import { PricePreview } from '../components/PricePreview';
import { RuleFields } from '../components/RuleFields';
import { tariffMutations } from '../mutations';

/** The form keeps an empty override as undefined/null: the group's value is used. */
export function effectiveRule(group: PricingRule, values: Record<string, unknown>): PricingRule {
  const pick = <K extends keyof PricingRule>(key: K) =>
    (values[key] === undefined || values[key] === '' ? null : values[key]) as PricingRule[K] | null;
  const overrides: PricingOverrides = {
    baseTariff: pick('baseTariff'),
    logic1: pick('logic1'),
    logic2: pick('logic2'),
    logic3: pick('logic3'),
  };
  return resolveRule(group, overrides);
}

/** /tariff/:tariffGroup/create: a new tariff code in a group, inheriting its rule. */
export function TariffCodeCreateScreen() {
  const { t } = useTranslation(['tariffs', 'common']);
  const { tariffGroup = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const group = useQuery(profileByCodeQuery(tariffGroup));
  const form = useValibotForm(createTariffCodeSchema, {
    defaultValues: {
      tariffGroup,
      tariffCode: '',
      name: '',
      description: '',
      baseTariff: null,
      logic1: null,
      logic2: null,
      logic3: null,
    },
  });
  const mutation = useMutation(tariffMutations.createCode(queryClient));
  const values = form.watch();

  if (group.isPending) return <Skeleton active />;
  if (group.isError)
    return isMissingRecordError(group.error) ? (
      <DetailMissing
        name={t('entity.profile')}
        id={tariffGroup}
        backTo="/tariff"
        backLabel={t('import.back')}
      />
    ) : (
      <DetailLoadFailed
        name={t('entity.profile')}
        onRetry={() => void group.refetch()}
        backTo="/tariff"
        backLabel={t('import.back')}
      />
    );

  return (
    <Flex vertical gap="large" data-testid="area-screen" data-screen="tariff-code-create">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('code.createTitle', { group: group.data.tariffGroup })}
      </Typography.Title>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={14}>
          <Card>
            <FormPanel
              form={form}
              onSubmit={mutation.mutateAsync}
              onSaved={(created) =>
                void navigate(
                  `/tariff/detail?id=${encodeURIComponent(group.data.id)}&code=${encodeURIComponent(created.tariffCode)}`,
                )
              }
              onCancel={() =>
                void navigate(`/tariff/detail?id=${encodeURIComponent(group.data.id)}`)
              }
            >
              <FormTextField
                control={form.control}
                name="tariffCode"
                label={t('common:fields.tariffCode')}
                maxLength={MAX_LENGTH.code}
                required
                extra={t('form.codeHelp')}
              />
              <FormTextField
                control={form.control}
                name="name"
                label={t('common:fields.name')}
                maxLength={MAX_LENGTH.default}
              />
              <FormTextField
                control={form.control}
                name="description"
                label={t('common:fields.description')}
                maxLength={MAX_LENGTH.description}
                rows={3}
              />
              <Typography.Paragraph type="secondary">{t('code.inheritHelp')}</Typography.Paragraph>
              <RuleFields control={form.control} inherit />
            </FormPanel>
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Flex vertical gap="middle">
            <Card size="small" title={t('code.groupRule')}>
              <Descriptions size="small" column={1}>
                <Descriptions.Item label={t('common:fields.baseTariff')}>
                  {t(`baseTariff.${group.data.baseTariff}`)}
                </Descriptions.Item>
                <Descriptions.Item label={t('common:fields.logic1')}>
                  {group.data.logic1}%
                </Descriptions.Item>
                <Descriptions.Item label={t('common:fields.logic2')}>
                  {group.data.logic2}
                </Descriptions.Item>
                <Descriptions.Item label={t('common:fields.logic3')}>
                  {t(`logic3.${group.data.logic3}`)}
                </Descriptions.Item>
              </Descriptions>
            </Card>
            <PricePreview rule={effectiveRule(group.data, values)} />
          </Flex>
        </Col>
      </Row>
    </Flex>
  );
}

export default TariffCodeCreateScreen;
