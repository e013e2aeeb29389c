import { Alert, Button, DatePicker, Descriptions, Flex, Form, Modal } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useController, type Control } from 'react-hook-form';
import {
  editSellingPriceSchema,
  editSpecialPriceSchema,
  encodeMessage,
  type EditSpecialPriceInput,
  type ProductDetail,
} from '@esim/contracts';
import {
  FormLayout,
  FormNumberField,
  translateValidationMessage,
  useHasInputProblem,
  useValibotForm,
  ServerErrors,
  handleSaveError,
} from '@esim/ui';
import { formatNumber } from '@esim/utils';
import { editSellingPrice, editSpecialPrice, productKeys, productQuery } from '../api';
import { percent, useProductFormat, yen } from '../format';
import { ProductConflictAlert } from './forms';

const DAY = 'YYYY-MM-DD';

/** The cost next to a price being edited, so "must be greater than Cost Price" is clear. */
function CostBeside({ product, price }: { product: ProductDetail; price: number | null }) {
  const { t } = useTranslation(['products', 'common']);
  const format = useProductFormat();
  const profit =
    price !== null && product.costJpy !== null && price > 0 ? price - product.costJpy : null;
  return (
    <Flex vertical gap="small" style={{ marginBottom: 16 }}>
      {product.costJpy === null && (
        <Alert
          type="warning"
          showIcon
          title={t('prices.noRate', { currency: product.costCurrency })}
        />
      )}
      <Descriptions
        size="small"
        bordered
        column={1}
        items={[
          {
            key: 'cost',
            label: t('common:fields.cost'),
            children: format.money(product.costMinor, product.costCurrency),
          },
          {
            key: 'rate',
            label: t('common:fields.exchangeRate'),
            children:
              product.exchangeRate === null
                ? yen(null)
                : formatNumber(product.exchangeRate, { maxDecimals: 6 }),
          },
          {
            key: 'costJpy',
            label: t('common:fields.costJpy'),
            children: (
              <strong data-testid="dialog-cost-jpy">
                {product.costJpy === null ? yen(null) : `${yen(product.costJpy)} JPY`}
              </strong>
            ),
          },
          {
            key: 'profit',
            label: t('common:fields.grossProfit'),
            children:
              profit === null
                ? yen(null)
                : `${yen(profit)} JPY (${percent(
                    Math.round((profit * 10000) / (price as number)) / 100,
                  )})`,
          },
        ]}
      />
    </Flex>
  );
}

/** Shared: the conflict state of a price dialog and reloading the product's version. */
function useVersionReload(productId: string, setVersion: (version: number) => void) {
  const queryClient = useQueryClient();
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);
  const reload = async () => {
    setReloading(true);
    try {
      const current = await queryClient.fetchQuery({ ...productQuery(productId), staleTime: 0 });
      setVersion(current.version);
      setConflict(false);
      await queryClient.invalidateQueries({ queryKey: productKeys.all });
    } finally {
      setReloading(false);
    }
  };
  return { conflict, setConflict, reloading, reload };
}

/** After a price or label call: the answer is the product as it is now. */
async function refreshAfterSave(
  queryClient: ReturnType<typeof useQueryClient>,
  saved: ProductDetail | undefined,
) {
  if (saved?.id) queryClient.setQueryData(productKeys.detail(saved.id), saved);
  await queryClient.invalidateQueries({ queryKey: productKeys.all });
}

const SELLING_FORM = 'product-selling-price-form';

