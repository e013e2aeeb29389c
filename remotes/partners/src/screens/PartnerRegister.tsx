import { Flex, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { createPartnerSchema } from '@esim/contracts';
import { BackLink, FormPanel, useValibotForm } from '@esim/ui';
import {
  PARTNER_FORM_FIELDS,
  PartnerFormFields,
  toFormValues,
} from '../components/PartnerFormFields';
import { partnerMutations } from '../mutations';

const LIST_PATH = '/partners';

/** /partners/register: the 'Register new partner' form; on success it opens the new partner. */
export function PartnerRegisterScreen() {
  const { t } = useTranslation('partners');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useValibotForm(createPartnerSchema, { defaultValues: toFormValues({}) });
  const mutation = useMutation(partnerMutations.create(queryClient));

  return (
    <Flex vertical gap="middle" data-testid="area-screen" data-screen="partner-register">
      <BackLink to={LIST_PATH} label={t('detail.back')} />
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('register.title')}
      </Typography.Title>
      <FormPanel
        form={form}
        onSubmit={(values) => mutation.mutateAsync(values)}
        onSaved={(created) =>
          void navigate(`/partners/detail?id=${encodeURIComponent(created.id)}`, { replace: true })
        }
        onCancel={() => void navigate(LIST_PATH)}
        serverFields={PARTNER_FORM_FIELDS}
        submitText={t('register.submit')}
        testId="partner-register-form"
      >
        <PartnerFormFields control={form.control} />
      </FormPanel>
    </Flex>
  );
}

export default PartnerRegisterScreen;
