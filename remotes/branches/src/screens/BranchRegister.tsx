import { Flex, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { createBranchSchema } from '@esim/contracts';
import { BackLink, FormPanel, useValibotForm } from '@esim/ui';
import {
  BRANCH_FORM_FIELDS,
  BranchFormFields,
  toBranchFormValues,
} from '../components/BranchFormFields';
import { branchMutations } from '../mutations';
import { LIST_PATH, detailPath } from '../paths';

/** /branch-master/register: a new branch (POST branch); on success its detail opens. */
export function BranchRegisterScreen() {
  const { t } = useTranslation('branches');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useValibotForm(createBranchSchema, { defaultValues: toBranchFormValues({}) });
  const mutation = useMutation(branchMutations.create(queryClient));
  return (
    <Flex vertical gap="middle" data-testid="area-screen" data-screen="branch-register">
      <BackLink to={LIST_PATH} label={t('detail.back')} />
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('create.title')}
      </Typography.Title>
      <FormPanel
        form={form}
        onSubmit={(values) => mutation.mutateAsync(values)}
        onSaved={(created) => void navigate(detailPath(created.id), { replace: true })}
        onCancel={() => void navigate(LIST_PATH)}
        serverFields={BRANCH_FORM_FIELDS}
        submitText={t('create.submit')}
        submitTestId="branch-save"
        discard={{ title: t('form.discardTitle'), description: t('form.discardDescription') }}
        testId="branch-form"
      >
        <BranchFormFields control={form.control} />
      </FormPanel>
    </Flex>
  );
}

export default BranchRegisterScreen;