/** PUT product/edit-selling-price: whole JPY, greater than the cost in JPY (form and API). */
export function SellingPriceDialog({
  product,
  onClose,
}: {
  product: ProductDetail;
  onClose: () => void;
}) {
  const { t } = useTranslation(['products', 'common']);
  const queryClient = useQueryClient();
  const [unplaced, setUnplaced] = useState<string[]>([]);
  const form = useValibotForm(editSellingPriceSchema, {
    defaultValues: {
      id: product.id,
      version: product.version,
      sellingPriceJpy: product.sellingPriceJpy ?? (undefined as unknown as number),
    },
  });
  const versions = useVersionReload(product.id, (version) => form.setValue('version', version));
  const mutation = useMutation({ mutationFn: editSellingPrice });
  const price = form.watch('sellingPriceJpy');

  const submit = form.handleSubmit(async (values) => {
    setUnplaced([]);
    if (product.costJpy !== null && values.sellingPriceJpy <= product.costJpy) {
      form.setError('sellingPriceJpy', {
        type: 'validate',
        message: encodeMessage('sellingAboveCost'),
      });
      return;
    }
    try {
      const saved = await mutation.mutateAsync(values);
      await refreshAfterSave(queryClient, saved);
      onClose();
    } catch (error) {
      const outcome = handleSaveError(error, form.setError, ['sellingPriceJpy']);
      versions.setConflict(outcome.conflict);
      setUnplaced(outcome.unplaced);
    }
  });

  const inputRefused = useHasInputProblem(form.control);
  return (
    <Modal
      open
      title={t('sellingPrice.title', { code: product.productCode })}
      onCancel={onClose}
      destroyOnHidden
      okText={t('actions.save')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{
        htmlType: 'submit',
        form: SELLING_FORM,
        loading: mutation.isPending,
        disabled: versions.conflict || inputRefused,
        autoInsertSpace: false,
      }}
      cancelButtonProps={{ autoInsertSpace: false }}
    >
      <div data-testid="selling-price-dialog">
        {versions.conflict && (
          <div style={{ marginBottom: 16 }}>
            <ProductConflictAlert
              onReload={() => void versions.reload()}
              reloading={versions.reloading}
            />
          </div>
        )}
        <CostBeside product={product} price={typeof price === 'number' ? price : null} />
        <ServerErrors messages={unplaced} />
        <FormLayout id={SELLING_FORM} onSubmit={submit}>
          <FormNumberField
            control={form.control}
            name="sellingPriceJpy"
            label={t('common:fields.sellingPriceJpy')}
            decimals={0}
            maxLength={10}
            suffix="JPY"
            required
            extra={t('sellingPrice.hint')}
          />
        </FormLayout>
      </div>
    </Modal>
  );
}

function toDay(value: string | null | undefined): Dayjs | null {
  if (!value) return null;
  const parsed = dayjs(value, DAY);
  return parsed.isValid() ? parsed : null;
}

/** The validity period (either end open) bound to specialFrom / specialTo. */
function PeriodField({ control }: { control: Control<EditSpecialPriceInput> }) {
  const { t } = useTranslation(['products', 'common', 'validation']);
  const from = useController({ control, name: 'specialFrom' });
  const to = useController({ control, name: 'specialTo' });
  const error = from.fieldState.error?.message ?? to.fieldState.error?.message;
  const help = error ? translateValidationMessage(t, error) : undefined;
  return (
    <Form.Item
      label={t('special.period')}
      htmlFor="field-specialPeriod"
      validateStatus={help ? 'error' : undefined}
      help={help}
      extra={t('special.periodHint')}
    >
      <DatePicker.RangePicker
        id={{ start: 'field-specialFrom', end: 'field-specialTo' }}
        allowEmpty={[true, true]}
        format={DAY}
        placeholder={[t('special.openStart'), t('special.openEnd')]}
        value={[toDay(from.field.value), toDay(to.field.value)]}
        onChange={(dates) => {
          const [start, end] = dates ?? [null, null];
          from.field.onChange(start ? start.format(DAY) : null);
          to.field.onChange(end ? end.format(DAY) : null);
        }}
        // Enter confirms a typed date; it must not also submit the dialog's form half-filled.
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
        status={help ? 'error' : undefined}
        style={{ width: '100%' }}
      />
    </Form.Item>
  );
}

const SPECIAL_FORM = 'product-special-price-form';

/**
 * PUT product/edit-special-price: a special price (whole JPY above the cost) with an optional
 * validity period; "Clear" removes the price and its period.
 */
