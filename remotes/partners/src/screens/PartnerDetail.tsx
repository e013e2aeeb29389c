import { DeleteOutlined, EditOutlined } from '@esim/ui/icons';
import { Button, Descriptions, Empty, Flex, Table, Tabs, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  RESOURCES,
  ROLE_IDS,
  type CustomField,
  type PartnerDetail as Partner,
} from '@esim/contracts';
import { usePermission, usePermissionStore } from '@esim/platform';
import {
  ActionRefusal,
  BackLink,
  DetailGate,
  EntityHistoryTab,
  isDetailReady,
  useConfirmedDelete,
  useHistoryPaging,
  useUrlTab,
} from '@esim/ui';
import { displayValue, formatDateTime } from '@esim/utils';
import { partnerHistoryQuery, partnerQuery } from '../api';
import { AccountsTab } from '../components/AccountsTab';
import { EditPartnerForm } from '../components/EditPartnerForm';
import { formatCommission, formatCustomValue } from '../format';
import { partnerMutations } from '../mutations';

const TABS = ['details', 'custom-fields', 'accounts', 'history'] as const;
const LIST_PATH = '/partners';

/** How a field's value reads (details and history). */
export function usePartnerFieldValue() {
  const { t, i18n } = useTranslation('partners');
  return (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return displayValue(null);
    if (Array.isArray(value) && value.length === 0) return displayValue(null);
    if (field === 'target' && typeof value === 'string') return t(`target.${value}`);
    if (field === 'planType' && typeof value === 'string') return t(`planType.${value}`);
    if (field === 'commissionType' && typeof value === 'string')
      return t(`commissionType.${value}`);
    if (field === 'visibleFields' && Array.isArray(value))
      return value.map((item) => t(`visibleField.${String(item)}`)).join(', ');
    if (field === 'accounts' && Array.isArray(value)) return value.join(', ');
    if (field === 'customFields' && Array.isArray(value))
      return (value as CustomField[])
        .map((item) => `${item.name}: ${formatCustomValue(item.value, t)}`)
        .join(', ');
    if (field === 'monthlyCommit' && typeof value === 'number')
      return `${value.toLocaleString('en-US')} JPY`;
    if ((field === 'createdDate' || field === 'updatedDate') && typeof value === 'string')
      return formatDateTime(value, i18n.language);
    return typeof value === 'string' ? value : JSON.stringify(value);
  };
}

function ReadView({ partner }: { partner: Partner }) {
  const { t } = useTranslation('partners');
  const format = usePartnerFieldValue();
  const fields: (keyof Partner)[] = [
    'name',
    'code',
    'target',
    'planType',
    'representativeName',
    'phone',
    'loginEmail',
    'website',
    'typeOfBusiness',
    'businessModel',
    'tariffCode',
    'monthlyCommit',
    'billingDate',
    'commissionType',
    'visibleFields',
    'url',
    'logoKey',
    'prefix',
    'slug',
    'oldSlug',
    'createdDate',
    'createdBy',
    'updatedDate',
    'updatedBy',
    'version',
  ];
  const items = fields.map((field) => ({
    key: field,
    label: t(`fields.${field}`),
    children: <span data-testid={`partner-field-${field}`}>{format(field, partner[field])}</span>,
  }));
  items.splice(14, 0, {
    key: 'commissionValue',
    label: t('fields.commissionValue'),
    children: (
      <span data-testid="partner-field-commissionValue">{formatCommission(partner, t)}</span>
    ),
  });
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, md: 2 }}
      data-testid="partner-details"
      items={items}
    />
  );
}

function CustomFieldsView({ fields }: { fields: CustomField[] }) {
  const { t } = useTranslation('partners');
  return (
    <Table
      rowKey="name"
      size="small"
      pagination={false}
      dataSource={fields}
      data-testid="partner-custom-fields"
      locale={{
        emptyText: (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('customFields.empty')} />
        ),
      }}
      columns={[
        { key: 'name', title: t('fields.fieldName'), dataIndex: 'name' },
        {
          key: 'dataType',
          title: t('fields.dataType'),
          render: (_, row) => t(`dataType.${row.dataType}`),
        },
        {
          key: 'limit',
          title: t('customFields.limit'),
          render: (_, row) =>
            row.dataType === 'string'
              ? t('customFields.maxLengthValue', { value: row.maxLength ?? 100 })
              : row.dataType === 'number' && row.maxAmount !== null
                ? t('customFields.maxAmountValue', { value: row.maxAmount })
                : displayValue(null),
        },
        {
          key: 'value',
          title: t('fields.value'),
          render: (_, row) => formatCustomValue(row.value, t),
        },
      ]}
    />
  );
}

