import { DeleteOutlined, EditOutlined } from '@esim/ui/icons';
import { Button, Flex, Tabs } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { RESOURCES } from '@esim/contracts';
import { usePermission } from '@esim/platform';
import {
  ActionRefusal,
  BackLink,
  DetailGate,
  DetailHeader,
  isDetailReady,
  useConfirmedDelete,
  useUrlTab,
} from '@esim/ui';
import { campaignQuery } from '../api';
import { CampaignFormDrawer } from '../components/CampaignFormDrawer';
import { CampaignHistory } from '../components/CampaignHistory';
import { CampaignOverview } from '../components/CampaignOverview';
import { CampaignStatusTag } from '../components/CampaignStatusTag';
import { RedemptionsTab } from '../components/RedemptionsTab';
import { VoucherCodesTab } from '../components/VoucherCodesTab';
import { campaignMutations } from '../mutations';
import { LIST_PATH } from '../paths';

const TABS = ['codes', 'redemptions', 'history'] as const;

/** /campaign-code/detail?id=: the campaign, its voucher codes, its uses and its history. */
export function CampaignDetailScreen() {
  return (
    <div data-testid="area-screen" data-screen="campaign-detail">
      <CampaignDetailContent />
    </div>
  );
}

function CampaignDetailContent() {
  const { t } = useTranslation('campaigns');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = params.get('id') ?? '';
  const [tab, setTab] = useUrlTab(TABS);
  const [editing, setEditing] = useState(false);
  const canEdit = usePermission(RESOURCES.campaigns, 'PUT');
  const canDelete = usePermission(RESOURCES.campaigns, 'DELETE');
  const canGenerate = usePermission(RESOURCES.campaigns, 'POST');
  const query = useQuery({ ...campaignQuery(id), enabled: id !== '' });
  const removal = useMutation(campaignMutations.remove(queryClient));
  const remove = useConfirmedDelete({
    question: (campaign: { code: string }) => ({
      title: t('delete.title', { code: campaign.code }),
      description: t('delete.description'),
    }),
    action: (campaign: { id: string; version: number; code: string }) =>
      removal.mutateAsync(campaign),
    onDone: () => void navigate(LIST_PATH),
  });

  if (!isDetailReady(query, id))
    return (
      <DetailGate
        query={query}
        id={id}
        name={t('entity.campaign')}
        backTo={LIST_PATH}
        backLabel={t('detail.back')}
      />
    );
  const campaign = query.data;

  return (
    <Flex vertical gap="middle" data-testid="campaign-detail">
      <BackLink to={LIST_PATH} label={t('detail.back')} />
      <DetailHeader
        title={campaign.code}
        titleTestId="campaign-title"
        subtitle={campaign.name}
        tags={<CampaignStatusTag status={campaign.status} />}
        actions={
          <>
            {canEdit && (
              <Button
                type="primary"
                icon={<EditOutlined />}
                onClick={() => setEditing(true)}
                autoInsertSpace={false}
                data-testid="campaign-edit"
              >
                {t('actions.edit')}
              </Button>
            )}
            {canDelete && (
              <Button
                danger
                icon={<DeleteOutlined />}
                loading={remove.pending}
                onClick={() => void remove.run(campaign)}
                autoInsertSpace={false}
                data-testid="campaign-delete"
              >
                {t('actions.delete')}
              </Button>
            )}
          </>
        }
      />
      <ActionRefusal
        refusal={remove.refusal}
        title={t('delete.refused')}
        onClose={remove.clearRefusal}
        testId="campaign-delete-refused"
      />
      <CampaignOverview campaign={campaign} />
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'codes',
            label: t('detail.tabs.codes'),
            children: <VoucherCodesTab campaignId={campaign.id} canGenerate={canGenerate} />,
          },
          {
            key: 'redemptions',
            label: t('detail.tabs.redemptions'),
            children: <RedemptionsTab campaignId={campaign.id} />,
          },
          {
            key: 'history',
            label: t('detail.tabs.history'),
            children: <CampaignHistory campaignId={campaign.id} />,
          },
        ]}
      />
      {editing && <CampaignFormDrawer campaign={campaign} onClose={() => setEditing(false)} />}
    </Flex>
  );
}

export default CampaignDetailScreen;
