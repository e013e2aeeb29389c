import { CopyOutlined, DeleteOutlined, ImportOutlined, PlusOutlined } from '@esim/ui/icons';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  List,
  Modal,
  Select,
  Skeleton,
  Space,
  Tabs,
  Typography,
} from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MAX_LENGTH,
  RESOURCES,
  copyTariffSchema,
  type TariffCodeSummary,
  type TariffGroupDetail,
} from '@esim/contracts';
import { usePermission } from '@esim/platform';
import {
  FormDialog,
  FormTextField,
  confirm,
  useValibotForm,
  DetailGate,
  isDetailReady,
} from '@esim/ui';
import { formatDateTime } from '@esim/utils';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { profileQuery, relationQuery } from '../api';
import { History } from '../components/History';
import { ProfileEditDialog } from './ProfileEditDialog';
import { ProductPrices } from './ProductPrices';
import { tariffMutations } from '../mutations';

/** /tariff/detail?id=<group id>&code=<selected code>: profile, codes, prices, relation, history. */
export function TariffDetailScreen() {
  const { t, i18n } = useTranslation(['tariffs', 'common']);
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = params.get('id') ?? '';
  const query = useQuery({ ...profileQuery(id), enabled: id !== '' });
  const canCreate = usePermission(RESOURCES.tariffs, 'POST');
  const canEdit = usePermission(RESOURCES.tariffs, 'PUT');
  const canDelete = usePermission(RESOURCES.tariffs, 'DELETE');
  const [editing, setEditing] = useState(false);
  const [copying, setCopying] = useState(false);
  const groupRemoval = useMutation(tariffMutations.deleteGroup(queryClient));
  const codeRemoval = useMutation(tariffMutations.deleteCode(queryClient));

  if (!isDetailReady(query, id))
    return (
      <div data-testid="area-screen" data-screen="tariff-detail-gate">
        <DetailGate
          query={query}
          id={id}
          name={t('entity.profile')}
          backTo="/tariff"
          backLabel={t('import.back')}
        />
      </div>
    );
  const group: TariffGroupDetail = query.data;
  const code: TariffCodeSummary | undefined =
    group.codes.find((item) => item.tariffCode === params.get('code')) ?? group.codes[0];

  const selectCode = (value: string) => {
    const next = new URLSearchParams({ id, code: value });
    setParams(next, { replace: true });
  };

  const removeGroup = async () => {
    const ok = await confirm({
      title: t('profile.deleteTitle', { code: group.tariffGroup }),
      description: t('profile.deleteDescription'),
      danger: true,
    });
    if (!ok) return;
    // A refusal is toasted by the API client; the profile stays open.
    const removed = await groupRemoval.mutateAsync(group.id).then(
      () => true,
      () => false,
    );
    if (removed) void navigate('/tariff');
  };
  const removeCode = async (item: TariffCodeSummary) => {
    const ok = await confirm({
      title: t('code.deleteTitle', { code: item.tariffCode }),
      description: t('code.deleteDescription'),
      danger: true,
    });
    if (!ok) return;
    const removed = await codeRemoval.mutateAsync(item.id).then(
      () => true,
      () => false,
    );
    if (removed) setParams(new URLSearchParams({ id }), { replace: true });
  };

  const tabs = [
    {
      key: 'products',
      label: t('detail.tabs.products'),
      children: code ? (
        <Flex vertical gap="middle">
          <Space wrap>
            {canEdit && (
              <Button
                icon={<ImportOutlined />}
                onClick={() =>
                  void navigate(`/tariff/import/detail?code=${encodeURIComponent(code.tariffCode)}`)
                }
                autoInsertSpace={false}
              >
                {t('detail.importPrices')}
              </Button>
            )}
            {canCreate && (
              <Button
                icon={<CopyOutlined />}
                onClick={() => setCopying(true)}
                autoInsertSpace={false}
              >
                {t('detail.copyCode')}
              </Button>
            )}
            {canEdit && <CopyProductsButton source={code.tariffCode} group={group} />}
            {canDelete && (
              <Button
                danger
                icon={<DeleteOutlined />}
                onClick={() => void removeCode(code)}
                autoInsertSpace={false}
              >
                {t('code.delete')}
              </Button>
            )}
          </Space>
          <Descriptions size="small" column={{ xs: 1, md: 4 }}>
            <Descriptions.Item label={t('common:fields.baseTariff')}>
              {t(`baseTariff.${code.rule.baseTariff}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('common:fields.logic1')}>
              {code.rule.logic1}%
            </Descriptions.Item>
            <Descriptions.Item label={t('common:fields.logic2')}>
              {code.rule.logic2}
            </Descriptions.Item>
            <Descriptions.Item label={t('common:fields.logic3')}>
              {t(`logic3.${code.rule.logic3}`)}
            </Descriptions.Item>
          </Descriptions>
          <ProductPrices key={code.tariffCode} tariffCode={code.tariffCode} canEdit={canEdit} />
        </Flex>
      ) : (
        <Empty description={t('detail.noCodes')} />
      ),
    },
    {
      key: 'relation',
      label: t('detail.tabs.relation'),
      children: code ? <Relation code={code.tariffCode} /> : <Empty />,
    },
    {
      key: 'history',
      label: t('detail.tabs.history'),
      children: <History id={code?.id ?? group.id} />,
    },
    {
      key: 'profileHistory',
      label: t('detail.tabs.profileHistory'),
      children: <History id={group.id} />,
    },
  ];

  return (
    <Flex vertical gap="large" data-testid="area-screen" data-screen="tariff-detail">
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('detail.title', { code: group.tariffGroup })}
        </Typography.Title>
        <Space wrap>
          {canCreate && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() =>
                void navigate(`/tariff/${encodeURIComponent(group.tariffGroup)}/create`)
              }
              autoInsertSpace={false}
            >
              {t('detail.newCode')}
            </Button>
          )}
          {canEdit && (
            <Button onClick={() => setEditing(true)} autoInsertSpace={false}>
              {t('profile.edit')}
            </Button>
          )}
          {canDelete && (
            <Button danger onClick={() => void removeGroup()} autoInsertSpace={false}>
              {t('profile.delete')}
            </Button>
          )}
        </Space>
      </Flex>
      <Card size="small">
        <Descriptions size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label={t('common:fields.name')}>{group.name}</Descriptions.Item>
          <Descriptions.Item label={t('common:fields.baseTariff')}>
            {t(`baseTariff.${group.baseTariff}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('common:fields.logic1')}>{group.logic1}%</Descriptions.Item>
          <Descriptions.Item label={t('common:fields.logic2')}>{group.logic2}</Descriptions.Item>
          <Descriptions.Item label={t('common:fields.logic3')}>
            {t(`logic3.${group.logic3}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('common:fields.inputMode')}>
            {t(`inputMode.${group.inputMode}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('common:fields.importFrom')}>
            {group.importFrom?.tariffGroup ?? '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('common:fields.updatedDate')}>
            {formatDateTime(group.updatedDate, i18n.language)}
          </Descriptions.Item>
          <Descriptions.Item label={t('common:fields.description')}>
            {group.description ?? '-'}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Flex gap="small" align="center" wrap>
        <label htmlFor="tariff-code-select">{t('common:fields.tariffCode')}</label>
        <Select
          id="tariff-code-select"
          data-testid="tariff-code-select"
          style={{ minWidth: 240 }}
          value={code?.tariffCode}
          onChange={selectCode}
          options={group.codes.map((item) => ({
            value: item.tariffCode,
            label: item.name ? `${item.tariffCode} (${item.name})` : item.tariffCode,
          }))}
          placeholder={t('detail.noCodes')}
        />
      </Flex>
      <Tabs items={tabs} destroyOnHidden />
      {editing && (
        <ProfileEditDialog
          group={group}
          onClose={() => setEditing(false)}
          onReload={() => void query.refetch()}
        />
      )}
      {copying && code && (
        <CopyCodeDialog source={code.tariffCode} group={group} onClose={() => setCopying(false)} />
      )}
    </Flex>
  );
}

function Relation({ code }: { code: string }) {
  const { t } = useTranslation('tariffs');
  const query = useQuery(relationQuery(code));
  if (query.isPending) return <Skeleton active />;
  if (query.isError) return <Alert type="error" showIcon title={t('detail.relationFailed')} />;
  const render = (title: string, items: { id: string; name: string; code: string }[]) => (
    <Card size="small" title={title}>
      <List
        size="small"
        dataSource={items}
        locale={{ emptyText: t('detail.relationEmpty') }}
        renderItem={(item) => (
          <List.Item>
            {item.code} - {item.name}
          </List.Item>
        )}
      />
    </Card>
  );
  return (
    <Flex vertical gap="middle">
      {render(t('detail.partners'), query.data.partners)}
      {render(t('detail.branches'), query.data.branches)}
    </Flex>
  );
}

function CopyCodeDialog({
  source,
  group,
  onClose,
}: {
  source: string;
  group: TariffGroupDetail;
  onClose: () => void;
}) {
  const { t } = useTranslation(['tariffs', 'common']);
  const queryClient = useQueryClient();
  const [, setParams] = useSearchParams();
  const form = useValibotForm(copyTariffSchema, {
    defaultValues: {
      sourceTariffCode: source,
      tariffCode: '',
      tariffGroup: group.tariffGroup,
      name: '',
    },
  });
  const mutation = useMutation(tariffMutations.copyCode(queryClient));
  return (
    <FormDialog
      form={form}
      title={t('copy.title', { code: source })}
      onSubmit={mutation.mutateAsync}
      onSaved={(created) =>
        setParams(new URLSearchParams({ id: group.id, code: created.tariffCode }), {
          replace: true,
        })
      }
      onClose={onClose}
      submitText={t('copy.submit')}
    >
      <FormTextField
        control={form.control}
        name="tariffCode"
        label={t('common:fields.tariffCode')}
        maxLength={MAX_LENGTH.code}
        required
      />
      <FormTextField
        control={form.control}
        name="name"
        label={t('common:fields.name')}
        maxLength={MAX_LENGTH.default}
      />
    </FormDialog>
  );
}

function CopyProductsButton({ source, group }: { source: string; group: TariffGroupDetail }) {
  const { t } = useTranslation(['tariffs', 'common']);
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState<string>();
  const copying = useMutation(tariffMutations.copyProducts(queryClient));
  const targets = group.codes.filter((item) => item.tariffCode !== source);
  const run = async () => {
    if (!target) return;
    const ok = await confirm({
      title: t('copyProducts.confirmTitle', { source, target }),
      description: t('copyProducts.confirmDescription', { source, target }),
      danger: true,
    });
    if (!ok) return;
    // A refusal is toasted by the API client.
    await copying
      .mutateAsync({ sourceTariffCode: source, targetTariffCode: target })
      .catch(() => undefined);
    setOpen(false);
  };
  return (
    <>
      <Button onClick={() => setOpen(true)} disabled={targets.length === 0} autoInsertSpace={false}>
        {t('copyProducts.button')}
      </Button>
      <Modal
        open={open}
        title={t('copyProducts.title', { code: source })}
        onCancel={() => setOpen(false)}
        onOk={() => void run()}
        okText={t('copyProducts.submit')}
        cancelText={t('common:actions.cancel')}
        okButtonProps={{ disabled: !target, autoInsertSpace: false }}
        cancelButtonProps={{ autoInsertSpace: false }}
        destroyOnHidden
      >
        <label htmlFor="copy-products-target">{t('common:fields.targetTariffCode')}</label>
        <Select
          id="copy-products-target"
          style={{ width: '100%' }}
          value={target}
          onChange={setTarget}
          options={targets.map((item) => ({ value: item.tariffCode, label: item.tariffCode }))}
        />
      </Modal>
    </>
  );
}

export default TariffDetailScreen;
