import { EyeOutlined } from '@esim/ui/icons';
import { Alert, Button, Divider, Modal, Skeleton, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MAX_LENGTH,
  encodeMessage,
  type DocumentOptions,
  type DocumentRequestInput,
  type OrderDetail,
  type OrderDocument,
  type OrderDocumentType,
} from '@esim/contracts';
import {
  FormDateField,
  FormDialog,
  FormSelectField,
  FormTextField,
  PdfPreviewDialog,
  TableErrorState,
  useValibotForm,
} from '@esim/ui';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { orderKeys } from '../api';
import { documentOptionsQuery, fetchDocumentPreview, issueDocument } from './api';
import { DocumentItemsField } from './DocumentItemsField';
import {
  buyerTaxFields,
  creditNoteFormSchema,
  documentFormDefaults,
  documentFormSchema,
  listedItems,
  toDocumentRequest,
  type DocumentFormValues,
} from './documentForm';

/** What the dialog issues: an invoice or a receipt of the order, or a credit note of an invoice. */
export interface IssueTarget {
  type: OrderDocumentType;
  /** A credit note: the invoice it corrects. */
  original?: OrderDocument;
}

export interface IssueDocumentDialogProps {
  order: Pick<OrderDetail, 'id' | 'orderNo'>;
  target: IssueTarget;
  onClose: () => void;
}

const DIALOG_WIDTH = 'min(860px, calc(100vw - 32px))';

const SERVER_FIELDS = [
  'issuerId',
  'itemIds',
  'buyer.name',
  'buyer.address',
  'buyer.postalCode',
  'buyer.taxId',
  'buyer.branchNumber',
  'issueDate',
  'reason',
] as const;

/**
 * Issue a document: what the order's branch offers (issuers, the buyer printed last, the eSIMs
 * with the documents that already list them) is read first, then the form.
 */
export function IssueDocumentDialog({ order, target, onClose }: IssueDocumentDialogProps) {
  const { t } = useTranslation(['orders', 'common']);
  const options = useQuery(documentOptionsQuery(order.id));
  const title = dialogTitle(t, order.orderNo, target);
  if (!options.data)
    return (
      <Modal
        open
        title={title}
        width={DIALOG_WIDTH}
        onCancel={onClose}
        footer={
          <Button onClick={onClose} autoInsertSpace={false}>
            {t('common:actions.cancel')}
          </Button>
        }
      >
        <div data-testid="document-options" data-state={options.isError ? 'failed' : 'loading'}>
          {options.isError ? (
            <TableErrorState onRetry={() => void options.refetch()} />
          ) : (
            <Skeleton active paragraph={{ rows: 8 }} />
          )}
        </div>
      </Modal>
    );
  return (
    <IssueDocumentForm
      orderId={order.id}
      title={title}
      target={target}
      options={options.data}
      onClose={onClose}
    />
  );
}

type T = ReturnType<typeof useTranslation>['t'];

function dialogTitle(t: T, orderNo: string, target: IssueTarget): string {
  if (target.type === 'credit_note')
    return t('documents.title.credit_note', { number: target.original?.number ?? '' });
  return t(`documents.title.${target.type}`, { orderNo });
}

interface IssueDocumentFormProps {
  orderId: string;
  title: string;
  target: IssueTarget;
  options: DocumentOptions;
  onClose: () => void;
}

