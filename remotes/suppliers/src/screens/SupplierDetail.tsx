import { DeleteOutlined, EditOutlined } from '@esim/ui/icons';
import { Button, Descriptions, Flex, Tabs, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { RESOURCES, type SupplierDetail as Supplier } from '@esim/contracts';
import { usePermission } from '@esim/platform';
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
import { supplierHistoryQuery, supplierQuery } from '../api';
import { supplierMutations } from '../mutations';
import { ConnectionTest } from '../components/ConnectionTest';
import { EditSupplierForm } from '../components/EditSupplierForm';
import { ExternalEsimsTab } from '../sync/ExternalEsimsTab';
import { ProductUpdatesTab } from '../sync/ProductUpdatesTab';

const TABS = ['details', 'history', 'product-updates', 'esims'] as const;
const LIST_PATH = '/supplier-management';

function useFieldValue() {
  const { t, i18n } = useTranslation('suppliers');
  return (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return displayValue(null);
    if (field === 'status' && typeof value === 'string') return t(`status.${value}`);
    if (field === 'deliveryType' && typeof value === 'string') return t(`deliveryType.${value}`);
    if (field === 'connectorKind' && typeof value === 'string') return t(`connectorKind.${value}`);
    if (field === 'apiKeySet') return value ? t('apiKey.set') : t('apiKey.notSet');
    if ((field === 'createdDate' || field === 'updatedDate') && typeof value === 'string')
      return formatDateTime(value, i18n.language);
    return typeof value === 'string' ? value : JSON.stringify(value);
  };
}

function ReadView({ supplier }: { supplier: Supplier }) {
  const { t } = useTranslation('suppliers');
  const format = useFieldValue();
  const fields: (keyof Supplier)[] = [
    'name',
    'abbreviation',
    'target',
    'type',
    'status',
    'deliveryType',
    'currency',
    'purchaseCurrency',
    'companyName',
    'contactName',
    'email',
    'phone',
    'mobile',
    'address',
    'officeAddress',
    'countryCode',
    'postalCode',
    'remark',
  ];
  if (supplier.deliveryType === 'api') fields.push('connectorKind', 'baseUrl', 'apiKeySet');
  fields.push('createdDate', 'createdBy', 'updatedDate', 'updatedBy', 'version');
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, md: 2 }}
      data-testid="supplier-details"
      items={fields.map((field) => ({
        key: field,
        label: t(`fields.${field}`),
        children: (
          <span data-testid={`supplier-field-${field}`}>{format(field, supplier[field])}</span>
        ),
      }))}
    />
  );
}

function HistoryTab({ supplierId }: { supplierId: string }) {
  const { t } = useTranslation('suppliers');
  const format = useFieldValue();
  const paging = useHistoryPaging();
  const query = useQuery(supplierHistoryQuery(supplierId, paging.page, paging.pageSize));
  return (
    <EntityHistoryTab
      query={query}
      paging={paging}
      fieldLabel={(field) => t(`fields.${field}`, { defaultValue: field })}
      formatValue={format}
    />
  );
}

/** /supplier-management/detail?id=: the supplier's details (read, edit) and its history. */
export function SupplierDetailScreen() {
  return (
    <div data-testid="area-screen" data-screen="supplier-detail">
      <SupplierDetailContent />
    </div>
  );
}

function SupplierDetailContent() {
  const { t } = useTranslation('suppliers');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = params.get('id') ?? '';
  const [tab, setTab] = useUrlTab(TABS);
  const [editing, setEditing] = useState(false);
  const canEdit = usePermission(RESOURCES.suppliers, 'PUT');
  const canDelete = usePermission(RESOURCES.suppliers, 'DELETE');
  const canSeeProducts = usePermission(RESOURCES.products, 'GET');
  const canSeeStock = usePermission(RESOURCES.stock, 'GET');
  const query = useQuery({ ...supplierQuery(id), enabled: id !== '' });
  const removal = useMutation(supplierMutations.remove(queryClient));
  const remove = useConfirmedDelete({
    question: (target: Supplier) => ({
      title: t('delete.title', { name: target.name }),
      description: t('delete.description'),
      confirmText: t('delete.confirm'),
    }),
    // 422 (products refer to it), 409 (changed meanwhile): the API's own words.
    action: (target: Supplier) => removal.mutateAsync(target),
    onDone: () => void navigate(LIST_PATH),
  });

  const back = <BackLink to={LIST_PATH} label={t('detail.back')} />;

  if (!isDetailReady(query, id))
    return (
      <DetailGate
        query={query}
        id={id}
        name={t('entity.supplier')}
        backTo={LIST_PATH}
        backLabel={t('detail.back')}
        skeletonRows={10}
      />
    );
  const supplier = query.data;

  return (
    <Flex vertical gap="middle" data-testid="supplier-detail">
      {back}
      <Flex justify="space-between" align="center" wrap gap="small">
        <Flex align="center" gap="small">
          <Typography.Title level={3} style={{ margin: 0 }} data-testid="supplier-title">
            {supplier.name}
          </Typography.Title>
          <Tag color={supplier.status === 'active' ? 'green' : 'default'}>
            {t(`status.${supplier.status}`)}
          </Tag>
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
            {canDelete && (
              <Button
                icon={<DeleteOutlined />}
                danger
                loading={remove.pending}
                onClick={() => void remove.run(supplier)}
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
        testId="supplier-delete-refused"
      />
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'details',
            label: t('detail.tabs.details'),
            children: editing ? (
              <EditSupplierForm supplier={supplier} onDone={() => setEditing(false)} />
            ) : (
              <Flex vertical gap="middle">
                <ReadView supplier={supplier} />
                {supplier.deliveryType === 'api' && canEdit && (
                  <ConnectionTest supplierId={supplier.id} />
                )}
              </Flex>
            ),
          },
          {
            key: 'history',
            label: t('detail.tabs.history'),
            disabled: editing,
            children: <HistoryTab supplierId={supplier.id} />,
          },
          // Supplier sync (api suppliers): src/sync, docs/supplier-sync.md.
          ...(supplier.deliveryType === 'api' && canSeeProducts
            ? [
                {
                  key: 'product-updates',
                  label: t('sync.tabs.productUpdates'),
                  disabled: editing,
                  children: <ProductUpdatesTab supplierId={supplier.id} />,
                },
              ]
            : []),
          ...(supplier.deliveryType === 'api' && canSeeStock
            ? [
                {
                  key: 'esims',
                  label: t('sync.tabs.esims'),
                  disabled: editing,
                  children: <ExternalEsimsTab supplierId={supplier.id} />,
                },
              ]
            : []),
        ]}
      />
    </Flex>
  );
}

export default SupplierDetailScreen;
