import { DeleteOutlined, PlusOutlined } from '@esim/ui/icons';
import { Button, Empty, Flex, Table, Tag } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createPartnerAccountSchema, MAX_LENGTH, type PartnerDetail } from '@esim/contracts';
import { confirm, FormDialog, FormTextField, useValibotForm } from '@esim/ui';
import { displayValue, formatDateTime } from '@esim/utils';
import { partnerMutations } from '../mutations';

function AddAccountDialog({ partnerId, onClose }: { partnerId: string; onClose: () => void }) {
  const { t } = useTranslation('partners');
  const queryClient = useQueryClient();
  const form = useValibotForm(createPartnerAccountSchema, {
    defaultValues: { partnerId, email: '', name: '' },
  });
  const mutation = useMutation(partnerMutations.addAccount(queryClient));
  return (
    <FormDialog
      form={form}
      title={t('accounts.addTitle')}
      onSubmit={(values) => mutation.mutateAsync(values)}
      onSaved={onClose}
      onClose={onClose}
      serverFields={['email', 'name']}
      submitText={t('accounts.add')}
    >
      <FormTextField
        control={form.control}
        name="email"
        type="email"
        label={t('fields.email')}
        maxLength={MAX_LENGTH.long}
        required
        extra={t('accounts.signInHint')}
      />
      <FormTextField
        control={form.control}
        name="name"
        label={t('fields.accountName')}
        maxLength={MAX_LENGTH.default}
      />
    </FormDialog>
  );
}

/** The partner's staff accounts: who signs in for it; add and remove (asked first). */
export function AccountsTab({ partner, canEdit }: { partner: PartnerDetail; canEdit: boolean }) {
  const { t, i18n } = useTranslation('partners');
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const removal = useMutation(partnerMutations.removeAccount(queryClient));

  const remove = async (account: PartnerDetail['accounts'][number]) => {
    const confirmed = await confirm({
      title: t('accounts.removeTitle', { email: account.email }),
      description: t('accounts.removeDescription'),
      confirmText: t('accounts.remove'),
      danger: true,
    });
    if (confirmed) await removal.mutateAsync(account.id).catch(() => undefined);
  };

  return (
    <Flex vertical gap="middle" data-testid="partner-accounts">
      {canEdit && (
        <Flex justify="flex-end">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {t('accounts.add')}
          </Button>
        </Flex>
      )}
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={partner.accounts}
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('accounts.empty')} />
          ),
        }}
        columns={[
          { key: 'email', title: t('fields.email'), dataIndex: 'email' },
          {
            key: 'name',
            title: t('fields.accountName'),
            render: (_, row) => displayValue(row.name),
          },
          {
            key: 'status',
            title: t('fields.status'),
            render: (_, row) => (
              <Tag color={row.status === 'active' ? 'green' : 'default'}>
                {t(`accountStatus.${row.status}`)}
              </Tag>
            ),
          },
          {
            key: 'lastLoginDate',
            title: t('fields.lastLoginDate'),
            render: (_, row) =>
              row.lastLoginDate
                ? formatDateTime(row.lastLoginDate, i18n.language)
                : displayValue(null),
          },
          ...(canEdit
            ? [
                {
                  key: 'actions',
                  title: '',
                  render: (_: unknown, row: PartnerDetail['accounts'][number]) => (
                    <Button
                      danger
                      size="small"
                      icon={<DeleteOutlined />}
                      aria-label={t('accounts.removeTitle', { email: row.email })}
                      onClick={() => void remove(row)}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      {adding && <AddAccountDialog partnerId={partner.id} onClose={() => setAdding(false)} />}
    </Flex>
  );
}
