import { Card, Col, Flex, Row, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  PRICING_DEFAULTS,
  createTariffGroupSchema,
  type CreateTariffGroupInput,
} from '@esim/contracts';
import { FormPanel, useValibotForm } from '@esim/ui';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PricePreview } from '../components/PricePreview';
import { ProfileFields } from '../components/ProfileFields';
import { tariffMutations } from '../mutations';

/** /tariff/create: a new tariff profile (group) with its pricing rule and a live preview. */
export function TariffProfileCreateScreen() {
  const { t } = useTranslation(['tariffs', 'common']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useValibotForm(createTariffGroupSchema, {
    defaultValues: {
      tariffGroup: '',
      name: '',
      description: '',
      baseTariff: PRICING_DEFAULTS.baseTariff,
      logic1: PRICING_DEFAULTS.logic1,
      logic2: PRICING_DEFAULTS.logic2,
      logic3: PRICING_DEFAULTS.logic3,
      inputMode: PRICING_DEFAULTS.inputMode,
    } satisfies CreateTariffGroupInput,
  });
  const mutation = useMutation(tariffMutations.createGroup(queryClient));
  const rule = form.watch();

  return (
    <Flex vertical gap="large" data-testid="area-screen" data-screen="tariff-profile-create">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('profile.createTitle')}
      </Typography.Title>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={14}>
          <Card>
            <FormPanel
              form={form}
              onSubmit={mutation.mutateAsync}
              onSaved={(group) =>
                void navigate(`/tariff/detail?id=${encodeURIComponent(group.id)}`)
              }
              onCancel={() => void navigate('/tariff')}
            >
              <ProfileFields
                control={form.control}
                groupHelp={t('form.codeHelp')}
                descriptionRows={3}
              />
            </FormPanel>
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <PricePreview rule={rule} />
        </Col>
      </Row>
    </Flex>
  );
}

export default TariffProfileCreateScreen;
