import type { BranchDetail } from '@esim/contracts';
import { OptionSelect } from '@esim/ui';
import { Flex, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { branchKeys, partnerOptionsQuery, selectBranchPartner } from '../api';

/**
 * The partner a branch sells through (branch/select-partner): shown by name, chosen from the
 * partners the caller may see, cleared to none. Saved on choice with the branch's version.
 */
export function BranchPartner({ branch, canEdit }: { branch: BranchDetail; canEdit: boolean }) {
  const { t } = useTranslation('branches');
  const queryClient = useQueryClient();
  const partners = useQuery(partnerOptionsQuery());
  const select = useMutation({
    mutationFn: (partnerId: string | null) =>
      selectBranchPartner({ id: branch.id, version: branch.version, partnerId }),
    onSuccess: async (saved: BranchDetail) => {
      queryClient.setQueryData(branchKeys.detail(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: branchKeys.all });
    },
  });
  const options = (partners.data ?? []).map((partner) => ({
    value: partner.id,
    label: `${partner.name} (${partner.code})`,
  }));
  return (
    <Flex vertical gap={4}>
      <Typography.Text strong>
        <label htmlFor="branch-partner">{t('fields.partnerId')}</label>
      </Typography.Text>
      <OptionSelect
        id="branch-partner"
        data-testid="branch-partner"
        style={{ maxWidth: 420 }}
        showSearch
        allowClear
        placeholder={t('partner.none')}
        loading={partners.isLoading || select.isPending}
        disabled={!canEdit || select.isPending}
        options={options}
        value={branch.partnerId ?? undefined}
        onChange={(value: string | undefined) => select.mutate(value ?? null)}
      />
    </Flex>
  );
}