function HistoryTab({ partnerId }: { partnerId: string }) {
  const { t } = useTranslation('partners');
  const format = usePartnerFieldValue();
  const paging = useHistoryPaging();
  const query = useQuery(partnerHistoryQuery(partnerId, paging.page, paging.pageSize));
  return (
    <EntityHistoryTab
      query={query}
      paging={paging}
      fieldLabel={(field) => t(`fields.${field}`, { defaultValue: field })}
      formatValue={format}
    />
  );
}

/** /partners/detail?id=: the partner's details (read, edit), custom fields, accounts, history. */
export function PartnerDetailScreen() {
  return (
    <div data-testid="area-screen" data-screen="partner-detail">
      <PartnerDetailContent />
    </div>
  );
}

function PartnerDetailContent() {
  const { t } = useTranslation('partners');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = params.get('id') ?? '';
  const [tab, setTab] = useUrlTab(TABS);
  const [editing, setEditing] = useState(false);
  const canEdit = usePermission(RESOURCES.partners, 'PUT');
  const canDelete = usePermission(RESOURCES.partners, 'DELETE');
  const ownPartner = usePermissionStore((state) => state.roleId) === ROLE_IDS.partner;
  const query = useQuery({ ...partnerQuery(id), enabled: id !== '' });
  const removal = useMutation(partnerMutations.remove(queryClient));
  const remove = useConfirmedDelete({
    question: (target: Partner) => ({
      title: t('delete.title', { name: target.name }),
      description: t('delete.description'),
      confirmText: t('delete.confirm'),
    }),
    action: (target: Partner) => removal.mutateAsync(target),
    onDone: () => void navigate(LIST_PATH),
  });

  if (!isDetailReady(query, id))
    return (
      <DetailGate
        query={query}
        id={id}
        name={t('entity.partner')}
        backTo={LIST_PATH}
        backLabel={t('detail.back')}
        skeletonRows={10}
      />
    );
  const partner = query.data;

  return (
    <Flex vertical gap="middle" data-testid="partner-detail">
      <BackLink to={LIST_PATH} label={t('detail.back')} />
      <Flex justify="space-between" align="center" wrap gap="small">
        <Flex align="center" gap="small">
          <Typography.Title level={3} style={{ margin: 0 }} data-testid="partner-title">
            {partner.name}
          </Typography.Title>
          <Tag>{t(`planType.${partner.planType}`)}</Tag>
          <Tag color="blue">{t(`target.${partner.target}`)}</Tag>
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
              >
                {t('actions.edit')}
              </Button>
            )}
            {canDelete && !ownPartner && (
              <Button
                icon={<DeleteOutlined />}
                danger
                loading={remove.pending}
                onClick={() => void remove.run(partner)}
                autoInsertSpace={false}
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
        testId="partner-delete-refused"
      />
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'details',
            label: t('detail.tabs.details'),
            children: editing ? (
              <EditPartnerForm
                partner={partner}
                ownPartner={ownPartner}
                onDone={() => setEditing(false)}
              />
            ) : (
              <ReadView partner={partner} />
            ),
          },
          {
            key: 'custom-fields',
            label: t('detail.tabs.customFields'),
            disabled: editing,
            children: <CustomFieldsView fields={partner.customFields} />,
          },
          {
            key: 'accounts',
            label: t('detail.tabs.accounts'),
            disabled: editing,
            children: <AccountsTab partner={partner} canEdit={canEdit} />,
          },
          {
            key: 'history',
            label: t('detail.tabs.history'),
            disabled: editing,
            children: <HistoryTab partnerId={partner.id} />,
          },
        ]}
      />
    </Flex>
  );
}

export default PartnerDetailScreen;
