import { DeleteOutlined, EditOutlined } from '@esim/ui/icons';
import { Alert, Button, Descriptions, Flex, Tabs, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PAGE_SIZES, RESOURCES, type SupplierDetail as Supplier } from '@esim/contracts';
import { isApiError, usePermission } from '@esim/platform';
import { AuditHistory, confirm, DetailGate, isDetailReady, useUrlTab, BackLink } from '@esim/ui';
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
  const [paging, setPaging] = useState({ page: 1, pageSize: PAGE_SIZES[1] as number });
  const query = useQuery(supplierHistoryQuery(supplierId, paging.page, paging.pageSize));
  return (
    <AuditHistory
      entries={query.data?.items ?? []}
      total={query.data?.total ?? 0}
      loading={query.isFetching}
      error={query.isError ? query.error : undefined}
      onRetry={() => void query.refetch()}
      page={paging.page}
      pageSize={paging.pageSize}
      onPageChange={(page, pageSize) =>
        setPaging((current) => ({ page: pageSize === current.pageSize ? page : 1, pageSize }))
      }
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
  const [refusal, setRefusal] = useState<string | null>(null);
  const canEdit = usePermission(RESOURCES.suppliers, 'PUT');
  const canDelete = usePermission(RESOURCES.suppliers, 'DELETE');
  const canSeeProducts = usePermission(RESOURCES.products, 'GET');
  const canSeeStock = usePermission(RESOURCES.stock, 'GET');
  const query = useQuery({ ...supplierQuery(id), enabled: id !== '' });
  const removal = useMutation(supplierMutations.remove(queryClient));

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

  const remove = async () => {
    setRefusal(null);
    const confirmed = await confirm({
      title: t('delete.title', { name: supplier.name }),
      description: t('delete.description'),
      confirmText: t('delete.confirm'),
      danger: true,
    });
    if (!confirmed) return;
    try {
      await removal.mutateAsync(supplier);
      void navigate(LIST_PATH);
    } catch (error) {
      // 422 (products refer to it), 409 (changed meanwhile): the API's own words.
      if (isApiError(error)) setRefusal(error.message);
    }
  };

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
                loading={removal.isPending}
                onClick={() => void remove()}
                autoInsertSpace={false}
              >
                {t('actions.delete')}
              </Button>
            )}
          </Flex>
        )}
      </Flex>
      {refusal && (
        <Alert
          type="error"
          showIcon
          closable={{ onClose: () => setRefusal(null) }}
          title={t('delete.refused')}
          description={refusal}
          data-testid="supplier-delete-refused"
        />
      )}
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