function IssueDocumentForm({ orderId, title, target, options, onClose }: IssueDocumentFormProps) {
  const { t } = useTranslation(['orders', 'common']);
  const queryClient = useQueryClient();
  const { type, original } = target;
  const creditNote = type === 'credit_note';
  const form = useValibotForm(
    (creditNote ? creditNoteFormSchema : documentFormSchema) as typeof documentFormSchema,
    { defaultValues: documentFormDefaults(orderId, type, options, original) },
  );
  const issuerId = useWatch({ control: form.control, name: 'issuerId' });
  const issuer = options.issuers.find((candidate) => candidate.id === issuerId);
  const country = issuer?.countryCode;
  const shown = buyerTaxFields(country);
  const { items, selectable } = listedItems(type, options.items, original);
  const [preview, setPreview] = useState<DocumentRequestInput | null>(null);
  const mutation = useMutation({
    mutationFn: issueDocument,
    // The new document in the list, the items' documents, the order's history.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
  const noIssuer = options.issuers.length === 0;

  /** Thai and German documents print the buyer's address: the API refuses them without. */
  const hasAddressIfNeeded = (values: DocumentFormValues) => {
    if (!shown.addressRequired || values.buyer.address) return true;
    form.setError(
      'buyer.address',
      { type: 'required', message: encodeMessage('required', { name: 'buyerAddress' }) },
      { shouldFocus: true },
    );
    return false;
  };

  const openPreview = () =>
    void form.handleSubmit((values) => {
      if (hasAddressIfNeeded(values)) setPreview(toDocumentRequest(values, country));
    })();

  return (
    <>
      <FormDialog
        title={title}
        width={DIALOG_WIDTH}
        form={form}
        onSubmit={(values) => mutation.mutateAsync(toDocumentRequest(values, country))}
        validate={hasAddressIfNeeded}
        confirmSubmit={() => ({
          title: t(`documents.confirmTitle.${type}`),
          description: t('documents.confirmDescription', {
            issuer: issuer?.legalName ?? '',
          }),
          confirmText: t('documents.issue'),
          danger: false,
        })}
        onClose={onClose}
        serverFields={SERVER_FIELDS}
        submitText={t('documents.issue')}
        submitTestId="document-issue"
        submitDisabled={noIssuer}
        testId="document-form"
        footerExtra={
          <Button
            icon={<EyeOutlined />}
            onClick={openPreview}
            disabled={noIssuer}
            autoInsertSpace={false}
            data-testid="document-preview"
          >
            {t('documents.preview')}
          </Button>
        }
      >
        {noIssuer ? (
          <Alert
            type="warning"
            showIcon
            title={t('documents.noIssuer')}
            style={{ marginBottom: 16 }}
            data-testid="document-no-issuer"
          />
        ) : (
          <FormSelectField
            control={form.control}
            name="issuerId"
            label={t('documents.issuer')}
            required
            options={options.issuers.map((candidate) => ({
              value: candidate.id,
              label: t('documents.issuerOption', {
                name: candidate.legalName,
                country: candidate.countryCode,
                registration: candidate.registrationNumber,
              }),
            }))}
            extra={t('documents.language', {
              language: t(`documents.languages.${options.language}`),
            })}
          />
        )}
        <DocumentItemsField
          control={form.control}
          items={items}
          selectable={selectable}
          label={t('documents.items')}
          extra={
            creditNote
              ? t('documents.creditItemsHelp', { number: original?.number ?? '' })
              : t('documents.itemsHelp')
          }
        />
        {creditNote && (
          <FormTextField
            control={form.control}
            name="reason"
            label={t('documents.reason')}
            required
            rows={2}
            maxLength={MAX_LENGTH.long}
            placeholder={t('documents.reasonPlaceholder')}
          />
        )}
        <Divider titlePlacement="start" plain>
          <Typography.Text strong>{t('documents.buyer')}</Typography.Text>
        </Divider>
        <FormTextField
          control={form.control}
          name="buyer.name"
          label={t('documents.buyerName')}
          required
          maxLength={MAX_LENGTH.default}
        />
        <FormTextField
          control={form.control}
          name="buyer.address"
          label={t('documents.buyerAddress')}
          required={shown.addressRequired}
          maxLength={MAX_LENGTH.long}
        />
        <FormTextField
          control={form.control}
          name="buyer.postalCode"
          label={t('documents.buyerPostalCode')}
          maxLength={MAX_LENGTH.postalCode}
        />
        {shown.taxId && country && country !== 'JP' && (
          <FormTextField
            control={form.control}
            name="buyer.taxId"
            label={t(`documents.buyerTaxId.${country}`)}
            maxLength={20}
          />
        )}
        {shown.branchNumber && (
          <FormTextField
            control={form.control}
            name="buyer.branchNumber"
            label={t('documents.buyerBranchNumber')}
            maxLength={5}
            extra={t('documents.branchNumberHelp')}
          />
        )}
        <FormDateField
          control={form.control}
          name="issueDate"
          label={t('documents.issueDate')}
          required
        />
      </FormDialog>
      {preview && (
        <PdfPreviewDialog
          title={t(`documents.previewTitle.${type}`)}
          load={(signal) => fetchDocumentPreview(preview, signal)}
          onClose={() => setPreview(null)}
          testId="document-preview-pdf"
        />
      )}
    </>
  );
}