export function SpecialPriceDialog({
  product,
  onClose,
}: {
  product: ProductDetail;
  onClose: () => void;
}) {
  const { t } = useTranslation(['products', 'common']);
  const queryClient = useQueryClient();
  const [unplaced, setUnplaced] = useState<string[]>([]);
  const form = useValibotForm(editSpecialPriceSchema, {
    defaultValues: {
      id: product.id,
      version: product.version,
      specialPriceJpy: product.specialPriceJpy,
      specialFrom: product.specialFrom,
      specialTo: product.specialTo,
    },
  });
  const versions = useVersionReload(product.id, (version) => form.setValue('version', version));
  const mutation = useMutation({ mutationFn: editSpecialPrice });
  const price = form.watch('specialPriceJpy');

  const save = async (values: EditSpecialPriceInput) => {
    setUnplaced([]);
    try {
      const saved = await mutation.mutateAsync(values);
      await refreshAfterSave(queryClient, saved);
      onClose();
    } catch (error) {
      const outcome = handleSaveError(error, form.setError, [
        'specialPriceJpy',
        'specialFrom',
        'specialTo',
      ]);
      versions.setConflict(outcome.conflict);
      setUnplaced(outcome.unplaced);
    }
  };

  const validated = form.handleSubmit(async (values) => {
    if (values.specialPriceJpy === null) {
      form.setError('specialPriceJpy', {
        type: 'validate',
        message: encodeMessage('required', { name: 'specialPrice' }),
      });
      return;
    }
    if (product.costJpy !== null && values.specialPriceJpy <= product.costJpy) {
      form.setError('specialPriceJpy', {
        type: 'validate',
        message: encodeMessage('sellingAboveCost'),
      });
      return;
    }
    if (values.specialTo && values.specialTo < dayjs().format(DAY)) {
      form.setError('specialTo', { type: 'validate', message: encodeMessage('dateNotPast') });
      return;
    }
    await save({
      ...values,
      specialFrom: values.specialFrom || null,
      specialTo: values.specialTo || null,
    });
  });
  const submit = (event?: FormEvent) => {
    // An emptied number field holds undefined; the contract's "no price" is null.
    if (form.getValues('specialPriceJpy') === undefined) form.setValue('specialPriceJpy', null);
    return validated(event);
  };

  const clear = () =>
    save({
      id: product.id,
      version: form.getValues('version'),
      specialPriceJpy: null,
      specialFrom: null,
      specialTo: null,
    });

  const inputRefused = useHasInputProblem(form.control);
  return (
    <Modal
      open
      title={t('specialPrice.title', { code: product.productCode })}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose} autoInsertSpace={false}>
          {t('common:actions.cancel')}
        </Button>,
        product.specialPriceJpy !== null && (
          <Button
            key="clear"
            danger
            onClick={() => void clear()}
            disabled={versions.conflict || mutation.isPending}
            autoInsertSpace={false}
          >
            {t('specialPrice.clear')}
          </Button>
        ),
        <Button
          key="save"
          type="primary"
          htmlType="submit"
          form={SPECIAL_FORM}
          loading={mutation.isPending}
          disabled={versions.conflict || inputRefused}
          autoInsertSpace={false}
        >
          {t('actions.save')}
        </Button>,
      ]}
    >
      <div data-testid="special-price-dialog">
        {versions.conflict && (
          <div style={{ marginBottom: 16 }}>
            <ProductConflictAlert
              onReload={() => void versions.reload()}
              reloading={versions.reloading}
            />
          </div>
        )}
        <CostBeside product={product} price={typeof price === 'number' ? price : null} />
        <ServerErrors messages={unplaced} />
        <FormLayout id={SPECIAL_FORM} onSubmit={(event) => void submit(event)}>
          <FormNumberField
            control={form.control}
            name="specialPriceJpy"
            label={t('common:fields.specialPrice')}
            decimals={0}
            maxLength={10}
            suffix="JPY"
            required
            extra={t('specialPrice.hint')}
          />
          <PeriodField control={form.control} />
        </FormLayout>
      </div>
    </Modal>
  );
}
