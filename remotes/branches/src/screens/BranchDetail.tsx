import { DeleteOutlined, EditOutlined } from '@esim/ui/icons';
import { Button, Descriptions, Flex, Tabs, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Control } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { RESOURCES, updateBranchSchema, type BranchDetail as Branch } from '@esim/contracts';
import { usePermission } from '@esim/platform';
import {
  ActionRefusal,
  BackLink,
  DetailGate,
  FormPanel,
  isDetailReady,
  useConfirmedDelete,
  useUrlTab,
  useValibotForm,
} from '@esim/ui';
import { displayValue, formatDateTime } from '@esim/utils';
import { branchKeys, branchQuery, referenceListQuery } from '../api';
import {
  BRANCH_FORM_FIELDS,
  BranchFormFields,
  toBranchFormValues,
  type BranchFormValues,
} from '../components/BranchFormFields';
import { BranchPartner } from '../components/BranchPartner';
import { HistoryPanel } from '../components/HistoryPanel';
import { IssuersTab } from '../components/IssuersTab';
import { TemplatePreview } from '../components/TemplatePreview';
import { branchMutations } from '../mutations';
import { LIST_PATH } from '../paths';

const TABS = ['details', 'issuers', 'history'] as const;

const READ_FIELDS: (keyof Branch)[] = [
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
  'createdDate',
  'createdBy',
  'updatedDate',
  'updatedBy',
  'version',
];

function ReadView({ branch }: { branch: Branch }) {
  const { t, i18n } = useTranslation('branches');
  const methods = useQuery(referenceListQuery('paymentMethods'));
  const format = (field: keyof Branch): string => {
    const value = branch[field];
    if (value === null || value === undefined || value === '') return displayValue(null);
    if (field === 'target') return t(`target.${branch.target}`);
    if (field === 'reportLanguage') return t(`language.${branch.reportLanguage}`);
    if (field === 'mainPartner') return value ? t('yes') : t('no');
    if (field === 'taxRate') return `${String(value)} %`;
    if (field === 'paymentMethodId')
      return String(methods.data?.find((method) => method.id === value)?.name ?? value);
    if (field === 'createdDate' || field === 'updatedDate')
      return formatDateTime(String(value), i18n.language);
    return String(value);
  };
  return (
    <Flex vertical gap="middle">
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 2 }}
        data-testid="branch-details"
        items={READ_FIELDS.map((field) => ({
          key: field,
          label: t(`fields.${field}`),
          children: <span data-testid={`branch-field-${field}`}>{format(field)}</span>,
        }))}
      />
      <TemplatePreview html={branch.templateHtml ?? ''} />
    </Flex>
  );
}

const valuesOf = (branch: Branch) => ({
  ...toBranchFormValues(branch),
  id: branch.id,
  version: branch.version,
});

function EditBranchForm({ branch, onDone }: { branch: Branch; onDone: () => void }) {
  const { t } = useTranslation('branches');
  const queryClient = useQueryClient();
  const form = useValibotForm(updateBranchSchema, { defaultValues: valuesOf(branch) });
  const mutation = useMutation(branchMutations.update(queryClient));
  const reload = async () => {
    const current = await queryClient.fetchQuery({ ...branchQuery(branch.id), staleTime: 0 });
    form.reset(valuesOf(current));
    await queryClient.invalidateQueries({ queryKey: branchKeys.all });
  };
  return (
    <FormPanel
      form={form}
      onSubmit={(values) => mutation.mutateAsync(values)}
      onSaved={onDone}
      onCancel={onDone}
      onReload={reload}
      serverFields={BRANCH_FORM_FIELDS}
      submitText={t('edit.submit')}
      submitTestId="branch-save"
      testId="branch-form"
      conflictAlert={{
        title: t('conflict.title'),
        description: t('conflict.description'),
        testId: 'branch-conflict',
      }}
    >
      <BranchFormFields control={form.control as unknown as Control<BranchFormValues>} />
    </FormPanel>
  );
}

/** /branch-master/detail?id=: a branch (read, edit, delete), its issuers and its history. */
export function BranchDetailScreen() {
  return (
    <div data-testid="area-screen" data-screen="branch-detail">
      <BranchDetailContent />
    </div>
  );
}

function BranchDetailContent() {
  const { t } = useTranslation('branches');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = params.get('id') ?? '';
  const [tab, setTab] = useUrlTab(TABS);
  const [editing, setEditing] = useState(false);
  const canEdit = usePermission(RESOURCES.branches, 'PUT');
  const canDelete = usePermission(RESOURCES.branches, 'DELETE');
  const query = useQuery({ ...branchQuery(id), enabled: id !== '' });
  const removal = useMutation(branchMutations.remove(queryClient));
  const remove = useConfirmedDelete({
    question: (target: Branch) => ({
      title: t('delete.title', { name: target.name }),
      description: t('delete.description'),
      confirmText: t('delete.confirm'),
    }),
    // 422 (it has issuers), 409 (changed meanwhile): the API's own words.
    action: (target: Branch) => removal.mutateAsync(target),
    onDone: () => void navigate(LIST_PATH),
  });

  if (!isDetailReady(query, id))
    return (
      <DetailGate
        query={query}
        id={id}
        name={t('entity.branch')}
        backTo={LIST_PATH}
        backLabel={t('detail.back')}
        skeletonRows={10}
      />
    );
  const branch = query.data;

  return (
    <Flex vertical gap="middle" data-testid="branch-detail">
      <BackLink to={LIST_PATH} label={t('detail.back')} />
      <Flex justify="space-between" align="center" wrap gap="small">
        <Flex align="center" gap="small">
          <Typography.Title level={3} style={{ margin: 0 }} data-testid="branch-title">
            {branch.name}
          </Typography.Title>
          <Tag>{branch.code}</Tag>
          {branch.mainPartner && <Tag color="blue">{t('fields.mainPartner')}</Tag>}
        </Flex>
        {!editing && (
          <Flex gap="small">
            {canEdit && (
              <Button
                icon={<EditOutlined />}
                type="primary"
                onClick={() => {
                  setTab('details');
                  setEditing(true);
                }}
                autoInsertSpace={false}
                data-testid="branch-edit"
              >
                {t('actions.edit')}
              </Button>
            )}
            {canDelete && (
              <Button
                icon={<DeleteOutlined />}
                danger
                loading={remove.pending}
                onClick={() => void remove.run(branch)}
                autoInsertSpace={false}
                data-testid="branch-delete"
              >
                {t('actions.delete')}
              </Button>
            )}
          </Flex>
        )}
      </Flex>
      <ActionRefusal
        refusal={remove.refusal}
        title={t('delete.refused')}
        onClose={remove.clearRefusal}
        testId="branch-delete-refused"
      />
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'details',
            label: t('detail.tabs.details'),
            children: editing ? (
              <EditBranchForm branch={branch} onDone={() => setEditing(false)} />
            ) : (
              <Flex vertical gap="middle">
                <BranchPartner branch={branch} canEdit={canEdit} />
                <ReadView branch={branch} />
              </Flex>
            ),
          },
          {
            key: 'issuers',
            label: t('detail.tabs.issuers'),
            disabled: editing,
            children: <IssuersTab branch={branch} />,
          },
          {
            key: 'history',
            label: t('detail.tabs.history'),
            disabled: editing,
            children: <HistoryPanel entity="branch" id={branch.id} />,
          },
        ]}
      />
    </Flex>
  );
}

export default BranchDetailScreen;
