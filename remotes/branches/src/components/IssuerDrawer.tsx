import { Descriptions, Divider, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Control } from 'react-hook-form';
import { RESOURCES, updateIssuerSchema, type IssuerDetail } from '@esim/contracts';
import { usePermission } from '@esim/platform';
import { DetailGate, FormDrawer, isDetailReady, useValibotForm } from '@esim/ui';
import { branchKeys, issuerQuery } from '../api';
import { branchMutations } from '../mutations';
import { HistoryPanel } from './HistoryPanel';
import {
  ISSUER_FORM_FIELDS,
  IssuerFormFields,
  toIssuerFormValues,
  type IssuerFormValues,
} from './IssuerFormFields';

const valuesOf = (issuer: IssuerDetail) => ({
  ...toIssuerFormValues(issuer.branchId, issuer.countryCode, issuer),
  id: issuer.id,
  version: issuer.version,
});

function IssuerEditor({ issuer, onClose }: { issuer: IssuerDetail; onClose: () => void }) {
  const { t } = useTranslation('branches');
  const queryClient = useQueryClient();
  const canDelete = usePermission(RESOURCES.branches, 'DELETE');
  const form = useValibotForm(updateIssuerSchema, { defaultValues: valuesOf(issuer) });
  const update = useMutation(branchMutations.updateIssuer(queryClient));
  const removal = useMutation(branchMutations.removeIssuer(queryClient));
  const reload = async () => {
    const current = await queryClient.fetchQuery({ ...issuerQuery(issuer.id), staleTime: 0 });
    form.reset(valuesOf(current));
    await queryClient.invalidateQueries({ queryKey: branchKeys.issuers() });
  };
  return (
    <FormDrawer
      form={form}
      title={t('issuer.editTitle', { name: issuer.legalName })}
      onSubmit={(values) => update.mutateAsync(values)}
      onSaved={onClose}
      onClose={onClose}
      onReload={reload}
      serverFields={ISSUER_FORM_FIELDS}
      submitText={t('edit.submit')}
      submitTestId="issuer-save"
      testId="issuer-drawer"
      discard={{ title: t('form.discardTitle'), description: t('form.discardDescription') }}
      conflictAlert={{ title: t('conflict.title'), description: t('conflict.description') }}
      dangerAction={
        canDelete
          ? {
              label: t('actions.deleteIssuer'),
              run: () => removal.mutateAsync(issuer).then(() => issuer),
              confirm: {
                title: t('issuer.deleteTitle', { name: issuer.legalName }),
                description: t('issuer.deleteDescription'),
                confirmText: t('delete.confirm'),
                danger: true,
              },
              testId: 'issuer-delete',
            }
          : undefined
      }
      below={
        <>
          <Divider />
          <Typography.Title level={5}>{t('issuer.sequences')}</Typography.Title>
          {issuer.sequences.length === 0 ? (
            <Typography.Text type="secondary">{t('issuer.noSequences')}</Typography.Text>
          ) : (
            <Descriptions
              size="small"
              column={1}
              bordered
              items={issuer.sequences.map((sequence) => ({
                key: `${sequence.documentType}-${sequence.year}`,
                label: `${t(`documentType.${sequence.documentType}`)} ${sequence.year}`,
                children: t('issuer.nextNumber', { number: sequence.nextNumber }),
              }))}
            />
          )}
          <Divider />
          <Typography.Title level={5}>{t('detail.tabs.history')}</Typography.Title>
          <HistoryPanel entity="issuer" id={issuer.id} />
        </>
      }
    >
      <IssuerFormFields
        control={form.control as unknown as Control<IssuerFormValues>}
        country={issuer.countryCode}
      />
    </FormDrawer>
  );
}

/** An issuer's details to edit (PUT branch/item), delete, its number sequences and history. */
export function IssuerDrawer({ issuerId, onClose }: { issuerId: string; onClose: () => void }) {
  const { t } = useTranslation('branches');
  const query = useQuery(issuerQuery(issuerId));
  if (!isDetailReady(query, issuerId))
    return (
      <DetailGate
        query={query}
        id={issuerId}
        name={t('entity.issuer')}
        backTo="/branch-master"
        backLabel={t('detail.back')}
      />
    );
  return <IssuerEditor issuer={query.data} onClose={onClose} />;
}
